import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The admin's long lists paged on the server (issue 26): each page is `ORDER BY <sort>, id LIMIT n` after a cursor,
 * and without an index on that order every page read and sorted the whole table.
 *
 * Contacts (100,000 inquiries): newest or oldest first, all or one status. The (status, created_at, id) index also
 * counts one status, so it replaces contacts_status.
 */
export const listIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX contacts_list ON contacts (created_at, id)`.execute(db);
    await sql`CREATE INDEX contacts_list_status ON contacts (status, created_at, id)`.execute(db);
    await sql`DROP INDEX contacts_status`.execute(db);
  },
};
