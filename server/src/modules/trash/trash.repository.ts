import { sql, type Insertable } from 'kysely';
import type { TrashItemType, TrashEntry } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { forUpdate } from '../../db/transaction.js';
import type { TrashTable } from '../../db/tables.js';

interface EntryRow {
  id: number;
  item_type: TrashItemType;
  item_id: number;
  title: string;
  deleted_by_id: number | null;
  deleted_by_name: string | null;
  deleted_at: string;
  group_entries: number | string;
}

export function toEntry(row: EntryRow, expiresAt: string): TrashEntry {
  return {
    id: row.id,
    item_type: row.item_type,
    item_id: row.item_id,
    title: row.title,
    deleted_by: row.deleted_by_id !== null ? { id: row.deleted_by_id, name: row.deleted_by_name ?? '' } : null,
    deleted_at: row.deleted_at,
    expires_at: expiresAt,
    group_entries: Number(row.group_entries),
  };
}

export async function insertEntry(db: Db, row: Insertable<TrashTable>): Promise<void> {
  await db.kysely.insertInto('trash').values(row).execute();
}

/** Newest first, one page; of one type of item or all. */
export async function listEntries(
  db: Db,
  itemType: TrashItemType | undefined,
  limit: number,
  offset: number,
): Promise<EntryRow[]> {
  let query = db.kysely
    .selectFrom('trash')
    .leftJoin('users', 'users.id', 'trash.deleted_by')
    .select([
      'trash.id',
      'trash.item_type',
      'trash.item_id',
      'trash.title',
      'trash.deleted_by as deleted_by_id',
      'users.full_name as deleted_by_name',
      'trash.deleted_at',
      // The entries of its translation group in the trash (trash_translation_group), itself included.
      (eb) =>
        eb
          .case()
          .when('trash.translation_group', 'is', null)
          .then(sql<number>`1`)
          .else(
            eb
              .selectFrom('trash as member')
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .whereRef('member.item_type', '=', 'trash.item_type')
              .whereRef('member.translation_group', '=', 'trash.translation_group'),
          )
          .end()
          .as('group_entries'),
    ]);
  if (itemType) query = query.where('trash.item_type', '=', itemType);
  return query.orderBy('trash.deleted_at', 'desc').orderBy('trash.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countEntries(db: Db, itemType: TrashItemType | undefined): Promise<number> {
  let query = db.kysely.selectFrom('trash').select((eb) => eb.fn.countAll<number>().as('count'));
  if (itemType) query = query.where('item_type', '=', itemType);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

export async function findEntry(db: Db, id: number) {
  return db.kysely
    .selectFrom('trash')
    .select(['id', 'item_type', 'item_id', 'data', 'translation_group'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Reads, locks and removes one entry, in the caller's transaction; undefined when it is gone. */
export async function takeEntry(db: Db, id: number) {
  const row = await forUpdate(
    db,
    db.kysely.selectFrom('trash').select(['id', 'item_type', 'item_id', 'title', 'data']).where('id', '=', id),
  ).executeTakeFirst();
  if (row) await db.kysely.deleteFrom('trash').where('id', '=', id).execute();
  return row;
}

/** The entries deleted before `cutoff`, oldest first, a batch at a time. */
export async function listExpired(db: Db, cutoff: string, limit: number) {
  return db.kysely
    .selectFrom('trash')
    .select(['id', 'item_type', 'item_id'])
    .where('deleted_at', '<', cutoff)
    .orderBy('deleted_at')
    .limit(limit)
    .execute();
}

export async function deleteEntry(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('trash').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The ids of the entries of this type in a translation group, oldest deletion first (then by id). */
export async function listGroupEntries(db: Db, itemType: TrashItemType, group: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('trash')
    .select('id')
    .where('item_type', '=', itemType)
    .where('translation_group', '=', group)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
