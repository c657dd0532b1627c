import { TRASH_PAGE_SIZE, TRASH_RETENTION_DAYS, type TrashItemType, type TrashList } from '@tours-cms/contract';
import type { Actor } from '../../core/actor.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
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

/** What the trash keeps of a deleted item: its fields as a revision keeps them, and what only its row knew. */
export interface TrashedItem<Fields> {
  fields: Fields;
  /** Posts and pages have an author; components do not. */
  author_id?: number | null;
  /** Posts and pages have a language and a translation group (issue 30); entries from before them do not. */
  language?: string;
  translation_group?: number;
  updated_by: number | null;
  version: number;
  created_at: string;
  updated_at: string;
  /** When its text last changed (issue 30, migration 0036); entries from before it do not say. */
  text_updated_at?: string;
}

/** The columns of a row that its trash entry keeps beside the fields, and writes back when it is restored. */
export type KeptColumns = Omit<TrashedItem<unknown>, 'fields'>;

/** What the trash keeps of `row`, whose fields (as its input takes them) are `fields`. */
export function trashedItem<Fields>(fields: Fields, row: KeptColumns): TrashedItem<Fields> {
  const kept: TrashedItem<Fields> = {
    fields,
    updated_by: row.updated_by,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  if (row.author_id !== undefined) kept.author_id = row.author_id;
  if (row.language !== undefined) kept.language = row.language;
  if (row.translation_group !== undefined) kept.translation_group = row.translation_group;
  if (row.text_updated_at !== undefined) kept.text_updated_at = row.text_updated_at;
  return kept;
}

/** The row columns a trashed item brings back, for its restore's insert. */
export function keptColumns(kept: TrashedItem<unknown>): KeptColumns {
  const { fields: _fields, ...columns } = kept;
  return columns;
}

/**
 * What an item's service does when its trash entry is removed for good, in that transaction (a media item deletes
 * its row); what it answers runs after the commit (the media item's files go).
 */
export type PurgeHandler = (tx: Db, itemId: number) => Promise<(() => Promise<void>) | void>;

/**
 * The trash (decisions §13): posts, pages and components deleted in the last TRASH_RETENTION_DAYS, whole. Item
 * services put an item here in the transaction that deletes it, and take it back out in the one that restores it;
 * this service keeps the entries, lists them and removes the expired ones with their history and preview links.
 * It never reads an item's table: what an entry holds is its item service's business.
 */
export function createTrashService({ db, revisions, previews, activity }: TrashDeps) {
  const purgeHandlers = new Map<TrashItemType, PurgeHandler>();
  return {
    /** An item service whose items leave something behind in the trash (a media item's row and files) says how to remove it. */
    onPurge(itemType: TrashItemType, handler: PurgeHandler): void {
      purgeHandlers.set(itemType, handler);
    },

    /**
     * Keeps a deleted item and records its deletion in the activity log, in the transaction that deletes it (the
     * item's service deletes the row itself).
     */
    async moveIn(
      tx: Db,
      item: { itemType: TrashItemType; itemId: number; title: string; kept: TrashedItem<unknown> },
      actor: Actor | null,
    ): Promise<void> {
      await repo.insertEntry(tx, {
        item_type: item.itemType,
        item_id: item.itemId,
        title: item.title,
        data: JSON.stringify(item.kept),
        deleted_by: actor?.id ?? null,
        deleted_at: nowIso(),
        translation_group: item.kept.translation_group ?? null,
      });
      await activity.record(tx, actor, {
        action: 'delete',
        itemType: item.itemType,
        itemId: item.itemId,
        title: item.title,
        summary: 'Moved to the trash',
      });
    },

    /**
     * The entries of an entry's translation group in the trash, itself first (404 when there is no such entry): what
     * a restore of the whole group puts back. An entry without a group is alone.
     */
    async groupOf(id: number): Promise<number[]> {
      const row = await repo.findEntry(db, id);
      if (!row) throw notFound('Trash entry');
      if (row.translation_group === null) return [id];
      const ids = await repo.listGroupEntries(db, row.item_type, row.translation_group);
      return [id, ...ids.filter((other) => other !== id)];
    },

    /** What type of item an entry holds (404 when there is none). */
    async typeOf(id: number): Promise<TrashItemType> {
      const row = await repo.findEntry(db, id);
      if (!row) throw notFound('Trash entry');
      return row.item_type;
    },

    /** An entry of this type, to see what it holds before restoring it (404 when there is none). */
    async peek(id: number, itemType: TrashItemType): Promise<{ itemId: number; kept: TrashedItem<unknown> }> {
      const row = await repo.findEntry(db, id);
      if (!row || row.item_type !== itemType) throw notFound('Trash entry');
      return { itemId: row.item_id, kept: JSON.parse(row.data) as TrashedItem<unknown> };
    },

    /**
     * Removes an entry of this type for its item's restore and records the restore in the activity log, in the
     * restore's transaction (404 when another restore or a purge took it first).
     */
    async takeBack(
      tx: Db,
      id: number,
      item: { itemType: TrashItemType; itemId: number; title: string },
      actor: Actor,
    ): Promise<void> {
      const row = await repo.takeEntry(tx, id);
      if (!row || row.item_type !== item.itemType) throw notFound('Trash entry');
      await activity.record(tx, actor, {
        action: 'restore',
        itemType: item.itemType,
        itemId: item.itemId,
        title: item.title,
        summary: 'Restored from the trash',
      });
    },

    async list(itemType: TrashItemType | undefined, page: number): Promise<TrashList> {
      const [rows, total] = await Promise.all([
        repo.listEntries(db, itemType, TRASH_PAGE_SIZE, (page - 1) * TRASH_PAGE_SIZE),
        repo.countEntries(db, itemType),
      ]);
      return {
        items: rows.map((row) => repo.toEntry(row, plusDays(row.deleted_at, TRASH_RETENTION_DAYS))),
        total,
        page,
        page_size: TRASH_PAGE_SIZE,
      };
    },

    /** Deletes an entry for good now, with its history and preview links (404 when there is none). */
    async purge(id: number, actor: Actor): Promise<void> {
      const afterCommit = await inTransaction(db, async (tx) => {
        const row = await repo.takeEntry(tx, id);
        if (!row) throw notFound('Trash entry');
        const after = await forget(tx, row.item_type, row.item_id);
        await activity.record(tx, actor, {
          action: 'delete',
          itemType: row.item_type,
          itemId: row.item_id,
          title: row.title,
          summary: 'Deleted for good from the trash',
        });
        return after;
      });
      await afterCommit?.();
    },

    /** Removes the entries older than TRASH_RETENTION_DAYS (the periodic job); answers how many went. */
    async purgeExpired(now: string = nowIso()): Promise<number> {
      const cutoff = plusDays(now, -TRASH_RETENTION_DAYS);
      let removed = 0;
      for (;;) {
        const batch = await repo.listExpired(db, cutoff, PURGE_BATCH);
        for (const entry of batch) {
          const gone = await inTransaction(db, async (tx) => {
            if (!(await repo.deleteEntry(tx, entry.id))) return null; // another node purged it first
            return { after: await forget(tx, entry.item_type, entry.item_id) };
          });
          if (gone) {
            removed += 1;
            await gone.after?.();
          }
        }
        if (batch.length < PURGE_BATCH) return removed;
      }
    },
  };

  async function forget(tx: Db, itemType: TrashItemType, itemId: number): Promise<(() => Promise<void>) | void> {
    if (itemType === 'media') return purgeHandlers.get(itemType)?.(tx, itemId);
    await revisions.forget(tx, itemType, itemId);
    if (itemType !== 'component') await previews.forget(tx, itemType, itemId);
    return purgeHandlers.get(itemType)?.(tx, itemId);
  }
}

export type TrashService = ReturnType<typeof createTrashService>;
