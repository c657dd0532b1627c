import { mediaItemSchema, type MediaItem } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { MediaTable } from '../../db/tables.js';

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

/** Of the given paths, those that some media item names as its file or its thumbnail. */
export async function ownedPaths(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db.kysely
    .selectFrom('media')
    .select(['file_path', 'thumbnail_path'])
    .where((eb) => eb.or([eb('file_path', 'in', paths), eb('thumbnail_path', 'in', paths)]))
    .execute();
  return new Set(rows.flatMap((row) => [row.file_path, row.thumbnail_path]).filter((p): p is string => p !== null));
}
