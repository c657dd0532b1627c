import {
  REVISIONS_PAGE_SIZE,
  type Revision,
  type RevisionItemType,
  type RevisionList,
  type VersionConflict,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { HttpError, notFound } from '../../core/errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import * as repo from './revisions.repository.js';

export interface RevisionsDeps {
  db: Db;
  settings: SettingsService;
}

/** What an item's service knows of its current row when a save replaces it. */
export interface CurrentVersion {
  id: number;
  version: number;
  updated_by: number | null;
  updated_at: string;
}

const LABELS: Record<RevisionItemType, { lower: string; title: string }> = {
  post: { lower: 'post', title: 'Post' },
  page: { lower: 'page', title: 'Page' },
  component: { lower: 'component', title: 'Component' },
};

/**
 * The history of posts, pages and components (decisions §13). Item services call `replaced` inside the
 * transaction of every save, after locking the row: it refuses a stale save (409 naming who saved the newer
 * version, and when) and keeps the version being replaced. Reads list an item's versions a page at a time.
 */
export function createRevisionsService({ db, settings }: RevisionsDeps) {
  const service = {
    /**
     * Called by a save, in its transaction, with the row as it is now: 409 when the editor loaded an older version
     * than this one (`expected`, when the client sent it); else the current state is kept as a revision.
     */
    async replaced(
      tx: Db,
      itemType: RevisionItemType,
      current: CurrentVersion,
      data: Record<string, unknown>,
      expected: number | undefined,
    ): Promise<void> {
      if (expected !== undefined && expected !== current.version) {
        const name = await repo.userName(tx, current.updated_by);
        const body: Omit<VersionConflict, 'detail'> = {
          current_version: current.version,
          updated_by: current.updated_by !== null && name !== null ? { id: current.updated_by, name } : null,
          updated_at: current.updated_at,
        };
        throw new HttpError(
          409,
          `This ${LABELS[itemType].lower} was changed by ${name ?? 'someone else'} since you opened it (version ${current.version}, saved ${current.updated_at}).`,
          undefined,
          undefined,
          body,
        );
      }
      await repo.insertRevision(tx, {
        item_type: itemType,
        item_id: current.id,
        version: current.version,
        data: JSON.stringify(data),
        saved_by: current.updated_by,
        saved_at: current.updated_at,
      });
      const { revisions_keep: keep } = await settings.get(tx);
      if (keep !== null) await repo.pruneItem(tx, itemType, current.id, keep);
    },

    /** Applies 'keep only the newest N versions' to every item at once (when an administrator sets it). */
    pruneAll: (keep: number): Promise<number> => repo.pruneAll(db, keep),

    /** Forgets an item's history, once it is gone for good. */
    forget: (tx: Db, itemType: RevisionItemType, itemId: number): Promise<void> =>
      repo.deleteItemRevisions(tx, itemType, itemId),

    async list(itemType: RevisionItemType, itemId: number, page: number): Promise<RevisionList> {
      const [items, total] = await Promise.all([
        repo.listRevisions(db, itemType, itemId, REVISIONS_PAGE_SIZE, (page - 1) * REVISIONS_PAGE_SIZE),
        repo.countRevisions(db, itemType, itemId),
      ]);
      return { items, total, page, page_size: REVISIONS_PAGE_SIZE };
    },

    /** One version of this item; 404 for a version of another item or one that does not exist. */
    async get(itemType: RevisionItemType, itemId: number, revisionId: number): Promise<Revision> {
      const row = await repo.findRevision(db, itemType, itemId, revisionId);
      if (!row) throw notFound('Version');
      return { ...row, data: JSON.parse(row.data) as Record<string, unknown> };
    },

    /**
     * The history reads of one kind of item for its service (posts, pages, components): each first checks that
     * the item exists (`get` throws its 404), then reads that item's versions only.
     */
    forItem(itemType: RevisionItemType, get: (id: number) => Promise<unknown>) {
      return {
        async revisions(id: number, page: number): Promise<RevisionList> {
          await get(id);
          return service.list(itemType, id, page);
        },
        async revision(id: number, revisionId: number): Promise<Revision> {
          await get(id);
          return service.get(itemType, id, revisionId);
        },
      };
    },
  };
  return service;
}

export type RevisionsService = ReturnType<typeof createRevisionsService>;
