import {
  ACTIVITY_RETENTION_MIN_DAYS,
  RECENT_ACTIVITY_COUNT,
  hasRole,
  type ActivityAction,
  type ActivityItemType,
  type ActivityListQuery,
  type ActivityPage,
  type ActivityQuery,
  type ListPage,
  type ActivityEntry,
  type SessionUser,
} from '@tours-cms/contract';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { nowIso } from '../../core/clock.js';
import { toListPage, keysetSort } from '../../list-paging.js';
import * as repo from './activity.repository.js';

export interface ActivityDeps {
  db: Db;
}

/** What a write tells the log about itself. */
export interface ActivityRecord {
  action: ActivityAction;
  itemType: ActivityItemType;
  itemId: number | null;
  /** The item's title or name now (a deleted item's, as it was). */
  title: string;
  summary?: string;
  /** Who, when there is no signed-in actor: a failed sign-in names the username that was typed. */
  actorName?: string;
  /** Where from, when there is no actor to tell it. */
  address?: string | null;
}

const clipOrNull = (value: string | null, max: number) => (value ? clip(value, max) : null);

/** The filters both readings of GET /activity/ take. */
interface ActivityFilterQuery {
  user_id?: number | undefined;
  item_type?: ActivityItemType | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 86_400_000;
const PURGE_BATCH = 1_000;

/** Cuts a value to its column's size. */
function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/**
 * The activity log (issue 13). Every service records its writes here with `record`, in the transaction of the
 * write, so an entry exists exactly when its write does; sign-in failures are recorded on their own. Entries are
 * never edited; `purgeOlderThan` (the periodic job) removes the ones past the retention setting.
 */
export function createActivityService({ db }: ActivityDeps) {
  /** Administrators read everyone's entries; anyone else only their own. */
  /** What a viewer may see through a query's filters; null when that is nothing (another's log, for a non-admin). */
  function filterFor(query: ActivityFilterQuery, viewer: SessionUser): repo.ActivityFilter | null {
    const ownOnly = !hasRole(viewer.role, 'admin');
    if (ownOnly && query.user_id !== undefined && query.user_id !== viewer.id) return null;
    return {
      userId: ownOnly ? viewer.id : query.user_id,
      itemType: query.item_type,
      from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
      until: query.to ? `${query.to}T23:59:59.999Z` : undefined,
    };
  }

  async function list(query: ActivityQuery, viewer: SessionUser): Promise<ActivityPage> {
    const { page, page_size: pageSize } = query;
    const filter = filterFor(query, viewer);
    if (!filter) return { entries: [], page, page_size: pageSize, has_more: false };
    // One row more than the page tells whether an older page exists, without counting the whole log.
    const rows = await repo.listEntries(db, filter, pageSize + 1, (page - 1) * pageSize);
    return { entries: rows.slice(0, pageSize), page, page_size: pageSize, has_more: rows.length > pageSize };
  }

  /** A page after the cursor with the matching total: the Activity screen's (issue 26). */
  async function listPage(query: ActivityListQuery, viewer: SessionUser): Promise<ListPage<ActivityEntry>> {
    const filter = filterFor(query, viewer);
    if (!filter) return { items: [], next_cursor: null, total: 0 };
    const [rows, total] = await Promise.all([
      repo.listEntriesAfter(db, filter, query.limit, query.cursor),
      repo.countEntries(db, filter),
    ]);
    return toListPage('activity', query.sort, keysetSort(query.sort), rows, query.limit, total);
  }

  return {
    /** Writes one entry: one insert, in the caller's transaction (`tx`). */
    async record(tx: Db, actor: Actor | null, entry: ActivityRecord): Promise<void> {
      await repo.insertEntry(tx, {
        occurred_at: nowIso(),
        user_id: actor?.id ?? null,
        actor_name: clip(entry.actorName ?? (actor ? actor.full_name || actor.username : 'System'), 100),
        ip_address: clipOrNull(entry.address ?? actor?.address ?? null, 64),
        action: entry.action,
        item_type: entry.itemType,
        item_id: entry.itemId,
        item_title: clip(entry.title, 300),
        summary: clip(entry.summary ?? '', 1000),
      });
    },

    list,

    listPage,

    /** The dashboard's Recent Activity: the newest entries this viewer may see. */
    async recent(viewer: SessionUser): Promise<ActivityEntry[]> {
      const page = await list({ page: 1, page_size: RECENT_ACTIVITY_COUNT }, viewer);
      return page.entries;
    },

    /**
     * Removes entries older than `days` days (the periodic job, with the retention setting); answers how many. Never
     * younger than the shortest retention: a setting saved before it existed (as little as a day) keeps that much.
     */
    async purgeOlderThan(days: number, now: string = nowIso()): Promise<number> {
      const cutoff = new Date(Date.parse(now) - Math.max(days, ACTIVITY_RETENTION_MIN_DAYS) * DAY_MS).toISOString();
      let removed = 0;
      for (;;) {
        const gone = await repo.deleteOlderThan(db, cutoff, PURGE_BATCH);
        removed += gone;
        if (gone < PURGE_BATCH) return removed;
      }
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
