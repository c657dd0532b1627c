import type { Kysely, Migration } from 'kysely';

// Frozen here on purpose (a migration never changes): the rule uploadPathsIn had when this one landed.
const UPLOAD_PATH = /(?<![A-Za-z0-9_.-])uploads(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+/g;
function pathsIn(text: string | null): string[] {
  if (!text) return [];
  return [...text.matchAll(UPLOAD_PATH)].map((match) => {
    const path = match[0].replace(/\.+$/, '');
    const variant = /^(.+)\.w[1-9]\d{0,4}\.(?:avif|webp)$/.exec(path);
    return variant ? `${variant[1]}.thumb.webp` : path;
  });
}

const BATCH = 500;

/**
 * Media in use and the media trash (issue 31): `media_usage` says which tours, pages and common components use
 * each media item (kept by every save); `media.trashed_at` marks an item deleted into the trash, which keeps its
 * row and files for 30 days so it comes back whole. The usage of the content already saved is read here once.
 */
export const mediaUsageAndTrashMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('media').addColumn('trashed_at', 'text').execute();
    // Files are served only for items out of the trash: the check reads the (few) trashed rows from this index.
    await db.schema.createIndex('media_trashed').on('media').columns(['trashed_at']).execute();
    // A save finds the items its HTML links by path, and the site its images' sizes: by index, not a scan of the library.
    await db.schema.createIndex('media_file_path').on('media').columns(['file_path']).execute();
    await db.schema.createIndex('media_thumbnail_path').on('media').columns(['thumbnail_path']).execute();
    await db.schema
      .createTable('media_usage')
      .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
      .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('media_usage_pk', ['item_type', 'item_id', 'media_id'])
      .execute();
    await db.schema.createIndex('media_usage_media').on('media_usage').columns(['media_id']).execute();

    const anyDb = db as Kysely<Record<string, Record<string, unknown>>>;
    const media = (await anyDb.selectFrom('media').select(['id', 'file_path', 'thumbnail_path']).execute()) as {
      id: number;
      file_path: string;
      thumbnail_path: string | null;
    }[];
    if (media.length === 0) return;
    const known = new Set(media.map((item) => item.id));
    const byPath = new Map<string, number>();
    for (const item of media) {
      byPath.set(item.file_path, item.id);
      if (item.thumbnail_path) byPath.set(item.thumbnail_path, item.id);
    }
    const sources = [
      { table: 'posts', type: 'post', text: ['content', 'excerpt', 'short_description'], image: 'featured_image_id' },
      { table: 'pages', type: 'page', text: ['content', 'featured_image_url'], image: 'featured_image_id' },
      { table: 'components', type: 'component', text: ['content'], image: null },
    ] as const;
    for (const source of sources) {
      for (let lastId = 0; ;) {
        const rows = (await anyDb
          .selectFrom(source.table)
          .select(['id', ...source.text, ...(source.image ? [source.image] : [])])
          .where('id', '>', lastId)
          .orderBy('id')
          .limit(BATCH)
          .execute()) as Record<string, unknown>[];
        if (rows.length === 0) break;
        lastId = Number(rows[rows.length - 1]!.id);
        const uses: { media_id: number; item_type: string; item_id: number }[] = [];
        for (const row of rows) {
          const ids = new Set<number>();
          if (source.image && typeof row[source.image] === 'number') ids.add(row[source.image] as number);
          for (const column of source.text)
            for (const path of pathsIn(row[column] as string | null)) if (byPath.has(path)) ids.add(byPath.get(path)!);
          for (const mediaId of ids)
            if (known.has(mediaId)) uses.push({ media_id: mediaId, item_type: source.type, item_id: Number(row.id) });
        }
        if (uses.length) await anyDb.insertInto('media_usage').values(uses).execute();
      }
    }
  },
};
