import type { Insertable, Updateable } from 'kysely';
import type { Redirect } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { RedirectsTable } from '../../db/tables.js';

type RedirectRow = Omit<Redirect, 'automatic'> & { automatic: number };

function toRedirect(row: RedirectRow): Redirect {
  return { ...row, hits: Number(row.hits), automatic: row.automatic === 1 };
}

const COLUMNS = ['id', 'from_path', 'to', 'status_code', 'hits', 'automatic', 'created_at', 'updated_at'] as const;

export async function listRedirects(db: Db): Promise<Redirect[]> {
  return (await db.kysely.selectFrom('redirects').select(COLUMNS).orderBy('from_path').execute()).map(toRedirect);
}

export async function findRedirectById(db: Db, id: number): Promise<Redirect | undefined> {
  const row = await db.kysely.selectFrom('redirects').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toRedirect(row);
}

export async function findRedirectFrom(db: Db, fromPath: string): Promise<Redirect | undefined> {
  const row = await db.kysely
    .selectFrom('redirects')
    .select(COLUMNS)
    .where('from_path', '=', fromPath)
    .executeTakeFirst();
  return row && toRedirect(row);
}

/** Redirects that lead to this path (to repoint them, or to refuse a chain). */
export async function listRedirectsTo(db: Db, to: string): Promise<Redirect[]> {
  return (await db.kysely.selectFrom('redirects').select(COLUMNS).where('to', '=', to).execute()).map(toRedirect);
}

export async function insertRedirect(db: Db, row: Insertable<RedirectsTable>): Promise<number> {
  const { id } = await db.kysely.insertInto('redirects').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateRedirect(db: Db, id: number, changes: Updateable<RedirectsTable>): Promise<void> {
  await db.kysely.updateTable('redirects').set(changes).where('id', '=', id).execute();
}

export async function deleteRedirect(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('redirects').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteRedirectFrom(db: Db, fromPath: string): Promise<void> {
  await db.kysely.deleteFrom('redirects').where('from_path', '=', fromPath).execute();
}

export async function countHits(db: Db, id: number, hits: number): Promise<void> {
  await db.kysely
    .updateTable('redirects')
    .set((eb) => ({ hits: eb('hits', '+', hits) }))
    .where('id', '=', id)
    .execute();
}
