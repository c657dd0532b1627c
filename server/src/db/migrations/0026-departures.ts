import type { Kysely, Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';

/**
 * A tour's departures (issue 29): the days it runs, each with its own price and seats. `post_id` carries no foreign
 * key on purpose: a tour deleted into the trash leaves its row (it is put back under its own id on restore), and its
 * departures must wait for it there; they go when the trash entry is purged.
 */
export const departuresMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    await d
      .addIdColumn(db.schema.createTable('departures'))
      .addColumn('post_id', 'integer', (c) => c.notNull())
      .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('start_time', 'varchar(5)')
      .addColumn('price', 'numeric(12, 2)')
      .addColumn('seats_total', 'integer')
      .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .addColumn('note', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // A tour's departures in date order, from a day on.
    await db.schema.createIndex('departures_post_day').on('departures').columns(['post_id', 'starts_on']).execute();
  },
});
