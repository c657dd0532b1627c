import { TRASH_PAGE_SIZE, TRASH_RETENTION_DAYS, type RevisionItemType, type TrashList } from '@tours-cms/contract';
import type { Actor } from '../../actor.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import type { PreviewsService } from '../previews/previews.service.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import * as repo from './trash.repository.js';

export interface TrashDeps {
  db: Db;
  revisions: RevisionsService;
  previews: PreviewsService;
  activity: ActivityService;
}

const DAY_MS = 86_400_000;
const PURGE_BATCH = 100;

function plusDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString();
}

/**
 * The trash (decisions §13): posts, pages and components deleted in the last TRASH_RETENTION_DAYS, whole. Item
 * services put an item here in the transaction that deletes it, and take it back out in the one that restores it;
 * this service keeps the entries, lists them and removes the expired ones with their history and preview links.
 * It never reads an item's table: what an entry holds is its item service's business.
 */
export function createTrashService({ db, revisions, previews, activity }: TrashDeps) {
  return {
    /** Keeps a deleted item (called in the transaction that deletes it). */
    async put(tx: Db, entry: { itemType: RevisionItemType; itemId: number; title: string; data: unknown }, actor: Actor | null): Promise<void> {
      await repo.insertEntry(tx, {
        item_type: entry.itemType,
        item_id: entry.itemId,
        title: entry.title,
        data: JSON.stringify(entry.data),
        deleted_by: actor?.id ?? null,
        deleted_at: nowIso(),
      });
    },

    /** One entry, to see what it is before restoring it (404 when there is none). */
    async peek(id: number): Promise<{ itemType: RevisionItemType; itemId: number; data: unknown }> {
      const row = await repo.findEntry(db, id);
      if (!row) throw notFound('Trash entry');
      return { itemType: row.item_type, itemId: row.item_id, data: JSON.parse(row.data) as unknown };
    },

    /** Removes an entry of this type for its restore, in the restore's transaction (404 when it is gone). */
    async take(tx: Db, id: number, itemType: RevisionItemType): Promise<unknown> {
      const row = await repo.takeEntry(tx, id);
      if (!row || row.item_type !== itemType) throw notFound('Trash entry');
      return JSON.parse(row.data) as unknown;
    },

    async list(itemType: RevisionItemType | undefined, page: number): Promise<TrashList> {
      const [rows, total] = await Promise.all([
        repo.listEntries(db, itemType, TRASH_PAGE_SIZE, (page - 1) * TRASH_PAGE_SIZE),
        repo.countEntries(db, itemType),
      ]);
      return { items: rows.map((row) => repo.toEntry(row, plusDays(row.deleted_at, TRASH_RETENTION_DAYS))), total, page, page_size: TRASH_PAGE_SIZE };
    },

    /** Deletes an entry for good now, with its history and preview links (404 when there is none). */
    async purge(id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const row = await repo.takeEntry(tx, id);
        if (!row) throw notFound('Trash entry');
        await forget(tx, row.item_type, row.item_id);
        await activity.record(tx, actor, { action: 'delete', itemType: row.item_type, itemId: row.item_id, title: row.title, summary: 'Deleted for good from the trash' });
      });
    },

    /** Removes the entries older than TRASH_RETENTION_DAYS (the periodic job); answers how many went. */
    async purgeExpired(now: string = nowIso()): Promise<number> {
      const cutoff = plusDays(now, -TRASH_RETENTION_DAYS);
      let removed = 0;
      for (;;) {
        const batch = await repo.listExpired(db, cutoff, PURGE_BATCH);
        for (const entry of batch) {
          const gone = await inTransaction(db, async (tx) => {
            if (!(await repo.deleteEntry(tx, entry.id))) return false; // another node purged it first
            await forget(tx, entry.item_type, entry.item_id);
            return true;
          });
          if (gone) removed += 1;
        }
        if (batch.length < PURGE_BATCH) return removed;
      }
    },
  };

  async function forget(tx: Db, itemType: RevisionItemType, itemId: number): Promise<void> {
    await revisions.forget(tx, itemType, itemId);
    if (itemType !== 'component') await previews.forget(tx, itemType, itemId);
  }
}

export type TrashService = ReturnType<typeof createTrashService>;
