import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A tour's tags: one row per (post, tag), gone with either side. The primary key serves "the tags of a post";
 * the second index serves the catalogue's "the posts of a tag".
 */
export const postTagsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('post_tags')
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('post_tags_pkey', ['post_id', 'tag_id'])
      .execute();
    await sql`CREATE INDEX post_tags_by_tag ON post_tags (tag_id, post_id)`.execute(db);
  },
};
