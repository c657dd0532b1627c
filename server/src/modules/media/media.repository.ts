import type { Db } from '../../db/dialect.js';
import type { MediaRow, MediaTable } from '../../db/tables.js';
import type { Insertable } from 'kysely';

/** Newest first, as the library shows them. */
export async function listMedia(db: Db): Promise<MediaRow[]> {
  return db.kysely.selectFrom('media').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function findMediaById(db: Db, id: number): Promise<MediaRow | undefined> {
  return db.kysely.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertMedia(db: Db, row: Insertable<MediaTable>): Promise<MediaRow> {
  const { id } = await db.kysely.insertInto('media').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findMediaById(db, id))!;
}

/** True when a row was deleted. */
export async function deleteMedia(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('media').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
