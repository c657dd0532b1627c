import { sql, type Insertable } from 'kysely';
import type { RevisionItemType, RevisionSummary } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { RevisionsTable } from '../../db/tables.js';

interface RevisionRow {
  id: number;
  version: number;
  saved_by_id: number | null;
  saved_by_name: string | null;
  saved_at: string;
}

function toSummary(row: RevisionRow): RevisionSummary {
  return {
    id: row.id,
    version: row.version,
    saved_by: row.saved_by_id !== null ? { id: row.saved_by_id, name: row.saved_by_name ?? '' } : null,
    saved_at: row.saved_at,
  };
}

function selectRevisions(db: Db, itemType: RevisionItemType, itemId: number) {
  return db.kysely
    .selectFrom('revisions')
    .leftJoin('users', 'users.id', 'revisions.saved_by')
    .where('revisions.item_type', '=', itemType)
    .where('revisions.item_id', '=', itemId);
}

export async function insertRevision(db: Db, row: Insertable<RevisionsTable>): Promise<void> {
  await db.kysely.insertInto('revisions').values(row).execute();
}

/** Newest first, one page; read from the (item_type, item_id, version) index. */
export async function listRevisions(
  db: Db,
  itemType: RevisionItemType,
  itemId: number,
  limit: number,
  offset: number,
): Promise<RevisionSummary[]> {
  const rows = await selectRevisions(db, itemType, itemId)
    .select([
      'revisions.id',
      'revisions.version',
      'revisions.saved_by as saved_by_id',
      'users.full_name as saved_by_name',
      'revisions.saved_at',
    ])
    .orderBy('revisions.version', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toSummary);
}

export async function countRevisions(db: Db, itemType: RevisionItemType, itemId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('revisions')
    .where('item_type', '=', itemType)
    .where('item_id', '=', itemId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findRevision(
  db: Db,
  itemType: RevisionItemType,
  itemId: number,
  revisionId: number,
): Promise<(RevisionSummary & { data: string }) | undefined> {
  const row = await selectRevisions(db, itemType, itemId)
    .where('revisions.id', '=', revisionId)
    .select([
      'revisions.id',
      'revisions.version',
      'revisions.saved_by as saved_by_id',
      'users.full_name as saved_by_name',
      'revisions.saved_at',
      'revisions.data',
    ])
    .executeTakeFirst();
  return row && { ...toSummary(row), data: row.data };
}

/** The name of a user, for "changed by" messages; null when the account is gone. */
export async function userName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await db.kysely.selectFrom('users').where('id', '=', userId).select('full_name').executeTakeFirst();
  return row?.full_name ?? null;
}

/** Removes this item's versions but its newest `keep`. */
export async function pruneItem(db: Db, itemType: RevisionItemType, itemId: number, keep: number): Promise<void> {
  const cutoff = await db.kysely
    .selectFrom('revisions')
    .where('item_type', '=', itemType)
    .where('item_id', '=', itemId)
    .select('version')
    .orderBy('version', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!cutoff) return;
  await db.kysely
    .deleteFrom('revisions')
    .where('item_type', '=', itemType)
    .where('item_id', '=', itemId)
    .where('version', '<=', cutoff.version)
    .execute();
}

/** Removes every item's versions but its newest `keep` (one statement: a window over the item index). */
export async function pruneAll(db: Db, keep: number): Promise<number> {
  const result = await db.kysely
    .deleteFrom('revisions')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom((inner) =>
          inner
            .selectFrom('revisions')
            .select([
              'id',
              sql<number>`row_number() over (partition by item_type, item_id order by version desc)`.as('rank'),
            ])
            .as('ranked'),
        )
        .select('ranked.id')
        .where('ranked.rank', '>', keep),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets an item's whole history (its trash time is over). */
export async function deleteItemRevisions(db: Db, itemType: RevisionItemType, itemId: number): Promise<void> {
  await db.kysely.deleteFrom('revisions').where('item_type', '=', itemType).where('item_id', '=', itemId).execute();
}
