import type { Insertable } from 'kysely';
import type { MenuItemKind, MenuLocation } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { MenuItemsTable, MenusTable } from '../../db/tables.js';

export interface MenuItemRow {
  id: number;
  location: MenuLocation;
  position: number;
  parent: number | null;
  kind: MenuItemKind;
  target_id: number | null;
  label: string | null;
  /** JSON text of the labels in other languages, or null (migration 0039). */
  labels: string | null;
  url: string | null;
}

/** What an item's target is now: its title, its slug, and whether the site shows it. */
export interface MenuTarget {
  id: number;
  title: string;
  slug: string;
  published: boolean;
}

/** The menus that were ever saved. */
export async function listMenus(db: Db): Promise<MenusTable[]> {
  return db.kysely.selectFrom('menus').select(['location', 'updated_at', 'updated_by']).execute();
}

/** Every item of these menus, in order. */
export async function listItems(db: Db, locations: readonly MenuLocation[]): Promise<MenuItemRow[]> {
  if (locations.length === 0) return [];
  return db.kysely
    .selectFrom('menu_items')
    .select(['id', 'location', 'position', 'parent', 'kind', 'target_id', 'label', 'labels', 'url'])
    .where('location', 'in', locations)
    .orderBy('location')
    .orderBy('position')
    .execute();
}

/** Replaces a menu's items (its row first: the items reference it). */
export async function replaceMenu(
  db: Db,
  menu: MenusTable,
  items: Omit<Insertable<MenuItemsTable>, 'location'>[],
): Promise<void> {
  const updated = await db.kysely
    .updateTable('menus')
    .set({ updated_at: menu.updated_at, updated_by: menu.updated_by })
    .where('location', '=', menu.location)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.kysely.insertInto('menus').values(menu).execute();
  await db.kysely.deleteFrom('menu_items').where('location', '=', menu.location).execute();
  if (items.length > 0)
    await db.kysely
      .insertInto('menu_items')
      .values(items.map((item) => ({ ...item, location: menu.location })))
      .execute();
}

/** The targets among these ids that exist now, of one kind (a trashed page or tour is not among them). */
export async function findTargets(db: Db, kind: Exclude<MenuItemKind, 'custom'>, ids: number[]): Promise<MenuTarget[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  if (kind === 'category') {
    const rows = await db.kysely
      .selectFrom('categories')
      .select(['id', 'name', 'slug'])
      .where('id', 'in', unique)
      .execute();
    return rows.map((row) => ({ id: row.id, title: row.name, slug: row.slug, published: true }));
  }
  const table = kind === 'page' ? 'pages' : 'posts';
  const rows = await db.kysely
    .selectFrom(table)
    .select(['id', 'title', 'slug', 'status'])
    .where('id', 'in', unique)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, slug: row.slug, published: row.status === 'published' }));
}
