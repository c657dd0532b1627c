import type { Insertable, Updateable } from 'kysely';
import {
  mediaItemSchema,
  type ListPage,
  type MediaItem,
  type MediaListItem,
  type MediaListQuery,
  type MediaUse,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { contains, countRows, keysetSort, pageRows, toListPage } from '../../list-paging.js';
import type { MediaTable, MediaUsageTable } from '../../db/tables.js';
import { variantOwnerThumbnail } from '../../media/image-variants.js';

// The contract's fields only: who uploaded a file stays in the database.
const MEDIA_COLUMNS = mediaItemSchema.keyof().options;

/** Media items not in the trash: the only ones the library, the editors and the site see. */
function live(db: Db) {
  return db.kysely.selectFrom('media').where('media.trashed_at', 'is', null);
}

/** Newest first, as the library shows them, each with how many items use it (one grouped count, not one per item). */
export async function listMedia(db: Db): Promise<MediaListItem[]> {
  const rows = await live(db)
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('media_usage')
          .select(['media_id', (count) => count.fn.countAll<number>().as('uses')])
          .groupBy('media_id')
          .as('usage'),
      (join) => join.onRef('usage.media_id', '=', 'media.id'),
    )
    .select(MEDIA_COLUMNS.map((column) => `media.${column}` as const))
    .select('usage.uses')
    .orderBy('media.created_at', 'desc')
    .orderBy('media.id', 'desc')
    .execute();
  return rows.map(({ uses, ...item }) => ({ ...item, usage_count: Number(uses ?? 0) }));
}

/**
 * One page of the library, searched (original name) and filtered by folder or file path on the server, newest or
 * oldest first.
 * Each item's use count is counted for the page's items alone (the media_usage_media index).
 */
export async function listMediaPage(db: Db, query: MediaListQuery): Promise<ListPage<MediaListItem>> {
  const sort = keysetSort(query.sort);
  const filtered = live(db)
    .$if(query.folder !== undefined, (qb) => qb.where('media.folder', '=', query.folder!))
    .$if(query.path !== undefined, (qb) => qb.where('media.file_path', '=', query.path!))
    .$if(query.q !== undefined, (qb) => qb.where(contains(db, 'media.original_name', query.q!)));
  const [rows, total] = await Promise.all([
    pageRows(
      filtered.select(MEDIA_COLUMNS.map((column) => `media.${column}` as const)).select((eb) =>
        eb
          .selectFrom('media_usage')
          .select((count) => count.fn.countAll<number | string>().as('uses'))
          .whereRef('media_usage.media_id', '=', 'media.id')
          .as('uses'),
      ),
      sort,
      query.cursor,
      query.limit,
      'media',
    ).execute(),
    countRows(filtered),
  ]);
  const page = toListPage('media', query.sort, sort, rows, query.limit, total);
  return { ...page, items: page.items.map(({ uses, ...item }) => ({ ...item, usage_count: Number(uses ?? 0) })) };
}

/** The folders that hold a file out of the trash (read from the media_list_folder index alone). */
export async function listMediaFolders(db: Db): Promise<string[]> {
  const rows = await live(db).select('media.folder').distinct().where('media.folder', 'is not', null).execute();
  return rows.map((row) => row.folder!);
}

