import type { Kysely, Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * Redirects (issue 12): from a path of the site to a path or URL, permanent or temporary, with a hit count. The
 * server adds one when a published page or tour changes its slug (`automatic`); administrators manage them all.
 */
export const redirectsMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    await d
      .addIdColumn(db.schema.createTable('redirects'))
      .addColumn('from_path', 'varchar(2048)', (c) => c.notNull().unique())
      .addColumn('to', 'varchar(2048)', (c) => c.notNull())
      .addColumn('status_code', 'integer', (c) => c.notNull())
      .addColumn('hits', d.bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('redirects_to').on('redirects').column('to').execute();
  },
});
