import type { Kysely, Migration } from 'kysely';

/**
 * A departure's note in each of the site's other languages (issue 30): `departures.note` is the note in the site's
 * default language, which a language without a note of its own shows. No foreign key, as `departures` has none:
 * the departures' repository deletes a departure's notes with it.
 */
export const departureNotesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('departure_notes')
      .addColumn('departure_id', 'integer', (c) => c.notNull())
      .addColumn('language', 'varchar(16)', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('departure_notes_pkey', ['departure_id', 'language'])
      .execute();
  },
};
