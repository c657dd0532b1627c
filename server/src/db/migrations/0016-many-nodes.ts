import type { Kysely, Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * What several app processes on one database share (issue 14, decisions §15).
 *
 * - `throttle_hits`: the failed sign-ins (and registrations) of each key, so that a limit holds whichever node a
 *   guess reaches. Rows older than their window are pruned on a timer. (SQLite keeps counting in memory: it
 *   means one process.)
 * - `job_runs`: when each periodic job last ran, so that a job due every hour runs once an hour across all the
 *   nodes: a node runs it only if its conditional update claims the slot.
 */
export const manyNodesMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    await d
      .addIdColumn(db.schema.createTable('throttle_hits'))
      .addColumn('scope', 'varchar(32)', (c) => c.notNull())
      .addColumn('key', 'varchar(255)', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('throttle_hits_key').on('throttle_hits').columns(['scope', 'key', 'at']).execute();
    await db.schema.createIndex('throttle_hits_at').on('throttle_hits').column('at').execute();
    await db.schema
      .createTable('job_runs')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('last_run_at', 'text', (c) => c.notNull())
      .execute();
  },
});
