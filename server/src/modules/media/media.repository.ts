import { mediaItemSchema, type MediaItem } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { MediaTable } from '../../db/tables.js';
import { variantOwnerThumbnail } from '../../media/image-variants.js';

// The contract's fields only: who uploaded a file stays in the database.
const MEDIA_COLUMNS = mediaItemSchema.keyof().options;
import type { Insertable } from 'kysely';

/** Newest first, as the library shows them. */
export async function listMedia(db: Db): Promise<MediaItem[]> {
  return db.kysely.selectFrom('media').select(MEDIA_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function findMediaById(db: Db, id: number): Promise<MediaItem | undefined> {
  return db.kysely.selectFrom('media').select(MEDIA_COLUMNS).where('id', '=', id).executeTakeFirst();
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
  const thumbnails = [...new Set([...paths, ...[...owners.values()].filter((owner): owner is string => owner !== null)])];
  const rows = await db.kysely
    .selectFrom('media')
    .select(['file_path', 'thumbnail_path'])
    .where((eb) => eb.or([eb('file_path', 'in', paths), eb('thumbnail_path', 'in', thumbnails)]))
    .execute();
  const owned = new Set(rows.flatMap((row) => [row.file_path, row.thumbnail_path]).filter((p): p is string => p !== null));
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
  return db.kysely
    .selectFrom('media')
    .select(['file_path', 'width', 'height', 'variants'])
    .where('file_path', 'in', paths)
    .where('mime_type', 'like', 'image/%')
    .execute();
}

/** The state of an item's variants, or undefined when the item is gone. */
export async function findVariants(db: Db, id: number): Promise<{ original_name: string; file_path: string; thumbnail_path: string | null; variants: string | null } | undefined> {
  return db.kysely.selectFrom('media').select(['original_name', 'file_path', 'thumbnail_path', 'variants']).where('id', '=', id).executeTakeFirst();
}

/**
 * Claims one image whose variants are not made (or whose maker stopped before `staleBefore`) for this node:
 * the claim is a conditional update, so of several nodes only one makes an image's variants.
 */
export async function claimImageWithoutVariants(db: Db, pending: string, staleBefore: string): Promise<{ id: number; file_path: string; width: number | null } | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = await db.kysely
      .selectFrom('media')
      .select(['id', 'file_path', 'width', 'variants'])
      .where('mime_type', 'like', 'image/%')
      .where((eb) => eb.or([eb('variants', 'is', null), eb.and([eb('variants', 'like', 'pending:%'), eb('variants', '<', staleBefore)])]))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    const claimed = await db.kysely
      .updateTable('media')
      .set({ variants: pending })
      .where('id', '=', candidate.id)
      .where((eb) => (candidate.variants === null ? eb('variants', 'is', null) : eb('variants', '=', candidate.variants)))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) return { id: candidate.id, file_path: candidate.file_path, width: candidate.width };
  }
  return undefined;
}

/** Records an item's variants as made (or failed), if it still holds this node's claim; false when it does not. */
export async function recordVariants(db: Db, id: number, pending: string, variants: string): Promise<boolean> {
  const result = await db.kysely.updateTable('media').set({ variants }).where('id', '=', id).where('variants', '=', pending).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
