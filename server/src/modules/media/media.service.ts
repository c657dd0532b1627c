import {
  ACCEPTED_MEDIA_EXTENSIONS,
  ACCEPTED_MEDIA_TYPES,
  distinctFolders,
  mediaKind,
  TRASH_ITEM_LABELS,
  type FeaturedImage,
  type ListPage,
  type MediaItem,
  type MediaListItem,
  type MediaListQuery,
  type MediaSettings,
  type MediaUse,
  type MediaUpdateData,
  type SectionImage,
} from '@tours-cms/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/dialect.js';
import { HttpError, invalidField, notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import { signatureMatches } from '../../media/file-check.js';
import type { MediaStorage } from '../../media/storage.js';
import {
  displayWidth,
  makeImageVariants,
  VARIANT_MIME,
  variantOwnerThumbnail,
  variantPath,
  variantPaths,
  variantWidths,
} from '../../media/image-variants.js';
import { ImageTooLargeError, makeThumbnail, UnreadableImageError } from '../../media/thumbnails.js';
import type { SiteChanges } from '../../core/site-changes.js';
import type { ReceivedUpload } from './media-upload.js';
import { storageFailure, unsupportedType } from './media-upload.js';
import type { Actor } from '../../core/actor.js';
import { inTransaction } from '../../db/transaction.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { TrashService } from '../trash/trash.service.js';
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
export type VariantOutcome =
  { id: number; widths: number[] } | { id: number; error: unknown; willRetry: boolean } | null;

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
  trash: TrashService;
  activity: ActivityService;
}

/** What an item's fields name of the media library: image ids, and the file paths its text mentions. */
export interface MediaReferences {
  ids: number[];
  paths: string[];
}

const USE_NOUNS: Record<MediaUse['item_type'], string> = { post: 'tour', page: 'page', component: 'common component' };

