import { SLUG_MAX, translationSlug } from '@tours-cms/contract';
import type { Db } from '../db/dialect.js';
import { isUniqueViolation } from '../db/database-errors.js';
import { findSlugOwner, type SlugTable } from '../db/slug-owner.js';
import { groupItemIn, groupOf, joinGroup, lockGroup, type TranslatedTable } from '../db/translation-groups.js';
import { inTransaction, lockSiteLanguages } from '../db/transaction.js';
import { HttpError, invalidField, notFound } from '../core/errors.js';

/** The site's languages, as Settings answers them (read in `tx` when given): the default first. */
export type SiteLanguages = (tx?: Db) => Promise<{ default_language: string; languages: readonly string[] }>;

/**
 * The language an item is made in (issue 30): the one given, if the site has it (422 naming `language` otherwise),
 * else the site's default. Asked in the transaction that writes the item, which it holds the site's languages for
 * (`lockSiteLanguages`): a Settings save removing that language meanwhile waits for the write, then counts the item.
 */
export async function itemLanguage(tx: Db, siteLanguages: SiteLanguages, given: string | undefined): Promise<string> {
  await lockSiteLanguages(tx, 'use');
  const site = await siteLanguages(tx);
  if (given === undefined) return site.default_language;
  if (!site.languages.includes(given))
    throw invalidField(
      'language',
      `Language ${given} is not one of the site's languages (${site.languages.join(', ')}): add it in Settings first`,
    );
  return given;
}

/** A save keeps the item's language: a body may repeat it, never change it (422 naming `language`). */
export function assertSameLanguage(what: string, current: string, given: string | undefined): void {
  if (given !== undefined && given !== current)
    throw invalidField(
      'language',
      `This ${what} is in ${current}: its language cannot change (add a translation in ${given} instead)`,
    );
}

/** 409 naming the language: the group has an item in it already. */
export function languageTaken(what: string, language: string): HttpError {
  return new HttpError(409, `This ${what} already has a translation in ${language}`, [
    { field: 'language', message: `There is already a translation in ${language}` },
  ]);
}

/** A slug no row of the table holds: `{slug}-{language}`, else `{slug}-{language}-2`, `-3`... */
export async function freeTranslationSlug(tx: Db, table: SlugTable, slug: string, language: string): Promise<string> {
  const wanted = translationSlug(slug, language, SLUG_MAX);
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = `${wanted.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if ((await findSlugOwner(tx, table, candidate)) === undefined) return candidate;
  }
}

export interface TranslateOptions {
  table: TranslatedTable;
  /** As a 404 names the item: 'Category'. */
  noun: string;
  /** As the 409 names it: 'category'. */
  what: string;
  siteLanguages: SiteLanguages;
  /**
   * Inserts the copy of item `id` in `language`, in the transaction that holds its group's lock, with whatever goes
   * with it (the activity log's entry); answers the new row's id, or undefined when there is no item `id`.
   */
  copy(tx: Db, id: number, language: string): Promise<number | undefined>;
}

/**
 * Adds a translation to the group of item `id` (issue 30), for the kinds whose writes are their own (categories,
 * tags, FAQs; posts, pages and components go through the content lifecycle, which does the same): 422 for a
 * language the site does not have, 404 for no item, 409 when the group has one in that language. The group is
 * locked meanwhile, and should two requests still race, the unique index on (translation_group, language) refuses
 * the second: one translation, one 409, on both databases. Answers the new item's id.
 */
export async function translateItem(db: Db, options: TranslateOptions, id: number, language: string): Promise<number> {
  const { table, noun, what } = options;
  try {
    return await inTransaction(db, async (tx) => {
      await itemLanguage(tx, options.siteLanguages, language);
      if ((await lockGroup(tx, table, id)).length === 0) throw notFound(noun);
      const group = (await groupOf(tx, table, id))!;
      if ((await groupItemIn(tx, table, group, language)) !== undefined) throw languageTaken(what, language);
      const newId = await options.copy(tx, id, language);
      if (newId === undefined) throw notFound(noun);
      await joinGroup(tx, table, newId, group);
      return newId;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The transaction is gone (PostgreSQL refuses anything after the violation); look again outside it.
    const group = await groupOf(db, table, id);
    if (group !== undefined && (await groupItemIn(db, table, group, language)) !== undefined)
      throw languageTaken(what, language);
    // Another write took the free slug picked meanwhile.
    throw new HttpError(409, `Another ${what} took this slug meanwhile: try again`, [
      { field: 'slug', message: 'This slug is already in use' },
    ]);
  }
}
