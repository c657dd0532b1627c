import {
  ACCEPTED_MEDIA_EXTENSIONS,
  ACCEPTED_MEDIA_TYPES,
  mediaKind,
  type FeaturedImage,
  type MediaItem,
  type MediaSettings,
} from '@tours-cms/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import { invalidField, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { signatureMatches } from '../../media/file-check.js';
import type { MediaStorage } from '../../media/storage.js';
import { displayWidth, makeImageVariants, VARIANT_MIME, variantPath, variantPaths, variantWidths } from '../../media/image-variants.js';
import { ImageTooLargeError, makeThumbnail, UnreadableImageError } from '../../media/thumbnails.js';
import type { SiteChanges } from '../../public-site/site-changes.js';
import type { ReceivedUpload } from './media-upload.js';
import { storageFailure, unsupportedType } from './media-upload.js';
import type { Actor } from '../../actor.js';
import { inTransaction } from '../../db/transaction.js';
import type { ActivityService } from '../activity/activity.service.js';
import * as repo from './media.repository.js';

/** A file younger than this may belong to an upload still being recorded: the orphan sweep leaves it alone. */
export const ORPHAN_GRACE_MS = 3_600_000;
/** A claim on an image's variants older than this was left by a node that stopped: another may take it. */
export const VARIANT_CLAIM_STALE_MS = 10 * 60_000;

/** An image as a page sends it: its size, and the widths of its variants (empty until they are made, or if they failed). */
export interface ResponsiveImageData {
  file_path: string;
  width: number | null;
  height: number | null;
  widths: number[];
  /** True while the variants are not made yet: the background job will make them. */
  pending: boolean;
}

/** What one run of the variants job did: made an image's variants, failed to, or found none to make. */
export type VariantOutcome = { id: number; widths: number[] } | { id: number; error: unknown; willRetry: boolean } | null;

