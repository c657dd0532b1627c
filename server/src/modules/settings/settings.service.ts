import {
  DEFAULT_SITE_SETTINGS,
  type DisplayCurrency,
  LANGUAGES_MAX,
  languageName,
  SITE_DETAIL_FIELDS,
  siteDetailsIn,
  siteLanguageList,
  type LanguageDetails,
  type SiteDetails,
  type SiteSettings,
  type SiteSettingsData,
} from '@tours-cms/contract';
import { HttpError, invalidField } from '../../core/errors.js';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction, lockSiteLanguages } from '../../db/transaction.js';
import { nowIso } from '../../core/clock.js';
import { describeChanges, joinList } from '../../core/change-summary.js';
import type { SiteChanges } from '../../core/site-changes.js';
import type { ActivityService } from '../activity/activity.service.js';
import * as repo from './settings.repository.js';

export interface SettingsDeps {
  db: Db;
  siteChanges: SiteChanges;
  activity: ActivityService;
}

const SETTING_LABELS: Partial<Record<keyof SiteSettings, string>> = {
  site_name: 'site name',
  site_description: 'site description',
  currency: 'currency',
  contact_email: 'contact e-mail',
  contact_phone: 'contact phone',
  social_image_url: 'social image',
  timezone: 'time zone',
  revisions_keep: 'versions to keep',
  two_factor_roles: 'roles that must use two-factor sign-in',
  activity_retention_days: 'days to keep activity',
  default_language: 'default language',
  languages: 'languages',
  display_currencies: 'display currencies',
  language_currencies: 'default display currencies',
};

/** The site's settings: its name, currency, contact details, default social image and security rules. */
export function createSettingsService({ db, siteChanges, activity }: SettingsDeps) {
  async function get(tx: Db = db): Promise<SiteSettings> {
    return (
      (await repo.findSettings(tx)) ?? {
        ...DEFAULT_SITE_SETTINGS,
        two_factor_roles: [],
        languages: [...DEFAULT_SITE_SETTINGS.languages],
        display_currencies: [],
        language_currencies: {},
        language_details: {},
        updated_at: null,
      }
    );
  }

  return {
    /** The saved settings, or the defaults (with no `updated_at`) until an administrator saves them. */
    get,

    /**
     * A PUT replaces every setting but those a client may leave out (time zone, versions to keep, the two-factor
     * roles, the activity retention, the languages, the site's description and each language's details), which stay
     * as saved; the public site shows the name and prices,
     * so it is told. The default language is always in the list, first.
     */
    async update(input: SiteSettingsData, actor: Actor): Promise<SiteSettings> {
      const now = nowIso();
      await inTransaction(db, async (tx) => {
        const saved = await get(tx);
        const languages = languagesOf(input, saved);
        const next = {
          ...input,
          timezone: input.timezone ?? saved.timezone,
          revisions_keep: input.revisions_keep === undefined ? saved.revisions_keep : input.revisions_keep,
          two_factor_roles: input.two_factor_roles ?? saved.two_factor_roles,
          activity_retention_days: input.activity_retention_days ?? saved.activity_retention_days,
          ...languages,
          ...displayCurrenciesOf(input, saved, languages.languages, now),
          ...siteDetailsOf(input, saved, languages),
        };
        await assertRemovedLanguagesUnused(tx, saved.languages, next.languages);
        await repo.saveSettings(tx, { ...next, updated_at: now });
        await activity.record(tx, actor, {
          action: 'update',
          itemType: 'settings',
          itemId: null,
          title: 'Site settings',
          summary: describeChanges(saved, next, {
            ...SETTING_LABELS,
            language_details: `site details in ${joinList(
              changedDetails(saved.language_details, next.language_details).map((tag) => languageName(tag)),
            )}`,
          }),
        });
      });
      siteChanges.changed('settings');
      return (await repo.findSettings(db))!;
    },
  };
}

/**
 * The languages a PUT leaves the site in: a new default joins the list (first); a list given without the default
 * gets it back first. A new default is taken into a list given with it, so it never drops out.
 */
function languagesOf(
  input: SiteSettingsData,
  saved: SiteSettings,
): Pick<SiteSettings, 'default_language' | 'languages'> {
  const defaultLanguage = input.default_language ?? saved.default_language;
  const languages = siteLanguageList(defaultLanguage, input.languages ?? saved.languages);
  if (languages.length > LANGUAGES_MAX)
    throw invalidField('languages', `A site can be in at most ${LANGUAGES_MAX} languages, the default among them`);
  return { default_language: defaultLanguage, languages };
}

/**
 * The display currencies a PUT leaves the site with (issue 30 item 5). A rate keeps the date it was set until it
 * changes; a new currency's is now. None may be the site's own currency (its prices are already in it). A
 * language's default must be one of the site's languages and one of the display currencies (422 naming it); an
 * empty one is none. Left out, the saved choices stay, less any whose language or currency has gone.
 */
