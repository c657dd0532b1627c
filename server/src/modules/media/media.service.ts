import { ACCEPTED_MEDIA_TYPES, type MediaItem, type MediaSettings, ACCEPTED_MEDIA_EXTENSIONS } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import type { MediaRow } from '../../db/tables.js';
import { notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { signatureMatches } from '../../media/file-check.js';
import { makeThumbnail, UnreadableImageError } from '../../media/thumbnails.js';
import type { ReceivedUpload } from './media-upload.js';
import { unsupportedType } from './media-upload.js';
import * as repo from './media.repository.js';

export function toMediaItem(row: MediaRow): MediaItem {
  return {
    id: row.id,
    original_name: row.original_name,
    file_path: row.file_path,
    thumbnail_path: row.thumbnail_path,
    mime_type: row.mime_type,
    file_size: Number(row.file_size),
    width: row.width,
    height: row.height,
    folder: row.folder,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listMedia({ db }: AppContext): Promise<MediaItem[]> {
  return (await repo.listMedia(db)).map(toMediaItem);
}

export async function getMedia({ db }: AppContext, id: number): Promise<MediaItem> {
  const row = await repo.findMediaById(db, id);
  if (!row) throw notFound('Media file');
  return toMediaItem(row);
}

export function mediaSettings({ config }: AppContext): MediaSettings {
  return { max_upload_bytes: config.maxUploadBytes, accepted_extensions: ACCEPTED_MEDIA_EXTENSIONS };
}

/**
 * Turns a received upload into a media item (decisions §6): the bytes must carry the signature of their
 * extension, images must decode (they get their size and a WebP thumbnail), and only then does the file
 * take its final name and the row appear. Any failure removes every file of the upload.
 */
export async function storeUpload({ db, mediaStorage: storage }: AppContext, upload: ReceivedUpload, userId: number): Promise<MediaItem> {
  const { mime, kind } = ACCEPTED_MEDIA_TYPES[upload.extension];
  const thumbnailPath = kind === 'image' ? storage.thumbnailPathOf(upload.filePath) : null;
  try {
    if (upload.extension !== 'txt' && !(await signatureMatches(upload.stagedPath, upload.extension))) {
      throw unsupportedType(`The file's contents are not a .${upload.extension} file`);
    }
    let size: { width: number | null; height: number | null } = { width: null, height: null };
    if (thumbnailPath) {
      try {
        size = await makeThumbnail(upload.stagedPath, storage.absolutePath(thumbnailPath));
      } catch (error) {
        if (error instanceof UnreadableImageError) throw unsupportedType('The image could not be read');
        throw error;
      }
    }
    await storage.commit(upload.filePath);
    const now = nowIso();
    const row = await repo.insertMedia(db, {
      original_name: upload.originalName,
      file_path: upload.filePath,
      thumbnail_path: thumbnailPath,
      mime_type: mime,
      file_size: upload.size,
      width: size.width,
      height: size.height,
      folder: upload.folder,
      uploaded_by: userId,
      created_at: now,
      updated_at: now,
    });
    return toMediaItem(row);
  } catch (error) {
    await storage.remove(upload.filePath, thumbnailPath);
    throw error;
  }
}

/** Removes the row, then its files: a file left by a failed removal is harmless, a row without its file is not. */
export async function deleteMedia({ db, mediaStorage: storage }: AppContext, id: number): Promise<void> {
  const row = await repo.findMediaById(db, id);
  if (!row || !(await repo.deleteMedia(db, id))) throw notFound('Media file');
  await storage.remove(row.file_path, row.thumbnail_path);
}
