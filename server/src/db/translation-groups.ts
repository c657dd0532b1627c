import { sql } from 'kysely';
import type { Db } from './dialect.js';
import { forUpdate } from './transaction.js';

/**
 * The tables whose rows are linked as translations (issue 30): each row has a language and a translation group
 * (migrations 0031 and 0033).
 */
export type TranslatedTable = 'posts' | 'pages' | 'components' | 'categories' | 'tags' | 'faqs';

/**
 * Another item of a row's translation group, as the row names it. Posts and pages have a slug and a status; of the
 * others, components have a slug and are active or inactive, categories and tags have a slug and no status (null),
 * FAQs neither (both null): one shape for every kind.
 */
export interface TranslationLink<Status extends string | null = string, Slug extends string | null = string> {
  id: number;
  language: string;
  slug: Slug;
  status: Status;
  /** When its text last changed, or it was saved as a translation: what "out of date" compares (migration 0036). */
  text_updated_at: string;
}

/** What a row needs to be given its translations. */
export interface GroupMember {
  id: number;
  translation_group: number;
}

/** A link as read, with its group; slug and status null for the kinds without them (the answers' types say so). */
interface LinkRow {
  id: number;
  language: string;
  slug: string | null;
  status: string | null;
  /** When its text last changed; null or absent for the kinds that keep no such time (categories, tags). */
  text_updated_at?: string | null;
  translation_group: number;
}

/** The links of each row's group but the row itself, by row id, from every member of those groups (`links`). */
function byRow(rows: readonly GroupMember[], links: readonly LinkRow[]): Map<number, TranslationLink[]> {
  const groups = new Map<number, TranslationLink[]>();
  for (const { translation_group, ...link } of links) {
    // A row written straight to the database (a benchmark's) may have no group: it is alone.
    if (translation_group === null) continue;
    // Typed as the posts' links; each kind's answer schema says which of slug and status it has (null otherwise).
    const member = link as TranslationLink;
    const members = groups.get(translation_group);
    if (members) members.push(member);
    else groups.set(translation_group, [member]);
  }
  return new Map(
    rows.map((row) => [
      row.id,
      (groups.get(row.translation_group ?? -row.id) ?? [])
        .filter((link) => link.id !== row.id)
        .sort((a, b) => (a.language < b.language ? -1 : a.language > b.language ? 1 : a.id - b.id)),
    ]),
  );
}

/** A link's columns as `table` has them: a slug, a status and when its text last changed, null for what it has not. */
function linkColumns(table: TranslatedTable) {
  const slug = table === 'faqs' ? sql<string>`NULL` : sql<string>`slug`;
  const status =
    table === 'posts' || table === 'pages'
      ? sql<string>`status`
      : table === 'components'
        ? sql<string>`CASE WHEN is_active = 1 THEN 'active' ELSE 'inactive' END`
        : sql<string>`NULL`;
  // Categories and tags keep no such time (their links' `text_updated_at` is null, and not answered).
  const timeless = table === 'categories' || table === 'tags';
  const textUpdatedAt = timeless ? sql<string>`NULL` : sql<string>`text_updated_at`;
  return { slug, status, textUpdatedAt };
}

/** A link's columns, read from `table`. */
function linkQuery(db: Db, table: TranslatedTable) {
  const { slug, status, textUpdatedAt } = linkColumns(table);
  // Every translated table has these columns; the one it is, is a value (Kysely's types need one name to check).
  return db.kysely
    .selectFrom(table as 'pages')
    .select([
      'id',
      'language',
      'translation_group',
      slug.as('slug'),
      status.as('status'),
      textUpdatedAt.as('text_updated_at'),
    ]);
}

/** The translations of these rows, by row id: one query for all of them (a list's page, one item). */
export async function translationsOf(
  db: Db,
  table: TranslatedTable,
  rows: readonly GroupMember[],
): Promise<Map<number, TranslationLink[]>> {
  const groups = [...new Set(rows.map((row) => row.translation_group))];
  const links: LinkRow[] = [];
  // Bounded lists of parameters (a page has at most a few hundred rows; the whole array reads its own rows instead).
  for (let at = 0; at < groups.length; at += 500)
    links.push(
      ...(await linkQuery(db, table)
        .where('translation_group', 'in', groups.slice(at, at + 500))
        .execute()),
    );
  return byRow(rows, links);
}

/** The translations of every row of a whole list that holds every item (GET /posts/ without a filter): no query. */
export function translationsWithin(rows: readonly LinkRow[]): Map<number, TranslationLink[]> {
  return byRow(rows, rows);
}

/**
 * The translations of every item in `language`, by item id, in one query: the other items of the groups that have
 * an item in that language (the whole array of GET /posts/?language=de). The database answers them as one JSON
 * array of arrays, read with one `JSON.parse`: at 100,000 links, making a row object a link in the driver cost
 * three times the query (bench/src/posts-language.ts).
 */
