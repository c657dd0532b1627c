import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The admin's long lists paged on the server (issue 26): each page is `ORDER BY <sort>, id LIMIT n` after a cursor,
 * and without an index on that order every page read and sorted the whole table.
 *
 * Contacts (100,000 inquiries): newest or oldest first, all or one status. The (status, created_at, id) index also
 * counts one status, so it replaces contacts_status.
 *
 * Media (50,000 files): newest or oldest first out of the trash, all or one folder. (trashed_at, folder, ...) also
 * lists the distinct folders of the live files from the index alone, in order; the two replace media_folder and
 * media_trashed (a prefix of both).
 *
 * Pages (10,000): newest or oldest first, or by title. A status filter walks the same indexes (a few statuses, each
 * a large share of the pages).
 */
export const listIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE INDEX contacts_list ON contacts (created_at, id)`.execute(db);
    await sql`CREATE INDEX contacts_list_status ON contacts (status, created_at, id)`.execute(db);
    await sql`DROP INDEX contacts_status`.execute(db);
    await sql`CREATE INDEX media_list ON media (trashed_at, created_at, id)`.execute(db);
    await sql`CREATE INDEX media_list_folder ON media (trashed_at, folder, created_at, id)`.execute(db);
    await sql`DROP INDEX media_folder`.execute(db);
    await sql`DROP INDEX media_trashed`.execute(db);
    await sql`CREATE INDEX pages_list ON pages (created_at, id)`.execute(db);
    await sql`CREATE INDEX pages_list_title ON pages (title, id)`.execute(db);
  },
};
