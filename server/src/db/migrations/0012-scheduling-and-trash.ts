import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Scheduled publishing and the trash (issue 12, decisions §13).
 *
 * - Posts and pages gain `publish_at` (UTC, ISO 8601): set only while the status is `scheduled`. The scheduler
 *   finds due items through the (status, publish_at) index, so its poll never scans a table; the posts list's
 *   covering index is rebuilt with the column, since the list shows it.
 * - Settings gain the site's time zone (how the admin shows and reads a 'Publish at') and how many versions of
 *   each item to keep (null: all of them).
 * - `trash` holds a deleted post, page or component whole (its row and its tags, as JSON) for 30 days: a restore
 *   puts it back under its own id; its history stays in `revisions`, which never had a foreign key to the item.
 */
export const schedulingAndTrashMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const table of ['posts', 'pages']) {
      await db.schema.alterTable(table).addColumn('publish_at', 'text').execute();
      await db.schema.createIndex(`${table}_scheduled`).on(table).columns(['status', 'publish_at']).execute();
    }
    // GET /posts/ now answers publish_at too: the list's covering index (0002) takes it, or every row of the list
    // would be looked up in the table, content and all.
    await sql`DROP INDEX posts_list`.execute(db);
    await sql`CREATE INDEX posts_list ON posts (created_at DESC, id DESC, title, slug, status, category_id, publish_at)`.execute(
      db,
    );
    await db.schema
      .alterTable('settings')
      .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
      .execute();
    await db.schema.alterTable('settings').addColumn('revisions_keep', 'integer').execute();
    await d
      .addIdColumn(db.schema.createTable('trash'))
      .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('deleted_at', 'text', (c) => c.notNull())
      .execute();
    await sql`CREATE UNIQUE INDEX trash_item ON trash (item_type, item_id)`.execute(db);
    await db.schema.createIndex('trash_deleted_at').on('trash').column('deleted_at').execute();
  },
});
