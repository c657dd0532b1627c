import { sql, type Kysely, type Migration } from 'kysely';
import { durationMinutes } from '@tours-cms/contract';

/**
 * The catalogue's duration filter reads durations written in the site's languages ("3 Stunden", "Demi-journée",
 * issue 30), as a post is saved. Posts saved before that whose duration was read as none get their minutes here,
 * so a German tour already on the site is filtered without being saved again.
 */
export const durationsInEveryLanguageMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{ id: number; duration: string }>`
      SELECT id, duration FROM posts WHERE duration_minutes IS NULL AND duration IS NOT NULL`.execute(db);
    for (const row of rows) {
      const minutes = durationMinutes(row.duration);
      if (minutes !== null) await sql`UPDATE posts SET duration_minutes = ${minutes} WHERE id = ${row.id}`.execute(db);
    }
  },
};