/** The widths recorded in `media.variants`, or none. */
function widthsOf(variants: string | null): number[] {
  return variants && /^\d+(,\d+)*$/.test(variants) ? variants.split(',').map(Number) : [];
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export interface MediaDeps {
  db: Db;
  config: Pick<Config, 'maxUploadBytes'>;
  storage: MediaStorage;
  siteChanges: SiteChanges;
  activity: ActivityService;
}

/** The media library: uploaded files, their checks, thumbnails and removal. */
export function createMediaService({ db, config, storage, siteChanges, activity }: MediaDeps) {
  async function get(id: number): Promise<MediaItem> {
    const item = await repo.findMediaById(db, id);
    if (!item) throw notFound('Media file');
    return item;
  }

  return {
    /** Where uploads are staged; the HTTP layer streams a request's file into it (media-upload.ts). */
    storage,

    list: (): Promise<MediaItem[]> => repo.listMedia(db),

    get,

    settings: (): MediaSettings => ({ max_upload_bytes: config.maxUploadBytes, accepted_extensions: ACCEPTED_MEDIA_EXTENSIONS }),

    /** The image behind a featured_image_id, or null when there is none (or it is gone). */
    async findFeaturedImage(id: number | null): Promise<FeaturedImage | null> {
      if (id === null) return null;
      const item = await repo.findMediaById(db, id);
      if (!item) return null;
      const { id: mediaId, original_name, file_path, thumbnail_path, mime_type, width, height } = item;
      return { id: mediaId, original_name, file_path, thumbnail_path, mime_type, width, height };
    },

    /** A featured image chosen from the library must exist and be an image (422 naming the field otherwise). */
    async assertImage(id: number | null, field: string): Promise<void> {
      if (id === null) return;
      const item = await repo.findMediaById(db, id);
      if (!item) throw invalidField(field, `Media file ${id} does not exist`);
      if (mediaKind(item.mime_type) !== 'image') throw invalidField(field, 'The featured image must be an image file');
    },

    /**
     * Turns a received upload into a media item: the bytes must carry the signature of their extension, images
     * must decode (they get their size and a WebP thumbnail), and only then does the file take its final name and
     * the row appear. Any failure removes every file of the upload.
     */
    async store(upload: ReceivedUpload, actor: Actor): Promise<MediaItem> {
      const { mime, kind } = ACCEPTED_MEDIA_TYPES[upload.extension];
      const thumbnailPath = kind === 'image' ? storage.thumbnailPathOf(upload.filePath) : null;
      try {
        if (upload.extension !== 'txt' && !(await signatureMatches(upload.stagedPath, upload.extension))) {
          throw unsupportedType(`The file's contents are not a .${upload.extension} file`);
        }
        let size: { width: number | null; height: number | null } = { width: null, height: null };
        if (thumbnailPath) {
          try {
            const thumbnail = await makeThumbnail(upload.stagedPath);
            size = thumbnail;
            await storage.put(thumbnailPath, thumbnail.preview, 'image/webp');
          } catch (error) {
            if (error instanceof UnreadableImageError) throw unsupportedType('The image could not be read');
            if (error instanceof ImageTooLargeError) throw invalidField('file', error.message);
            throw storageFailure(error) ?? error;
          }
        }
        await storage.commit(upload.filePath, mime).catch((error: unknown) => {
          throw storageFailure(error) ?? error;
        });
        const now = nowIso();
        const item = await inTransaction(db, async (tx) => {
          const inserted = await repo.insertMedia(tx, {
            original_name: upload.originalName,
            file_path: upload.filePath,
            thumbnail_path: thumbnailPath,
            mime_type: mime,
            file_size: upload.size,
            width: size.width,
            height: size.height,
            folder: upload.folder,
            uploaded_by: actor.id,
            created_at: now,
            updated_at: now,
          });
          const where = upload.folder ? ` to the folder ${upload.folder}` : '';
          await activity.record(tx, actor, { action: 'create', itemType: 'media', itemId: inserted.id, title: inserted.original_name, summary: `Uploaded${where}` });
          return inserted;
        });
        siteChanges.changed('media');
        return item;
      } catch (error) {
        // The store may be what failed: what cannot be removed now is left to the hourly orphan sweep.
        await storage.remove(upload.filePath, thumbnailPath).catch(() => {});
        throw error;
      }
    },

    /**
     * Removes the files that no media item owns and that nobody has written for ORPHAN_GRACE_MS: what a crash
     * between storing an upload's files and recording its row leaves behind. Runs hourly with the periodic jobs;
     * answers how many files it removed.
     */
    async sweepOrphans(now = Date.now()): Promise<number> {
      let removed = 0;
      let batch: string[] = [];
      const flush = async () => {
        const owned = await repo.ownedPaths(db, batch);
        const orphans = batch.filter((filePath) => !owned.has(filePath));
        if (orphans.length) await storage.remove(...orphans);
        removed += orphans.length;
        batch = [];
      };
      for await (const file of storage.listFiles()) {
        if (now - file.modifiedMs < ORPHAN_GRACE_MS) continue;
        batch.push(file.filePath);
        if (batch.length >= 500) await flush();
      }
      await flush();
      return removed;
    },

    /**
     * Removes the row, then its files (the original, its thumbnail and its variants): a file left by a failed
     * removal is harmless (the orphan sweep takes it), a row without its file is not. Pages that showed it as their
     * featured image lose it, so the public site is told.
     */
    async remove(id: number, actor: Actor): Promise<void> {
      const item = await inTransaction(db, async (tx) => {
        const found = await repo.findVariants(tx, id);
        if (!found || !(await repo.deleteMedia(tx, id))) throw notFound('Media file');
        await activity.record(tx, actor, { action: 'delete', itemType: 'media', itemId: id, title: found.original_name });
        return found;
      });
      siteChanges.changed('media');
      await storage.remove(item.file_path, item.thumbnail_path, ...variantPaths(item.file_path, widthsOf(item.variants)));
    },

    /** The images among these file paths (others are left out), with their sizes and variants, for `srcset`. */
    async responsiveImages(paths: string[]): Promise<Map<string, ResponsiveImageData>> {
      const rows = await repo.findImagesByPath(db, [...new Set(paths)]);
      return new Map(
        rows.map((row) => [
          row.file_path,
          { file_path: row.file_path, width: row.width, height: row.height, widths: widthsOf(row.variants), pending: row.variants === null || row.variants.startsWith('pending:') },
        ]),
      );
    },

    /**
     * Makes the variants of one image that has none yet (uploaded images, and those from before variants
     * existed): claimed first, so that of several nodes one does it; each variant stored beside the original
     * through the storage, then the widths recorded and the site told. An image sharp cannot resize is recorded
     * as failed (pages send the original); a storage failure leaves the claim to go stale and be tried again.
     */
    async makeNextVariants(now = Date.now()): Promise<VariantOutcome> {
      const pending = `pending:${new Date(now).toISOString()}`;
      const claim = await repo.claimImageWithoutVariants(db, pending, `pending:${new Date(now - VARIANT_CLAIM_STALE_MS).toISOString()}`);
      if (!claim) return null;
      const written: string[] = [];
      let widths: number[] = [];
      let decoding = false;
      try {
        const source = await readAll(await storage.read(claim.file_path));
        decoding = true;
        const width = claim.width ?? (await displayWidth(source));
        widths = variantWidths(width);
        for await (const variant of makeImageVariants(source, widths)) {
          decoding = false;
          const path = variantPath(claim.file_path, variant.width, variant.format);
          await storage.put(path, variant.bytes, VARIANT_MIME[variant.format]);
          written.push(path);
          decoding = true;
        }
      } catch (error) {
        await storage.remove(...written).catch(() => {});
        if (decoding) await repo.recordVariants(db, claim.id, pending, 'failed');
        return { id: claim.id, error, willRetry: !decoding };
      }
      if (!(await repo.recordVariants(db, claim.id, pending, widths.join(',')))) {
        // The image was deleted meanwhile (or its claim went stale and another node took it).
        await storage.remove(...written).catch(() => {});
        return { id: claim.id, widths: [] };
      }
      siteChanges.changed('media');
      return { id: claim.id, widths };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
