import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { durationMinutes, tourSearchText } from '@tours-cms/contract';

/**
 * The public catalogue (/tours) filters and sorts published tours in SQL. Two columns are written when a post is
 * saved: `duration_minutes`, read from the free-text duration (the duration filter needs a number), and
 * `search_text`, the lower-cased text the search looks in; existing posts get them here. The indexes serve the
 * catalogue's orders (newest first, by price) within the published posts, a category's tours, the duration
 * filter and the count of tours per category of the filter form.
 */
export const tourCatalogueMigration = (d: DialectHelpers): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('posts').addColumn('duration_minutes', 'integer').execute();
    await db.schema.alterTable('posts').addColumn('search_text', 'text').execute();
    const { rows } = await sql<{
      id: number;
      title: string;
      duration: string | null;
      location: string | null;
      short_description: string | null;
    }>`
      SELECT id, title, duration, location, short_description FROM posts`.execute(db);
    for (const row of rows) {
      await sql`UPDATE posts SET duration_minutes = ${durationMinutes(row.duration)}, search_text = ${tourSearchText(row)} WHERE id = ${row.id}`.execute(
        db,
      );
    }
    await sql`CREATE INDEX posts_catalogue_newest ON posts (status, created_at DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX posts_catalogue_price ON posts (status, price, id)`.execute(db);
    await sql`CREATE INDEX posts_catalogue_category ON posts (category_id, status, created_at DESC, id DESC)`.execute(
      db,
    );
    await sql`CREATE INDEX posts_catalogue_duration ON posts (status, duration_minutes)`.execute(db);
    await sql`CREATE INDEX posts_catalogue_facets ON posts (status, category_id)`.execute(db);
    // SQLite keeps a row's columns together, and these new ones come after the content (kilobytes of HTML, in
    // overflow pages): a search would read every tour's content to reach them. An index holding the search text
    // is scanned instead. PostgreSQL keeps large values apart (TOAST), so its table scan is already cheap, and
    // its B-tree entries are limited in size.
    if (d.name === 'sqlite') await sql`CREATE INDEX posts_catalogue_search ON posts (status, search_text)`.execute(db);
  },
});
