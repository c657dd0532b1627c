import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * History (decisions §13): posts, pages and common components carry a `version` (1 on create, +1 on every save)
 * and who saved it last; every save keeps the version it replaced in `revisions`, a table of its own that lists
 * never read. A revision holds the item's fields as JSON, in the shape its input takes, so it can be compared
 * and restored. It names its item by type and id without a foreign key: history outlives a deleted item.
 */
export const revisionsMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const table of ['posts', 'pages', 'components']) {
      await db.schema
        .alterTable(table)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    }
    await d
      .addIdColumn(db.schema.createTable('revisions'))
      .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('saved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('saved_at', 'text', (c) => c.notNull())
      .execute();
    await sql`CREATE UNIQUE INDEX revisions_item_version ON revisions (item_type, item_id, version DESC)`.execute(db);
  },
});
