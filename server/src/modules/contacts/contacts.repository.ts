import type { Db } from '../../db/dialect.js';
import type { ContactRow, ContactsTable } from '../../db/tables.js';
import type { Insertable } from 'kysely';

export async function listContacts(db: Db): Promise<ContactRow[]> {
  return db.kysely.selectFrom('contacts').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function findContactById(db: Db, id: number): Promise<ContactRow | undefined> {
  return db.kysely.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertContact(db: Db, row: Insertable<ContactsTable>): Promise<ContactRow> {
  const { id } = await db.kysely.insertInto('contacts').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findContactById(db, id))!;
}

/** Returns false when no contact has this id. */
export async function updateContactStatus(db: Db, id: number, status: string, updatedAt: string): Promise<boolean> {
  const result = await db.kysely.updateTable('contacts').set({ status, updated_at: updatedAt }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Returns false when no contact has this id. */
export async function deleteContact(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('contacts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * When the inquiries sent from one address since `since` were stored, newest first, at most `limit` of them.
 * ISO timestamps compare as text, so the same query runs on both databases.
 */
export async function recentContactTimesFrom(db: Db, ipAddress: string, since: string, limit: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('contacts')
    .select('created_at')
    .where('ip_address', '=', ipAddress)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.created_at);
}