/** "the tour "Sunset Cruise" and the page "About us"": what a refusal names. */
function describeUses(uses: MediaUse[]): string {
  const names = uses.slice(0, 5).map((use) => `the ${USE_NOUNS[use.item_type]} "${use.title}"`);
  if (uses.length > 5) names.push(`${uses.length - 5} more`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The media library: uploaded files, their checks, thumbnails, where they are used, the trash and removal. */
export function createMediaService({ db, config, storage, siteChanges, trash, activity }: MediaDeps) {
  async function get(id: number): Promise<MediaItem> {
    const item = await repo.findMediaById(db, id);
    if (!item) throw notFound('Media file');
    return item;
  }

  // An entry removed for good (or expired) takes the row, its use records and its files with it.
  trash.onPurge('media', async (tx, id) => {
    const item = await repo.findStoredMedia(tx, id);
    if (!item || !(await repo.deleteMedia(tx, id))) return;
    return () =>
      storage
        .remove(item.file_path, item.thumbnail_path, ...variantPaths(item.file_path, widthsOf(item.variants)))
        .catch(() => {});
  });

  return {
    /** Where uploads are staged; the HTTP layer streams a request's file into it (media-upload.ts). */
    storage,

    list: (): Promise<MediaListItem[]> => repo.listMedia(db),

    listPage: (query: MediaListQuery): Promise<ListPage<MediaListItem>> => repo.listMediaPage(db, query),

    /** The folders that hold a file, in the order the folder tabs show them (distinctFolders'). */
    folders: async (): Promise<string[]> =>
      distinctFolders((await repo.listMediaFolders(db)).map((folder) => ({ folder }))),

    /** True for a file (original, thumbnail or variant) of an item in the trash: it is not served meanwhile. */
    isTrashedPath(filePath: string): Promise<boolean> {
      const owner = variantOwnerThumbnail(filePath);
      return repo.isTrashedPath(db, owner ? [filePath, owner] : [filePath]);
    },

    /** The tours, pages and common components that use an item (404 for one that is gone or in the trash). */
    async uses(id: number): Promise<MediaUse[]> {
      await get(id);
      return repo.listUses(db, id);
    },

    /**
     * Records, in the transaction of an item's save, which media items it uses: image fields by id, and every file
     * its text links (found by path, a thumbnail's or variant's too). One lookup and one replace, whatever the count.
     */
    async recordUsage(
      tx: Db,
      itemType: MediaUse['item_type'],
      itemId: number,
      references: MediaReferences,
    ): Promise<void> {
      const [byId, byPath] = await Promise.all([
        repo.existingIds(tx, references.ids),
        repo.findIdsByPath(tx, references.paths),
      ]);
      await repo.replaceUsage(tx, itemType, itemId, [...new Set([...byId, ...byPath])]);
    },

    get,

    settings: (): MediaSettings => ({
      max_upload_bytes: config.maxUploadBytes,
      accepted_extensions: ACCEPTED_MEDIA_EXTENSIONS,
    }),

    /** The image behind a featured_image_id, or null when there is none (or it is gone). */
    async findFeaturedImage(id: number | null): Promise<FeaturedImage | null> {
      if (id === null) return null;
      const item = await repo.findMediaById(db, id);
      if (!item) return null;
      const { id: mediaId, original_name, file_path, thumbnail_path, mime_type, width, height, alt_text } = item;
      return { id: mediaId, original_name, file_path, thumbnail_path, mime_type, width, height, alt_text };
    },

    /** The images among these ids that exist (out of the trash), as a tour's sections show them: one query. */
    async imagesByIds(ids: number[]): Promise<Map<number, SectionImage>> {
      const rows = await repo.findImagesByIds(db, [...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** Sets an item's alternative text (what staff may change of it without a new file). */
    async update(id: number, changes: MediaUpdateData, actor: Actor): Promise<MediaItem> {
      await inTransaction(db, async (tx) => {
        const item = await repo.findMediaById(tx, id);
        if (!item) throw notFound('Media file');
        await repo.updateMedia(tx, id, { alt_text: changes.alt_text, updated_at: nowIso() });
        if (item.alt_text !== changes.alt_text) {
          await activity.record(tx, actor, {
            action: 'update',
            itemType: 'media',
            itemId: id,
            title: item.original_name,
            summary: 'Changed the alternative text',
          });
        }
      });
      siteChanges.changed('media');
      return get(id);
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
          await activity.record(tx, actor, {
            action: 'create',
            itemType: 'media',
            itemId: inserted.id,
            title: inserted.original_name,
            summary: `Uploaded${where}`,
          });
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
     * Moves an item to the trash (decisions §13): it answers 404 and leaves the library and the site at once, and
     * keeps its row and files for 30 days, so a restore brings it back whole. An item that tours, pages or
     * components use is refused with 409 naming them, unless the staff member was told and confirmed.
     */
    async remove(id: number, actor: Actor, options: { inUseConfirmed?: boolean } = {}): Promise<void> {
      await inTransaction(db, async (tx) => {
        const item = await repo.findStoredMedia(tx, id);
        if (!item || item.trashed_at !== null) throw notFound('Media file');
        const uses = await repo.listUses(tx, id);
        if (uses.length > 0 && !options.inUseConfirmed) {
          throw new HttpError(
            409,
            `"${item.original_name}" is used by ${describeUses(uses)}. Delete it anyway?`,
            undefined,
            undefined,
            { used_by: uses },
          );
        }
        if (!(await repo.trashMedia(tx, id, nowIso()))) throw notFound('Media file');
        const kept = {
          fields: { original_name: item.original_name, file_path: item.file_path },
          updated_by: null,
          version: 1,
          created_at: item.created_at,
          updated_at: item.updated_at,
        };
        await trash.moveIn(tx, { itemType: 'media', itemId: id, title: item.original_name, kept }, actor);
      });
      siteChanges.changed('media');
    },

    /** Takes an item back out of the trash, with its files and its address; its uses were never forgotten. */
    async untrash(entryId: number, actor: Actor): Promise<MediaItem> {
      const { itemId } = await trash.peek(entryId, 'media');
      await inTransaction(db, async (tx) => {
        const item = await repo.findStoredMedia(tx, itemId);
        await trash.takeBack(
          tx,
          entryId,
          { itemType: 'media', itemId, title: item?.original_name ?? TRASH_ITEM_LABELS.media },
          actor,
        );
        if (!item || !(await repo.untrashMedia(tx, itemId))) throw notFound('Media file');
      });
      siteChanges.changed('media');
      return get(itemId);
    },

    /**
     * Replaces an item's file with an upload of the same type, under the same address (file_path), so every page
     * that shows it shows the new file and every use stays: the checks of any upload, a new thumbnail, the original
     * overwritten in one step, its old variants dropped for the background job to make again, the site told.
     */
    async replaceFile(id: number, upload: ReceivedUpload, actor: Actor): Promise<MediaItem> {
      try {
        const item = await repo.findStoredMedia(db, id);
        if (!item || item.trashed_at !== null) throw notFound('Media file');
        const { mime, kind } = ACCEPTED_MEDIA_TYPES[upload.extension];
        if (mime !== item.mime_type) {
          const wanted = ACCEPTED_MEDIA_EXTENSIONS.filter(
            (extension) => ACCEPTED_MEDIA_TYPES[extension].mime === item.mime_type,
          ).map((extension) => `.${extension}`);
          throw unsupportedType(
            `Choose a ${wanted.join(' or ')} file: a replaced file keeps its address, and with it its type`,
          );
        }
        if (upload.extension !== 'txt' && !(await signatureMatches(upload.stagedPath, upload.extension))) {
          throw unsupportedType(`The file's contents are not a .${upload.extension} file`);
        }
        let size: { width: number | null; height: number | null } = { width: null, height: null };
        let preview: Buffer | null = null;
        if (kind === 'image') {
          try {
            const thumbnail = await makeThumbnail(upload.stagedPath);
            size = thumbnail;
            preview = thumbnail.preview;
          } catch (error) {
            if (error instanceof UnreadableImageError) throw unsupportedType('The image could not be read');
            if (error instanceof ImageTooLargeError) throw invalidField('file', error.message);
            throw error;
          }
        }
        await storage.commit(upload.filePath, mime, item.file_path).catch((error: unknown) => {
          throw storageFailure(error) ?? error;
        });
        if (preview && item.thumbnail_path)
          await storage.put(item.thumbnail_path, preview, 'image/webp').catch((error: unknown) => {
            throw storageFailure(error) ?? error;
          });
        await inTransaction(db, async (tx) => {
          await repo.updateMedia(tx, id, {
            original_name: upload.originalName,
            file_size: upload.size,
            width: size.width,
            height: size.height,
            variants: null,
            updated_at: nowIso(),
          });
          await activity.record(tx, actor, {
            action: 'update',
            itemType: 'media',
            itemId: id,
            title: upload.originalName,
            summary: `Replaced the file "${item.original_name}"`,
          });
        });
        siteChanges.changed('media');
        // Pages send the original until the new variants are made; the old ones go now.
        await storage.remove(...variantPaths(item.file_path, widthsOf(item.variants))).catch(() => {});
        return get(id);
      } finally {
        await storage.remove(upload.filePath).catch(() => {});
      }
    },

    /** The images among these file paths (others are left out), with their sizes and variants, for `srcset`. */
    async responsiveImages(paths: string[]): Promise<Map<string, ResponsiveImageData>> {
      const rows = await repo.findImagesByPath(db, [...new Set(paths)]);
      return new Map(
        rows.map((row) => [
          row.file_path,
          {
            file_path: row.file_path,
            width: row.width,
            height: row.height,
            widths: widthsOf(row.variants),
            pending: row.variants === null || row.variants.startsWith('pending:'),
          },
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
      const claim = await repo.claimImageWithoutVariants(
        db,
        pending,
        `pending:${new Date(now - VARIANT_CLAIM_STALE_MS).toISOString()}`,
      );
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
