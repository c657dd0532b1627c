import {
  SITE_DETAIL_FIELDS,
  siteLanguageList,
  siteSettingsSchema,
  type DisplayCurrency,
  type LanguageDetails,
  type SiteSettings,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { SettingsTable } from '../../db/tables.js';
import { parseRoleList } from '../../role-list.js';

const SETTINGS_ID = 1;
const SETTINGS_COLUMNS = siteSettingsSchema.keyof().options;

/** The saved settings, or undefined before an administrator first saves them. */
export async function findSettings(db: Db): Promise<SiteSettings | undefined> {
  const row = await db.kysely
    .selectFrom('settings')
    .select(SETTINGS_COLUMNS)
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      two_factor_roles: parseRoleList(row.two_factor_roles),
      languages: parseLanguageList(row.languages, row.default_language),
      display_currencies: parseDisplayCurrencies(row.display_currencies),
      language_currencies: parseLanguageCurrencies(row.language_currencies),
      language_details: parseLanguageDetails(row.language_details),
    }
  );
}

/** The saved list, the default first; a list that cannot be read is the default alone (never a failed page). */
function parseLanguageList(json: string, defaultLanguage: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = [];
  }
  const saved = Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
  return siteLanguageList(defaultLanguage, saved);
}

function parseJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/** The saved display currencies; entries that cannot be read are left out (never a failed page). */
function parseDisplayCurrencies(json: string): DisplayCurrency[] {
  const parsed = parseJson(json);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (entry): entry is DisplayCurrency =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as DisplayCurrency).code === 'string' &&
      typeof (entry as DisplayCurrency).rate === 'number' &&
      typeof (entry as DisplayCurrency).rate_set_at === 'string',
  );
}

/** The saved default display currency of each language, text values only. */
function parseLanguageCurrencies(json: string): Record<string, string> {
  const parsed = parseJson(json);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** Each language's own site details: text fields that are not empty only (never a failed page). */
function parseLanguageDetails(json: string): Record<string, LanguageDetails> {
  const parsed = parseJson(json);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const details: Record<string, LanguageDetails> = {};
  for (const [language, saved] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof saved !== 'object' || saved === null) continue;
    const own: LanguageDetails = {};
    for (const field of SITE_DETAIL_FIELDS) {
      const value = (saved as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) own[field] = value;
    }
    details[language] = own;
  }
  return details;
}

/** Writes the one row, creating it the first time. */
export async function saveSettings(
  db: Db,
  settings: Omit<SiteSettings, 'updated_at'> & { updated_at: string },
): Promise<void> {
  const values: Omit<SettingsTable, 'id'> = {
    ...settings,
    two_factor_roles: JSON.stringify(settings.two_factor_roles),
    languages: JSON.stringify(siteLanguageList(settings.default_language, settings.languages)),
    display_currencies: JSON.stringify(settings.display_currencies),
    language_currencies: JSON.stringify(settings.language_currencies),
    language_details: JSON.stringify(settings.language_details),
  };
  await db.kysely
    .insertInto('settings')
    .values({ id: SETTINGS_ID, ...values })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
    .execute();
}

/**
 * The tables whose rows carry a `language` (issue 30): the items a language may not be removed from under. A table
 * joins this list with the migration that gives it the column.
 */
export const LANGUAGE_TABLES = ['posts', 'pages', 'components', 'categories', 'tags', 'faqs'] as const;

/** How many items (of every table with a language) are in each of these languages; a language with none is left out. */
export async function countItemsInLanguages(db: Db, languages: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!languages.length) return counts;
  for (const table of LANGUAGE_TABLES) {
    const rows = await db.kysely
      .selectFrom(table)
      .select((eb) => ['language', eb.fn.countAll<number | string>().as('n')])
      .where('language', 'in', [...languages])
      .groupBy('language')
      .execute();
    for (const row of rows) counts.set(row.language, (counts.get(row.language) ?? 0) + Number(row.n));
  }
  return counts;
}
