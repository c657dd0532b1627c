import { z } from 'zod';
import { NAME_MAX, URL_MAX } from './limits.js';
import { nullableText, optionalText, requiredText } from './common.js';
import { ROLES, emailSchema } from './users.js';
import { phoneSchema } from './contacts.js';
import { isFeaturedImageUrl } from './pages.js';
import { DEFAULT_TIMEZONE, isTimeZone } from './schedule.js';
import { languageTagSchema } from './languages.js';
import type { DisplayCurrency } from './display-currencies.js';
import {
  languageDetailsInputSchema,
  languageDetailsSchema,
  siteDescriptionInputSchema,
  type LanguageDetails,
} from './site-details.js';
import {
  DISPLAY_CURRENCIES_MAX,
  DISPLAY_RATE_MAX,
  LANGUAGES_MAX,
  ACTIVITY_RETENTION_DEFAULT_DAYS,
  ACTIVITY_RETENTION_MAX_DAYS,
  ACTIVITY_RETENTION_MIN_DAYS,
  REVISIONS_KEEP_MAX,
} from './limits.js';

/** True for a currency code the runtime can format (ISO 4217: EUR, USD, JPY...). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return false;
  }
}

/** A language's own name for itself and its tag ("Deutsch (de)"), or the tag alone where the runtime has no name. */
export function languageName(tag: string, inLanguage: string = tag): string {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name.charAt(0).toLocaleUpperCase(inLanguage)}${name.slice(1)} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/** The default first, then the others in their order, each once. */
export function siteLanguageList(defaultLanguage: string, languages: readonly string[]): string[] {
  return [defaultLanguage, ...languages.filter((language) => language !== defaultLanguage)];
}

/** What a site starts with before an administrator saves its settings. */
export const DEFAULT_SITE_SETTINGS = {
  site_name: 'Tours CMS',
  site_description: '',
  currency: 'EUR',
  contact_email: null,
  contact_phone: null,
  social_image_url: null,
  timezone: DEFAULT_TIMEZONE,
  revisions_keep: null,
  two_factor_roles: [],
  activity_retention_days: ACTIVITY_RETENTION_DEFAULT_DAYS,
  default_language: 'en',
  languages: ['en'],
  display_currencies: [] as DisplayCurrency[],
  language_currencies: {} as Record<string, string>,
  language_details: {} as Record<string, LanguageDetails>,
} as const;

/** A display currency as an administrator enters it; the server dates the rate when it changes. */
export const displayCurrencyInputSchema = z.object({
  code: z
    .string({ message: 'Currency is required' })
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, 'Currency must be an ISO 4217 code, such as USD or GBP'),
  rate: z
    .number({ message: 'Rate must be a number' })
    .positive('Rate must be more than 0')
    .max(DISPLAY_RATE_MAX, `Rate must be at most ${DISPLAY_RATE_MAX}`),
});
export type DisplayCurrencyInput = z.input<typeof displayCurrencyInputSchema>;

/**
 * PUT /settings: the site's name (titles, structured data), the currency of every price, the organisation's
 * contact details and the image shown when a page without one of its own is shared.
 */
