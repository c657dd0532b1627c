import type { Kysely, Migration } from 'kysely';

/** A tour's featured image: a media item, left empty when the item is deleted. */
export const postFeaturedImageMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('posts')
      .addColumn('featured_image_id', 'integer', (c) => c.references('media.id').onDelete('set null'))
      .execute();
  },
};
