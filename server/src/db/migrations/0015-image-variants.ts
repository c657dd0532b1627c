import type { Kysely, Migration } from 'kysely';

/**
 * The public site's speed (issue 15).
 *
 * - `media.variants` records an image's resized copies. Null: not made yet (every image uploaded before this
 *   migration, and a new upload until the background job reaches it); `pending:<ISO time>`: a node is making them;
 *   `480,960,1600`: the widths made, each in AVIF and WebP, stored beside the original; `failed`: the image could not
 *   be resized (it is sent as it is).
 * - `posts_published_versions` and `pages_published_versions`: the compiled stylesheet lists every published item's
 *   id and version after each change, to read again only what changed; covering indexes make that list a read of
 *   the index (10,000 tours: a few milliseconds instead of a scan of every row's content).
 */
export const imageVariantsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('media').addColumn('variants', 'varchar(64)').execute();
    await db.schema.createIndex('posts_published_versions').on('posts').columns(['status', 'id', 'version']).execute();
    await db.schema.createIndex('pages_published_versions').on('pages').columns(['status', 'id', 'version']).execute();
  },
};
