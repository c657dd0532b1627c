import type { Db } from './dialect.js';
import { forUpdate } from './transaction.js';

/** The tables whose rows are linked as translations (issue 30): each row has a language and a translation group. */
export type TranslatedTable = 'posts' | 'pages';

/** Another item of a row's translation group, as the row names it. */
export interface TranslationLink<Status extends string = string> {
  id: number;
  language: string;
  slug: string;
  status: Status;
  /** When it was last saved: a translation saved before its source is out of date. */
  updated_at: string;
}

/** What a row needs to be given its translations. */
export interface GroupMember {
  id: number;
  translation_group: number;
}

interface LinkRow extends TranslationLink {
  translation_group: number;
}

/** The links of each row's group but the row itself, by row id, from every member of those groups (`links`). */
function byRow(rows: readonly GroupMember[], links: readonly LinkRow[]): Map<number, TranslationLink[]> {
  const groups = new Map<number, TranslationLink[]>();
  for (const { translation_group, ...link } of links) {
    // A row written straight to the database (a benchmark's) may have no group: it is alone.
    if (translation_group === null) continue;
    const members = groups.get(translation_group);
    if (members) members.push(link);
    else groups.set(translation_group, [link]);
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

const LINK_COLUMNS = ['id', 'language', 'slug', 'status', 'updated_at', 'translation_group'] as const;

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
      ...(await db.kysely
        .selectFrom(table)
        .select(LINK_COLUMNS)
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
 * an item in that language (the whole array of GET /posts/?language=de).
 */
export async function translationsOfLanguage(
  db: Db,
  table: TranslatedTable,
  rows: readonly GroupMember[],
  language: string,
): Promise<Map<number, TranslationLink[]>> {
  const links = await db.kysely
    .selectFrom(table)
    .select(LINK_COLUMNS)
    .where('language', '!=', language)
    .where('translation_group', 'in', (eb) =>
      eb.selectFrom(table).select('translation_group').where('language', '=', language),
    )
    .execute();
  return byRow(rows, links);
}

/** The item of the group in this language, if any. */
export async function groupItemIn(
  db: Db,
  table: TranslatedTable,
  group: number,
  language: string,
): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom(table)
    .select('id')
    .where('translation_group', '=', group)
    .where('language', '=', language)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Locks every item of the item's group, in id order (so two saves in one group, from any of its languages, wait for
 * each other rather than deadlock), and answers their ids; none when the item does not exist.
 */
export async function lockGroup(tx: Db, table: TranslatedTable, id: number): Promise<number[]> {
  const rows = await forUpdate(
    tx,
    tx.kysely
      .selectFrom(table)
      .select('id')
      .where('translation_group', '=', (eb) => eb.selectFrom(table).select('translation_group').where('id', '=', id))
      .orderBy('id'),
  ).execute();
  return rows.map((row) => row.id);
}

/** Puts a row just inserted into a group: its own (a new item) or its source's (a translation). */
export async function joinGroup(tx: Db, table: TranslatedTable, id: number, group: number): Promise<void> {
  await tx.kysely.updateTable(table).set({ translation_group: group }).where('id', '=', id).execute();
}

/** The item's translation group; undefined when there is no such item. */
export async function groupOf(db: Db, table: TranslatedTable, id: number): Promise<number | undefined> {
  const row = await db.kysely.selectFrom(table).select('translation_group').where('id', '=', id).executeTakeFirst();
  return row?.translation_group;
}
