import type { Kysely, Migration } from 'kysely';

/**
 * Responsive images (issue 15): `media.variants` records an image's resized copies. Null: not made yet (every
 * image uploaded before this migration, and a new upload until the background job reaches it); `pending:<ISO
 * time>`: a node is making them; `480,960,1600`: the widths made, each in AVIF and WebP, stored beside the original;
 * `failed`: the image could not be resized (it is sent as it is).
 */
export const imageVariantsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('media').addColumn('variants', 'varchar(64)').execute();
  },
};