export const siteSettingsInputSchema = z.object({
  site_name: requiredText('Site name', NAME_MAX),
  /** What the site is about, in a sentence or two (the home page's description when it has none). Absent keeps it. */
  site_description: siteDescriptionInputSchema.optional(),
  currency: z
    .string({ message: 'Currency is required' })
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, 'Currency must be an ISO 4217 code, such as EUR or USD'),
  contact_email: z
    .union([z.literal(''), emailSchema])
    .nullish()
    .transform((value) => (value ? value : null)),
  contact_phone: phoneSchema,
  social_image_url: optionalText(URL_MAX)
    .transform((url) => url?.trim() ?? null)
    .refine(
      (url) => url === null || isFeaturedImageUrl(url),
      'Social image URL must start with http://, https:// or /',
    ),
  /**
   * The IANA time zone the admin shows and reads 'Publish at' in (`Europe/Lisbon`). Absent keeps the saved one,
   * so clients that predate it do not reset it.
   */
  timezone: z
    .string({ message: 'Time zone must be text' })
    .trim()
    .refine(isTimeZone, 'Time zone must be an IANA time zone, such as Europe/Lisbon or UTC')
    .optional(),
  /**
   * How many versions of each post, page and component to keep: null or blank keeps them all. Absent keeps the
   * saved choice.
   */
  revisions_keep: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .number({ message: 'Versions to keep must be a whole number' })
      .int('Versions to keep must be a whole number')
      .min(1, 'Versions to keep must be at least 1')
      .max(REVISIONS_KEEP_MAX, `Versions to keep must be at most ${REVISIONS_KEEP_MAX}`)
      .nullish(),
  ),
  /**
   * The roles whose users must sign in with a second factor: they are sent to set it up at their next request.
   * Absent keeps the saved choice.
   */
  two_factor_roles: z
    .array(z.enum(ROLES, { message: 'Roles must be admin, editor or user' }), { message: 'Roles must be a list' })
    .transform((roles) => ROLES.filter((role) => roles.includes(role)))
    .optional(),
  /** How many days activity entries are kept. Absent keeps the saved choice. */
  activity_retention_days: z
    .number({ message: 'Days to keep activity must be a whole number' })
    .int('Days to keep activity must be a whole number')
    .min(ACTIVITY_RETENTION_MIN_DAYS, `Days to keep activity must be at least ${ACTIVITY_RETENTION_MIN_DAYS}`)
    .max(ACTIVITY_RETENTION_MAX_DAYS, `Days to keep activity must be at most ${ACTIVITY_RETENTION_MAX_DAYS}`)
    .optional(),
  /** The language of the site's default addresses (`/`, `/tours`). Absent keeps the saved one. */
  default_language: languageTagSchema('Default language').optional(),
  /**
   * Every language the site is in; the default is added first if missing. Absent keeps the saved list.
   */
  languages: z
    .array(languageTagSchema('Each language'), { message: 'Languages must be a list' })
    .max(LANGUAGES_MAX, `A site can be in at most ${LANGUAGES_MAX} languages`)
    .superRefine((languages, ctx) => {
      const repeated = languages.find((language, index) => languages.indexOf(language) !== index);
      if (repeated) ctx.addIssue({ code: 'custom', message: `Languages name ${repeated} twice` });
    })
    .optional(),
  /**
   * The currencies visitors may see prices converted into, each with its rate against the site's currency (issue 30
   * item 5). Absent keeps the saved list.
   */
  display_currencies: z
    .array(displayCurrencyInputSchema, { message: 'Display currencies must be a list' })
    .max(DISPLAY_CURRENCIES_MAX, `A site can offer at most ${DISPLAY_CURRENCIES_MAX} display currencies`)
    .superRefine((currencies, ctx) => {
      currencies.forEach((currency, index) => {
        if (currencies.findIndex((other) => other.code === currency.code) !== index)
          ctx.addIssue({ code: 'custom', path: [index, 'code'], message: `${currency.code} is already in the list` });
      });
    })
    .optional(),
  /**
   * A language's default display currency, by language tag (`{ "en-US": "USD" }`): prices in that language's
   * documents are shown converted until the visitor chooses. Absent keeps the saved choice.
   */
  language_currencies: z
    .record(z.string(), z.string({ message: 'Currency must be text' }).trim().toUpperCase(), {
      message: 'Default display currencies must be an object',
    })
    .optional(),
  /**
   * The site's name, description and contact details in the languages other than the default, by language tag
   * (`{ "de": { "site_name": "Lissabon zu Fuß" } }`); a field left out or blank is the default language's. Read as
   * of the default language the site had before the save. Absent keeps the saved details.
   */
  language_details: z
    .record(z.string(), languageDetailsInputSchema, { message: "Each language's details must be an object" })
    .optional(),
});
export type SiteSettingsInput = z.input<typeof siteSettingsInputSchema>;
export type SiteSettingsData = z.output<typeof siteSettingsInputSchema>;

/** The site's settings as GET and PUT /settings answer them. */
export const siteSettingsSchema = z.object({
  site_name: z.string(),
  /** The default language's description of the site; '' when none. */
  site_description: z.string(),
  currency: z.string(),
  contact_email: nullableText,
  contact_phone: nullableText,
  social_image_url: nullableText,
  timezone: z.string(),
  /** Null: every version is kept. */
  revisions_keep: z.number().int().nullable(),
  two_factor_roles: z.array(z.enum(ROLES)),
  activity_retention_days: z.number().int(),
  /** The language of the site's default addresses, BCP 47 (`en`, `pt-PT`). */
  default_language: z.string(),
  /** Every language the site is in, the default first. */
  languages: z.array(z.string()),
  /** The display currencies, in the administrator's order, each with its rate and when the rate was set. */
  display_currencies: z.array(z.object({ code: z.string(), rate: z.number(), rate_set_at: z.string() })),
  /** A language's default display currency, by language tag. */
  language_currencies: z.record(z.string(), z.string()),
  /** Each other language's own name, description and contact details, only the fields it has (site-details.ts). */
  language_details: z.record(z.string(), languageDetailsSchema),
  updated_at: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** A price in the site's currency, by the reader's locale rules ("€79.00", "79,00 €"). */
export function formatPrice(price: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price);
}
