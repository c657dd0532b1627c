import { z } from 'zod';
import { NAME_MAX, SITE_DESCRIPTION_MAX } from './limits.js';
import { emailSchema } from './users.js';
import { phoneSchema } from './contacts.js';

/**
 * The site's details a language may have its own of (issue 30 item 1): shown on the public site (titles,
 * og:site_name, the operator's JSON-LD) in that language, the default language's where a field is left empty.
 */
export const SITE_DETAIL_FIELDS = ['site_name', 'site_description', 'contact_email', 'contact_phone'] as const;
export type SiteDetailField = (typeof SITE_DETAIL_FIELDS)[number];

/** The details as a document shows them: the default language's fields, or a language's own where it has them. */
export interface SiteDetails {
  site_name: string;
  site_description: string;
  contact_email: string | null;
  contact_phone: string | null;
}

/** One language's own details as saved and answered: only the fields it gives, each non-empty. */
export type LanguageDetails = Partial<Record<SiteDetailField, string>>;

/** Text that is null when blank; longer than `max` is refused with the field's label. */
function blankableText(label: string, max: number) {
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);
}

/** One language's details as a PUT gives them: each field optional, blank meaning "the default language's". */
export const languageDetailsInputSchema = z
  .object(
    {
      site_name: blankableText('Site name', NAME_MAX),
      site_description: blankableText('Site description', SITE_DESCRIPTION_MAX),
      contact_email: z
        .union([z.literal(''), emailSchema])
        .nullish()
        .transform((value) => value || null),
      contact_phone: phoneSchema.transform((value) => value?.trim() || null),
    },
    { message: "A language's details must be an object" },
  )
  .transform((details): LanguageDetails => {
    const given: LanguageDetails = {};
    for (const field of SITE_DETAIL_FIELDS) if (details[field]) given[field] = details[field];
    return given;
  });

/** The site's description as a PUT gives it (null is blank). */
export const siteDescriptionInputSchema = z
  .string({ message: 'Site description must be text' })
  .trim()
  .max(SITE_DESCRIPTION_MAX, `Site description must be at most ${SITE_DESCRIPTION_MAX} characters`)
  .nullable();

/** A language's details as answered (output schemas carry types only). */
export const languageDetailsSchema = z.object({
  site_name: z.string().optional(),
  site_description: z.string().optional(),
  contact_email: z.string().optional(),
  contact_phone: z.string().optional(),
});

/**
 * The details shown in `language`: its own where given and not empty, else the default language's (the site's
 * own fields). The default language, or one without details, shows the site's own.
 */
export function siteDetailsIn(
  settings: SiteDetails & { default_language: string; language_details: Record<string, LanguageDetails> },
  language: string,
): SiteDetails {
  const own = language === settings.default_language ? undefined : settings.language_details[language];
  return {
    site_name: own?.site_name || settings.site_name,
    site_description: own?.site_description || settings.site_description,
    contact_email: own?.contact_email || settings.contact_email,
    contact_phone: own?.contact_phone || settings.contact_phone,
  };
}

/** The settings as a document in `language` reads them: the same, with that language's details in the site's own fields. */
export function settingsInLanguage<
  T extends SiteDetails & { default_language: string; language_details: Record<string, LanguageDetails> },
>(settings: T, language: string): T {
  if (language === settings.default_language || !settings.language_details[language]) return settings;
  return { ...settings, ...siteDetailsIn(settings, language) };
}
