import type { Insertable } from 'kysely';
import { activityEntrySchema, type ActivityEntry, type ActivityItemType } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { ActivityTable } from '../../db/tables.js';
import { countRows, keysetSort, pageRows } from '../../list-paging.js';

/** The log's one order (newest first), as its cursors name it. */
export const ACTIVITY_SORT = '-occurred_at';

const ENTRY_COLUMNS = activityEntrySchema.keyof().options;

export async function insertEntry(db: Db, row: Insertable<ActivityTable>): Promise<void> {
  await db.kysely.insertInto('activity').values(row).execute();
}

export interface ActivityFilter {
  userId?: number;
  itemType?: ActivityItemType;
  /** Inclusive ISO bounds of occurred_at. */
  from?: string;
  until?: string;
}

/**
 * One page, newest first. Each filter combination reads one of the indexes activity_time, activity_user and
 * activity_type (all ending in occurred_at, id) in order. The page's ids are found in the index alone and only
 * those rows are then read (a deferred join), so a page deep in the log costs its offset in index entries, not in
 * whole rows: PostgreSQL would otherwise read and throw away every row before the page.
 */
function filteredIds(db: Db, filter: ActivityFilter) {
  let ids = db.kysely.selectFrom('activity').select('id');
  if (filter.userId !== undefined) ids = ids.where('user_id', '=', filter.userId);
  if (filter.itemType !== undefined) ids = ids.where('item_type', '=', filter.itemType);
  if (filter.from !== undefined) ids = ids.where('occurred_at', '>=', filter.from);
  if (filter.until !== undefined) ids = ids.where('occurred_at', '<=', filter.until);
  return ids;
}

/** The entries of these ids (a page's, found in an index), newest first. */
function entriesIn(db: Db, page: ReturnType<typeof filteredIds>): Promise<ActivityEntry[]> {
  return db.kysely
    .selectFrom('activity')
    .select(ENTRY_COLUMNS)
    .where('id', 'in', page)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listEntries(
  db: Db,
  filter: ActivityFilter,
  limit: number,
  offset: number,
): Promise<ActivityEntry[]> {
  const page = filteredIds(db, filter).orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
  return entriesIn(db, page);
}

/**
 * `limit + 1` entries after the cursor, newest first (issue 26): the cursor's (occurred_at, id) bound seeks into the
 * same indexes, so a page as deep as the millionth entry costs what the first does, and entries written meanwhile
 * never shift a page.
 */
export async function listEntriesAfter(
  db: Db,
  filter: ActivityFilter,
  limit: number,
  cursor: string | undefined,
): Promise<ActivityEntry[]> {
  return entriesIn(db, pageRows(filteredIds(db, filter), keysetSort(ACTIVITY_SORT), cursor, limit));
}

/** How many entries match (read from the filter's index). */
export async function countEntries(db: Db, filter: ActivityFilter): Promise<number> {
  return countRows(db.kysely.selectFrom(filteredIds(db, filter).as('matching')));
}

/** Removes the entries older than `cutoff`, a batch at a time (by id, so each batch is a short write); answers how many. */
export async function deleteOlderThan(db: Db, cutoff: string, batch: number): Promise<number> {
  const ids = (
    await db.kysely
      .selectFrom('activity')
      .select('id')
      .where('occurred_at', '<', cutoff)
      .orderBy('occurred_at')
      .limit(batch)
      .execute()
  ).map((row) => row.id);
  if (!ids.length) return 0;
  const result = await db.kysely.deleteFrom('activity').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
