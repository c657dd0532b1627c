import { TAXONOMY_LABELS, type TaxonomyData, type TaxonomyItem, type TaxonomyKind } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { TaxonomyRow } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { HttpError, invalidField, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { uncategorisePosts } from '../posts/posts.repository.js';
import * as repo from './taxonomy.repository.js';

export function toTaxonomyItem(row: TaxonomyRow): TaxonomyItem {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    parent_id: row.parent_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function slugTaken(kind: TaxonomyKind): HttpError {
  const { lower } = TAXONOMY_LABELS[kind];
  return new HttpError(409, `A ${lower} with this slug already exists`, [{ field: 'slug', message: 'This slug is already in use' }]);
}

async function assertSlugFree(db: Db, kind: TaxonomyKind, slug: string, exceptId?: number): Promise<void> {
  if ((await repo.findTaxonomySlugOwner(db, kind, slug, exceptId)) !== undefined) throw slugTaken(kind);
}

/**
 * Spec §5: parents are one level deep. The parent must exist, must not be the item itself and must be
 * top-level; and an item that has children cannot itself become a child, or the tree would grow a second level.
 */
async function assertValidParent(db: Db, kind: TaxonomyKind, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const { lower } = TAXONOMY_LABELS[kind];
  if (parentId === selfId) throw invalidField('parent_id', `A ${lower} cannot be its own parent`);
  const parent = await repo.findTaxonomyById(db, kind, parentId);
  if (!parent) throw invalidField('parent_id', `Parent ${lower} ${parentId} does not exist`);
  if (parent.parent_id !== null) throw invalidField('parent_id', `The parent must be a top-level ${lower}, not a child of another`);
  if (selfId !== undefined && (await repo.countTaxonomyChildren(db, kind, selfId)) > 0) {
    throw invalidField('parent_id', `This ${lower} has children of its own, so it cannot be placed under another`);
  }
}

async function getRow(db: Db, kind: TaxonomyKind, id: number): Promise<TaxonomyRow> {
  const row = await repo.findTaxonomyById(db, kind, id);
  if (!row) throw notFound(TAXONOMY_LABELS[kind].singular);
  return row;
}

export async function listTaxonomy(db: Db, kind: TaxonomyKind): Promise<TaxonomyItem[]> {
  return (await repo.listTaxonomy(db, kind)).map(toTaxonomyItem);
}

export async function getTaxonomyItem(db: Db, kind: TaxonomyKind, id: number): Promise<TaxonomyItem> {
  return toTaxonomyItem(await getRow(db, kind, id));
}

export async function createTaxonomyItem(db: Db, kind: TaxonomyKind, input: TaxonomyData): Promise<TaxonomyItem> {
  await assertValidParent(db, kind, input.parent_id);
  await assertSlugFree(db, kind, input.slug);
  const now = nowIso();
  try {
    const id = await repo.insertTaxonomy(db, kind, { ...input, created_at: now, updated_at: now });
    return toTaxonomyItem(await getRow(db, kind, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(kind);
    throw error;
  }
}

export async function updateTaxonomyItem(db: Db, kind: TaxonomyKind, id: number, input: TaxonomyData): Promise<TaxonomyItem> {
  await getRow(db, kind, id);
  await assertValidParent(db, kind, input.parent_id, id);
  await assertSlugFree(db, kind, input.slug, id);
  try {
    await repo.updateTaxonomy(db, kind, id, { ...input, updated_at: nowIso() });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(kind);
    throw error;
  }
  return toTaxonomyItem(await getRow(db, kind, id));
}

/**
 * Deleting a parent makes its children top-level, and deleting a category leaves its posts uncategorised.
 * The foreign keys say the same (ON DELETE SET NULL); doing it here too, in one transaction, keeps it true
 * whatever the connection's foreign-key setting.
 */
export async function deleteTaxonomyItem(db: Db, kind: TaxonomyKind, id: number): Promise<void> {
  await getRow(db, kind, id);
  await db.kysely.transaction().execute(async (trx) => {
    const tx: Db = { kysely: trx, dialect: db.dialect };
    const now = nowIso();
    await repo.detachTaxonomyChildren(tx, kind, id, now);
    if (kind === 'categories') await uncategorisePosts(tx, id, now);
    await repo.deleteTaxonomy(tx, kind, id);
  });
}
