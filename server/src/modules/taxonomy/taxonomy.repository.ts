import { sql } from 'kysely';
import type { TaxonomyKind } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { TaxonomyRow, TaxonomyTable } from '../../db/tables.js';
import type { Insertable, Updateable } from 'kysely';

/** Categories and tags live in two tables of the same shape; every query names the one it works on. */

/** By name; every language, or `language`'s (issue 30). */
export async function listTaxonomy(db: Db, table: TaxonomyKind, language?: string): Promise<TaxonomyRow[]> {
  return db.kysely
    .selectFrom(table)
    .selectAll()
    .$if(language !== undefined, (qb) => qb.where('language', '=', language!))
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export async function findTaxonomyById(db: Db, table: TaxonomyKind, id: number): Promise<TaxonomyRow | undefined> {
  return db.kysely.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countTaxonomyChildren(db: Db, table: TaxonomyKind, parentId: number): Promise<number> {
  const { count } = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('parent_id', '=', parentId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertTaxonomy(db: Db, table: TaxonomyKind, row: Insertable<TaxonomyTable>): Promise<number> {
  const { id } = await db.kysely.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateTaxonomy(
  db: Db,
  table: TaxonomyKind,
  id: number,
  changes: Updateable<TaxonomyTable>,
): Promise<void> {
  await db.kysely.updateTable(table).set(changes).where('id', '=', id).execute();
}

/** Makes every child of `parentId` top-level. */
export async function detachTaxonomyChildren(
  db: Db,
  table: TaxonomyKind,
  parentId: number,
  now: string,
): Promise<void> {
  await db.kysely
    .updateTable(table)
    .set({ parent_id: null, updated_at: now })
    .where('parent_id', '=', parentId)
    .execute();
}

export async function deleteTaxonomy(db: Db, table: TaxonomyKind, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Which of these ids exist in the table. */
export async function existingTaxonomyIds(db: Db, table: TaxonomyKind, ids: number[]): Promise<number[]> {
  const rows = await db.kysely.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

/**
 * The translation in `language` of item `id` that is top-level (a parent must be), if any: a translated child's
 * parent, or undefined.
 */
export async function translationOf(
  db: Db,
  table: TaxonomyKind,
  id: number,
  language: string,
): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom(table)
    .select('id')
    .where('language', '=', language)
    .where('parent_id', 'is', null)
    .where('translation_group', '=', (eb) => eb.selectFrom(table).select('translation_group').where('id', '=', id))
    .executeTakeFirst();
  return row?.id;
}
