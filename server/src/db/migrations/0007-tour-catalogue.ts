import { sql, type Kysely, type Migration } from 'kysely';
import { durationMinutes } from '@tours-cms/contract';

/**
 * The public catalogue (/tours) filters and sorts published tours in SQL. `duration_minutes` is read from the
 * free-text duration when a post is saved (the duration filter needs a number); existing posts are read here.
 * The indexes serve the catalogue's orders (newest first, by price) within the published posts, and a
 * category's tours; a filter on top of them narrows what the index returns.
 */
export const tourCatalogueMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('posts').addColumn('duration_minutes', 'integer').execute();
    const { rows } = await sql<{ id: number; duration: string | null }>`SELECT id, duration FROM posts WHERE duration IS NOT NULL`.execute(db);
    for (const row of rows) {
      const minutes = durationMinutes(row.duration);
      if (minutes !== null) await sql`UPDATE posts SET duration_minutes = ${minutes} WHERE id = ${row.id}`.execute(db);
    }
    await sql`CREATE INDEX posts_catalogue_newest ON posts (status, created_at DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX posts_catalogue_price ON posts (status, price, id)`.execute(db);
    await sql`CREATE INDEX posts_catalogue_category ON posts (category_id, status, created_at DESC, id DESC)`.execute(db);
  },
};
