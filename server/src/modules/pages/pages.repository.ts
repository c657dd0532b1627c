import { sql, type Insertable, type Updateable } from 'kysely';
import { HOME_PAGE_SLUG, type ListPage, type PageListQuery, type PageStatus } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { contains, countRows, keysetSort, pageRows, toListPage } from '../../list-paging.js';
import { forUpdate } from '../../db/transaction.js';
import type { PageRow, PagesTable } from '../../db/tables.js';

export interface PageListRow {
  id: number;
  title: string;
  slug: string;
  status: PageStatus;
  publish_at: string | null;
  /** 1 when the page has template_data; a number, since SQLite has no booleans. */
  has_template_data: number;
  created_at: string;
  updated_at: string;
  text_updated_at: string;
  language: string;
  translation_group: number;
}

const PAGE_LIST_COLUMNS = [
  'id',
  'title',
  'slug',
  'status',
  'publish_at',
  'created_at',
  'updated_at',
  'text_updated_at',
  'language',
  'translation_group',
] as const;
const hasTemplateData = sql<number>`case when template_data is null then 0 else 1 end`.as('has_template_data');

/** Newest first, and only the list's columns: content can be megabytes a page. Every language, or `language`'s. */
export async function listPages(db: Db, language?: string): Promise<PageListRow[]> {
  return db.kysely
    .selectFrom('pages')
    .select(PAGE_LIST_COLUMNS)
    .select(hasTemplateData)
    .$if(language !== undefined, (qb) => qb.where('language', '=', language!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One page of the list, searched (title), filtered by status and sorted on the server (GET /pages/?…). */
export async function listPagesPage(db: Db, query: PageListQuery): Promise<ListPage<PageListRow>> {
  const sort = keysetSort(query.sort);
  const filtered = db.kysely
    .selectFrom('pages')
    .$if(query.language !== undefined, (qb) => qb.where('language', '=', query.language!))
    .$if(query.status !== undefined, (qb) => qb.where('status', '=', query.status!))
    .$if(query.q !== undefined, (qb) => qb.where(contains(db, 'title', query.q!)));
  const [rows, total] = await Promise.all([
    pageRows(filtered.select(PAGE_LIST_COLUMNS).select(hasTemplateData), sort, query.cursor, query.limit).execute(),
    countRows(filtered),
  ]);
  return toListPage('pages', query.sort, sort, rows, query.limit, total);
}

export async function findPageById(db: Db, id: number): Promise<PageRow | undefined> {
  return db.kysely.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPublishedPageBySlug(db: Db, slug: string): Promise<PageRow | undefined> {
  return db.kysely
    .selectFrom('pages')
    .selectAll()
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

/**
 * The published translation in `language` of the home page (the page whose slug is 'home'): that language's home
 * (issue 30), at `/de/`.
 */
export async function findPublishedHomeIn(db: Db, language: string): Promise<PageRow | undefined> {
  return db.kysely
    .selectFrom('pages')
    .selectAll()
    .where('translation_group', '=', (eb) =>
      eb.selectFrom('pages').select('translation_group').where('slug', '=', HOME_PAGE_SLUG),
    )
    .where('language', '=', language)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

/** Slug, language, translation group and last change of every published page, for the sitemap. */
export async function listPublishedSlugs(
  db: Db,
): Promise<{ slug: string; updated_at: string; language: string; translation_group: number }[]> {
  return db.kysely
    .selectFrom('pages')
    .select(['slug', 'updated_at', 'language', 'translation_group'])
    .where('status', '=', 'published')
    .orderBy('slug')
    .execute();
}

/** Id and version of every published page: the version changes whenever the content may have. */
export async function listPublishedVersions(db: Db): Promise<{ id: number; version: number }[]> {
  return db.kysely
    .selectFrom('pages')
    .select(['id', 'version'])
    .where('status', '=', 'published')
    .orderBy('id')
    .execute();
}

/** The content of these published pages (those still published). */
export async function findPublishedContents(db: Db, ids: number[]): Promise<{ id: number; content: string | null }[]> {
  if (ids.length === 0) return [];
  return db.kysely
    .selectFrom('pages')
    .select(['id', 'content'])
    .where('id', 'in', ids)
    .where('status', '=', 'published')
    .execute();
}

export async function countPages(db: Db): Promise<number> {
  const { count } = await db.kysely
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertPage(db: Db, row: Insertable<PagesTable>): Promise<number> {
  const { id } = await db.kysely.insertInto('pages').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updatePage(db: Db, id: number, changes: Updateable<PagesTable>): Promise<void> {
  await db.kysely.updateTable('pages').set(changes).where('id', '=', id).execute();
}

export async function deletePage(db: Db, id: number): Promise<boolean> {
  const result = await db.kysely.deleteFrom('pages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Reads and locks the page for a save (in the caller's transaction); undefined when there is none. */
export async function lockPageForSave(db: Db, id: number): Promise<PageRow | undefined> {
  return forUpdate(db, db.kysely.selectFrom('pages').selectAll().where('id', '=', id)).executeTakeFirst();
}

/** The scheduled pages whose moment has come, soonest first (the (status, publish_at) index). */
export async function listDuePageIds(db: Db, now: string, limit = 100): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('pages')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', now)
    .orderBy('publish_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Puts a trashed page's row back under its id. Its author and last saver are kept only if their accounts still
 * exist (a subquery, so a deleted account gives null rather than a foreign-key refusal).
 */
export async function restorePage(db: Db, row: Insertable<PagesTable> & { id: number }): Promise<void> {
  const { author_id, updated_by, ...rest } = row;
  await db.kysely
    .insertInto('pages')
    .values((eb) => ({
      ...rest,
      author_id: eb
        .selectFrom('users')
        .select('id')
        .where('id', '=', author_id ?? -1),
      updated_by: eb
        .selectFrom('users')
        .select('id')
        .where('id', '=', updated_by ?? -1),
    }))
    .execute();
}