export async function translationsOfLanguage(
  db: Db,
  table: TranslatedTable,
  rows: readonly GroupMember[],
  language: string,
): Promise<Map<number, TranslationLink[]>> {
  const { slug, status, textUpdatedAt } = linkColumns(table);
  const entry = sql.join([
    sql.ref('translation_group'),
    sql.ref('id'),
    sql.ref('language'),
    slug,
    status,
    textUpdatedAt,
  ]);
  const aggregate =
    db.dialect === 'postgres'
      ? sql<string | null>`json_agg(json_build_array(${entry}))::text`
      : sql<string | null>`json_group_array(json_array(${entry}))`;
  const found = await db.kysely
    .selectFrom(table as 'pages')
    .select(aggregate.as('links'))
    .where('language', '!=', language)
    .where('translation_group', 'in', (eb) =>
      eb
        .selectFrom(table as 'pages')
        .select('translation_group')
        .where('language', '=', language),
    )
    .executeTakeFirst();
  const entries = JSON.parse(found?.links ?? '[]') as [
    number,
    number,
    string,
    string | null,
    string | null,
    string | null,
  ][];
  const links = entries.map(([translation_group, id, tag, slug, status, text_updated_at]): LinkRow => ({
    id,
    language: tag,
    slug,
    status,
    text_updated_at,
    translation_group,
  }));
  return byRow(rows, links);
}

/**
 * The translations of the row `alias` of `table` as JSON text, built by the database: `[{ id, language, slug,
 * status, text_updated_at }]`, by language then id, as `byRow` orders them (`[]` for a row alone). For a whole list
 * serialized by the database (posts.repository.ts `listPostsJson`).
 */
export function translationsJson(db: Db, table: 'posts' | 'pages', alias: string) {
  const fields = sql.join(
    (['id', 'language', 'slug', 'status', 'text_updated_at'] as const).flatMap((column) => [
      sql.lit(column),
      sql.ref(`o.${column}`),
    ]),
  );
  const mine = sql`FROM ${sql.table(table)} o WHERE o.translation_group = ${sql.ref(`${alias}.translation_group`)}
    AND o.id <> ${sql.ref(`${alias}.id`)}`;
  return db.dialect === 'postgres'
    ? sql<string>`coalesce((SELECT json_agg(json_build_object(${fields}) ORDER BY o.language COLLATE "C", o.id) ${mine}), '[]'::json)`
    : sql<string>`(SELECT json_group_array(json_object(${fields}) ORDER BY o.language, o.id) ${mine})`;
}

/** The item of the group in this language, if any. */
export async function groupItemIn(
  db: Db,
  table: TranslatedTable,
  group: number,
  language: string,
): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom(table as 'pages')
    .select('id')
    .where('translation_group', '=', group)
    .where('language', '=', language)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Locks every item of the item's group, in id order (so two saves in one group, from any of its languages, wait for
 * each other rather than deadlock), and answers their ids; none when the item does not exist. It looks again until
 * no item joined meanwhile: on PostgreSQL a translation added while the lock was awaited is not among the rows the
 * first look waited for, and a save must share its fields with it, a move to the trash take it too.
 */
export async function lockGroup(tx: Db, table: TranslatedTable, id: number): Promise<number[]> {
  let ids = await lockGroupOnce(tx, table, id);
  for (;;) {
    const again = await lockGroupOnce(tx, table, id);
    if (again.join() === ids.join()) return ids;
    ids = again;
  }
}

async function lockGroupOnce(tx: Db, table: TranslatedTable, id: number): Promise<number[]> {
  const rows = await forUpdate(
    tx,
    tx.kysely
      .selectFrom(table as 'pages')
      .select('id')
      .where('translation_group', '=', (eb) =>
        eb
          .selectFrom(table as 'pages')
          .select('translation_group')
          .where('id', '=', id),
      )
      .orderBy('id'),
  ).execute();
  return rows.map((row) => row.id);
}

/** Puts a row just inserted into a group: its own (a new item) or its source's (a translation). */
export async function joinGroup(tx: Db, table: TranslatedTable, id: number, group: number): Promise<void> {
  await tx.kysely
    .updateTable(table as 'pages')
    .set({ translation_group: group })
    .where('id', '=', id)
    .execute();
}

/** The item's translation group; undefined when there is no such item. */
export async function groupOf(db: Db, table: TranslatedTable, id: number): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom(table as 'pages')
    .select('translation_group')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.translation_group;
}

/**
 * Each of these items' translation in `language`, by item id, in one query: the item of its group in that language
 * (itself when it is in that language). Items whose group has none are left out.
 */
export async function itemsInLanguage(
  db: Db,
  table: TranslatedTable,
  ids: readonly number[],
  language: string,
): Promise<Map<number, number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom(`${table as 'pages'} as item`)
    .innerJoin(`${table as 'pages'} as other`, (join) =>
      join.onRef('other.translation_group', '=', 'item.translation_group').on('other.language', '=', language),
    )
    .select(['item.id as id', 'other.id as translation'])
    .where('item.id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row.translation]));
}