function displayCurrenciesOf(
  input: SiteSettingsData,
  saved: SiteSettings,
  languages: readonly string[],
  now: string,
): Pick<SiteSettings, 'display_currencies' | 'language_currencies'> {
  const given = input.display_currencies;
  const list: DisplayCurrency[] =
    given === undefined
      ? saved.display_currencies
      : given.map(({ code, rate }) => {
          const before = saved.display_currencies.find((currency) => currency.code === code);
          return { code, rate, rate_set_at: before && before.rate === rate ? before.rate_set_at : now };
        });
  const own = list.findIndex((currency) => currency.code === input.currency);
  if (own !== -1)
    throw given === undefined
      ? invalidField(
          'currency',
          `${input.currency} is one of the display currencies: remove it from them before making it the site's currency`,
        )
      : invalidField(
          `display_currencies[${own}].code`,
          `${input.currency} is the site's currency: its prices are already shown in it`,
        );
  const codes = new Set(list.map((currency) => currency.code));
  const chosen: Record<string, string> = {};
  if (input.language_currencies === undefined) {
    for (const [language, code] of Object.entries(saved.language_currencies))
      if (languages.includes(language) && codes.has(code)) chosen[language] = code;
  } else {
    for (const [key, code] of Object.entries(input.language_currencies)) {
      const field = `language_currencies.${key}`;
      const language = languages.find((tag) => tag.toLowerCase() === key.trim().toLowerCase());
      if (!language) throw invalidField(field, `${key} is not one of the site's languages`);
      if (code === '') continue;
      if (!codes.has(code)) throw invalidField(field, `${code} is not one of the display currencies`);
      chosen[language] = code;
    }
  }
  return { display_currencies: list, language_currencies: chosen };
}

/**
 * The site's name, description and contact details a PUT leaves, the default language's and each other language's
 * own (issue 30 item 1). Left out, the description and the languages' details stay as saved. A language's details
 * must be for one of the site's languages other than the default (422 naming `language_details.{tag}`); a language
 * removed takes its details with it.
 *
 * The PUT's fields are read as of the default language the site had before it (what the Settings screen showed).
 * When the default changes, no language's details as shown change: the new default's become the site's own fields
 * (where it had none of its own, the old default's value, which it showed), and every other language, the old
 * default among them, keeps as its own each value it showed that is not the new default's. One loss is not
 * avoidable: a field the old default left empty (no phone) and the new default has is shown in the old default too.
 */
function siteDetailsOf(
  input: SiteSettingsData,
  saved: SiteSettings,
  { default_language: defaultLanguage, languages }: Pick<SiteSettings, 'default_language' | 'languages'>,
): SiteDetails & Pick<SiteSettings, 'language_details'> {
  const before = saved.default_language;
  const own: SiteDetails = {
    site_name: input.site_name,
    site_description: input.site_description === undefined ? saved.site_description : (input.site_description ?? ''),
    contact_email: input.contact_email,
    contact_phone: input.contact_phone,
  };
  const given = new Map<string, LanguageDetails>();
  if (input.language_details === undefined) {
    for (const [language, details] of Object.entries(saved.language_details)) given.set(language, details);
  } else {
    for (const [key, details] of Object.entries(input.language_details)) {
      const field = `language_details.${key}`;
      const language = languages.find((tag) => tag.toLowerCase() === key.trim().toLowerCase());
      if (!language) throw invalidField(field, `${key} is not one of the site's languages`);
      if (language === before)
        throw invalidField(
          field,
          `${languageName(language)} is the default language: its details are the site's name, description and contact fields`,
        );
      given.set(language, details);
    }
  }
  if (defaultLanguage === before) {
    // In the list's order, each language once, the default and languages no longer listed left out.
    const details: Record<string, LanguageDetails> = {};
    for (const language of languages) {
      const kept = given.get(language);
      if (language !== defaultLanguage && kept && Object.keys(kept).length) details[language] = kept;
    }
    return { ...own, language_details: details };
  }
  const shown = (language: string) =>
    siteDetailsIn({ ...own, default_language: before, language_details: Object.fromEntries(given) }, language);
  const main = shown(defaultLanguage);
  const details: Record<string, LanguageDetails> = {};
  for (const language of languages) {
    if (language === defaultLanguage) continue;
    const was = shown(language);
    const kept: LanguageDetails = {};
    for (const field of SITE_DETAIL_FIELDS) {
      const value = was[field];
      if (value && value !== main[field]) kept[field] = value;
    }
    if (Object.keys(kept).length) details[language] = kept;
  }
  return { ...main, language_details: details };
}

/** The languages whose own details differ between two saves, in the order they come. */
function changedDetails(before: Record<string, LanguageDetails>, after: Record<string, LanguageDetails>): string[] {
  const languages = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return languages.filter((tag) => JSON.stringify(before[tag] ?? {}) !== JSON.stringify(after[tag] ?? {}));
}

/**
 * 409 when a language taken off the list still has items (posts, pages...): they would be at no address and in no
 * list's filter. The count says how many, so the administrator can move or delete them first; nothing is saved.
 */
async function assertRemovedLanguagesUnused(tx: Db, before: readonly string[], after: readonly string[]) {
  const removed = before.filter((language) => !after.includes(language));
  // Counted while no write is putting an item in a language (`lockSiteLanguages`): one at it now is waited for.
  if (removed.length) await lockSiteLanguages(tx, 'change');
  const counts = await repo.countItemsInLanguages(tx, removed);
  if (!counts.size) return;
  const parts = removed
    .filter((language) => counts.has(language))
    .map((language, index) => {
      const n = counts.get(language)!;
      const noun = index === 0 ? (n === 1 ? 'item is' : 'items are') : n === 1 ? 'is' : 'are';
      return `${n} ${noun} in ${languageName(language)}`;
    });
  const message = `${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]}: move or delete them first`;
  throw new HttpError(409, message, [{ field: 'languages', message }]);
}

export type SettingsService = ReturnType<typeof createSettingsService>;