export async function findMediaById(db: Db, id: number): Promise<MediaItem | undefined> {
  return live(db).select(MEDIA_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** An item whatever its state, with what the trash and a file replacement need. */
export async function findStoredMedia(db: Db, id: number) {
  return db.kysely
    .selectFrom('media')
    .select([...MEDIA_COLUMNS, 'variants', 'trashed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateMedia(db: Db, id: number, changes: Updateable<MediaTable>): Promise<boolean> {
  const result = await db.kysely.updateTable('media').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * True when one of these paths is the file or thumbnail of an item in the trash (few rows: media_list, which starts
 * with trashed_at).
 */
export async function isTrashedPath(db: Db, paths: string[]): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('media')
    .select('id')
    .where('trashed_at', 'is not', null)
    .where((eb) => eb.or([eb('file_path', 'in', paths), eb('thumbnail_path', 'in', paths)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Puts a live item in the trash (true), or finds it gone or already there (false). */
export async function trashMedia(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('media')
    .set({ trashed_at: at })
    .where('id', '=', id)
    .where('trashed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes an item out of the trash (true), or finds it not there (false). */
export async function untrashMedia(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely
    .updateTable('media')
    .set({ trashed_at: null })
    .where('id', '=', id)
    .where('trashed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The ids of the media items, trashed or not, whose file or thumbnail is one of these paths. */
export async function findIdsByPath(db: Db, paths: string[]): Promise<number[]> {
  if (paths.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('media')
    .select('id')
    .where((eb) => eb.or([eb('file_path', 'in', paths), eb('thumbnail_path', 'in', paths)]))
    .execute();
  return rows.map((row) => row.id);
}

/** The images among these ids that are out of the trash, with what a page needs to show them. */
export async function findImagesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return live(db)
    .select(['id', 'file_path', 'thumbnail_path', 'alt_text', 'width', 'height'])
    .where('id', 'in', ids)
    .where('mime_type', 'like', 'image/%')
    .execute();
}

/** Which of these ids are media items. */
export async function existingIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.kysely.selectFrom('media').select('id').where('id', 'in', ids).execute()).map((row) => row.id);
}

/** Replaces what an item uses: its rows of media_usage become these. */
export async function replaceUsage(
  db: Db,
  itemType: MediaUsageTable['item_type'],
  itemId: number,
  mediaIds: number[],
): Promise<void> {
  await db.kysely.deleteFrom('media_usage').where('item_type', '=', itemType).where('item_id', '=', itemId).execute();
  if (mediaIds.length)
    await db.kysely
      .insertInto('media_usage')
      .values(mediaIds.map((media_id) => ({ media_id, item_type: itemType, item_id: itemId })))
      .execute();
}

/** The tours, pages and common components that use an item, with their titles, in that order. */
export async function listUses(db: Db, mediaId: number): Promise<MediaUse[]> {
  const uses = db.kysely.selectFrom('media_usage').where('media_usage.media_id', '=', mediaId);
  const [posts, pages, components] = await Promise.all([
    uses
      .innerJoin('posts', (join) =>
        join.onRef('posts.id', '=', 'media_usage.item_id').on('media_usage.item_type', '=', 'post'),
      )
      .select(['posts.id as item_id', 'posts.title'])
      .orderBy('posts.title')
      .execute(),
    uses
      .innerJoin('pages', (join) =>
        join.onRef('pages.id', '=', 'media_usage.item_id').on('media_usage.item_type', '=', 'page'),
      )
      .select(['pages.id as item_id', 'pages.title'])
      .orderBy('pages.title')
      .execute(),
    uses
      .innerJoin('components', (join) =>
        join.onRef('components.id', '=', 'media_usage.item_id').on('media_usage.item_type', '=', 'component'),
      )
      .select(['components.id as item_id', 'components.name as title'])
      .orderBy('components.name')
      .execute(),
  ]);
  return [
    ...posts.map((use) => ({ ...use, item_type: 'post' as const })),
    ...pages.map((use) => ({ ...use, item_type: 'page' as const })),
    ...components.map((use) => ({ ...use, item_type: 'component' as const })),
  ];
}

export async function insertMedia(db: Db, row: Insertable<MediaTable>): Promise<MediaItem> {
  const { id } = await db.kysely.insertInto('media').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findMediaById(db, id))!;
}

/** True when a row was deleted. */
export async function deleteMedia(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('media').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Of the given paths, those that some media item names as its file or its thumbnail, and the image variants of an
 * item (`<name>.w960.avif` belongs to the item whose thumbnail is `<name>.thumb.webp`).
 */
export async function ownedPaths(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const owners = new Map(paths.map((path) => [path, variantOwnerThumbnail(path)]));
  const thumbnails = [
    ...new Set([...paths, ...[...owners.values()].filter((owner): owner is string => owner !== null)]),
  ];
  const rows = await db.kysely
    .selectFrom('media')
    .select(['file_path', 'thumbnail_path'])
    .where((eb) => eb.or([eb('file_path', 'in', paths), eb('thumbnail_path', 'in', thumbnails)]))
    .execute();
  const owned = new Set(
    rows.flatMap((row) => [row.file_path, row.thumbnail_path]).filter((p): p is string => p !== null),
  );
  for (const [path, owner] of owners) if (owner && owned.has(owner)) owned.add(path);
  return owned;
}

/** What a page needs to send an image at the right size: its size and its variants' state. */
export interface ImageSizes {
  file_path: string;
  width: number | null;
  height: number | null;
  variants: string | null;
}

/** The images among the given file paths, with their sizes and variants. */
export async function findImagesByPath(db: Db, paths: string[]): Promise<ImageSizes[]> {
  if (paths.length === 0) return [];
  return live(db)
    .select(['file_path', 'width', 'height', 'variants'])
    .where('file_path', 'in', paths)
    .where('mime_type', 'like', 'image/%')
    .execute();
}

/** The state of an item's variants, or undefined when the item is gone. */
export async function findVariants(
  db: Db,
  id: number,
): Promise<
  { original_name: string; file_path: string; thumbnail_path: string | null; variants: string | null } | undefined
> {
  return db.kysely
    .selectFrom('media')
    .select(['original_name', 'file_path', 'thumbnail_path', 'variants'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Claims one image whose variants are not made (or whose maker stopped before `staleBefore`) for this node:
 * the claim is a conditional update, so of several nodes only one makes an image's variants.
 */
export async function claimImageWithoutVariants(
  db: Db,
  pending: string,
  staleBefore: string,
): Promise<{ id: number; file_path: string; width: number | null } | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = await live(db)
      .select(['id', 'file_path', 'width', 'variants'])
      .where('mime_type', 'like', 'image/%')
      .where((eb) =>
        eb.or([
          eb('variants', 'is', null),
          eb.and([eb('variants', 'like', 'pending:%'), eb('variants', '<', staleBefore)]),
        ]),
      )
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    const claimed = await db.kysely
      .updateTable('media')
      .set({ variants: pending })
      .where('id', '=', candidate.id)
      .where((eb) =>
        candidate.variants === null ? eb('variants', 'is', null) : eb('variants', '=', candidate.variants),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1)
      return { id: candidate.id, file_path: candidate.file_path, width: candidate.width };
  }
  return undefined;
}

/** Records an item's variants as made (or failed), if it still holds this node's claim; false when it does not. */
export async function recordVariants(db: Db, id: number, pending: string, variants: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('media')
    .set({ variants })
    .where('id', '=', id)
    .where('variants', '=', pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
