import type { Insertable } from 'kysely';
import { contactSchema, type Contact, type ContactStatus } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { ContactsTable } from '../../db/tables.js';

// The contract's fields only: the sender's address stays in the database.
const CONTACT_COLUMNS = contactSchema.keyof().options;

export async function listContacts(db: Db): Promise<Contact[]> {
  return db.kysely.selectFrom('contacts').select(CONTACT_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function findContactById(db: Db, id: number): Promise<Contact | undefined> {
  return db.kysely.selectFrom('contacts').select(CONTACT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertContact(db: Db, row: Insertable<ContactsTable>): Promise<Contact> {
  const { id } = await db.kysely.insertInto('contacts').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findContactById(db, id))!;
}

/** Returns false when no contact has this id. */
export async function updateContactStatus(db: Db, id: number, status: ContactStatus, updatedAt: string): Promise<boolean> {
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

export async function countContacts(db: Db, status?: ContactStatus): Promise<number> {
  let query = db.kysely.selectFrom('contacts').select((eb) => eb.fn.countAll<number>().as('count'));
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).count);
}
