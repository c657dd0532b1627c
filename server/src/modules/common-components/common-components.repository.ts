import type { Insertable, Updateable } from 'kysely';
import type { ComponentType } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { forUpdate } from '../../db/transaction.js';
import type { ComponentRow, ComponentsTable } from '../../db/tables.js';

export interface ComponentFilter {
  isCommon?: boolean;
  isActive?: boolean;
  /** Only the components in this language (issue 30). */
  language?: string;
}

/** Newest first; the most recently updated of a type comes first within equal creation times. */
export async function listComponents(db: Db, filter: ComponentFilter = {}): Promise<ComponentRow[]> {
  let query = db.kysely.selectFrom('components').selectAll();
  if (filter.isCommon !== undefined) query = query.where('is_common', '=', filter.isCommon ? 1 : 0);
  if (filter.isActive !== undefined) query = query.where('is_active', '=', filter.isActive ? 1 : 0);
  if (filter.language !== undefined) query = query.where('language', '=', filter.language);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function findComponentById(db: Db, id: number): Promise<ComponentRow | undefined> {
  return db.kysely.selectFrom('components').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findComponentBySlug(db: Db, slug: string): Promise<ComponentRow | undefined> {
  return db.kysely.selectFrom('components').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Every slug that starts with the prefix (for picking a free "name-copy-N"). Slugs never hold % or _. */
export async function listSlugsStartingWith(db: Db, prefix: string): Promise<string[]> {
  const rows = await db.kysely.selectFrom('components').select('slug').where('slug', 'like', `${prefix}%`).execute();
  return rows.map((r) => r.slug).filter((slug) => slug.startsWith(prefix));
}

export async function insertComponent(db: Db, row: Insertable<ComponentsTable>): Promise<ComponentRow> {
  const { id } = await db.kysely.insertInto('components').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findComponentById(db, id))!;
}

/** Returns false when no component has this id. */
export async function updateComponent(db: Db, id: number, changes: Updateable<ComponentsTable>): Promise<boolean> {
  const result = await db.kysely.updateTable('components').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Returns false when no component has this id. */
export async function deleteComponent(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('components').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The content of the active common component of a type that the public site wraps around its pages, or null when
 * there is none: the newest in `language` (issue 30), else the newest in the site's default language, else the
 * newest in any (a site whose default language changed after its header was made keeps its header). One query.
 */
export async function findActiveCommonContent(
  db: Db,
  type: ComponentType,
  language?: { language: string; fallback: string },
): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('components')
    .select('content')
    .where('type', '=', type)
    .where('is_common', '=', 1)
    .where('is_active', '=', 1)
    .$if(language !== undefined, (qb) =>
      qb.orderBy((eb) =>
        eb
          .case()
          .when('language', '=', language!.language)
          .then(0)
          .when('language', '=', language!.fallback)
          .then(1)
          .else(2)
          .end(),
      ),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.content ?? null;
}

/** Reads and locks the component for a save (in the caller's transaction); undefined when there is none. */
export async function lockComponentForSave(db: Db, id: number): Promise<ComponentRow | undefined> {
  return forUpdate(db, db.kysely.selectFrom('components').selectAll().where('id', '=', id)).executeTakeFirst();
}

/** Puts a trashed component's row back under its id; its last saver is kept only if the account still exists. */
export async function restoreComponent(db: Db, row: Insertable<ComponentsTable> & { id: number }): Promise<void> {
  const { updated_by, ...rest } = row;
  await db.kysely
    .insertInto('components')
    .values((eb) => ({
      ...rest,
      updated_by: eb
        .selectFrom('users')
        .select('id')
        .where('id', '=', updated_by ?? -1),
    }))
    .execute();
}
