import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Fixes from the security review (issue 13).
 *
 * - `contacts.sender_key`: who the inquiry throttle counts an inquiry against (the address, or its /64 for IPv6:
 *   see client-key.ts), indexed with the time so that the check reads a handful of index entries instead of
 *   scanning every inquiry. Older inquiries count against their stored address.
 */
export const securityReviewMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('contacts').addColumn('sender_key', 'varchar(64)').execute();
    await sql`UPDATE contacts SET sender_key = ip_address`.execute(db);
    await db.schema.createIndex('contacts_sender').on('contacts').columns(['sender_key', 'created_at']).execute();
  },
};
