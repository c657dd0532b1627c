import { z } from 'zod';
import { idSchema } from './common.js';
import { LANGUAGE_TAG_MAX } from './limits.js';

/** language[-Script][-REGION]: what a site's language is (`en`, `pt-PT`, `zh-Hant`, `es-419`), canonical. */
const SITE_LANGUAGE = /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/;

/**
 * A language tag in its canonical BCP 47 form (`Intl.getCanonicalLocales`: `PT-pt` is `pt-PT`), or null when it is
 * not one, or not one a site can be in (a tag with extensions or private use, such as `en-u-ca-buddhist`).
 */
export function canonicalLanguage(tag: string): string | null {
  const text = tag.trim();
  if (!text || text.length > LANGUAGE_TAG_MAX) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(text);
    return canonical && SITE_LANGUAGE.test(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

const LANGUAGE_HINT = 'a language tag such as en, de, pt-PT or zh-Hant';

/** A language tag, read as its canonical form; anything else is refused naming `label`. */
export const languageTagSchema = (label: string) =>
  z.string({ message: `${label} must be ${LANGUAGE_HINT}` }).transform((tag, ctx) => {
    const canonical = canonicalLanguage(tag);
    if (canonical) return canonical;
    ctx.addIssue({ code: 'custom', message: `${label} must be ${LANGUAGE_HINT}: "${tag.slice(0, 40)}" is not one` });
    return z.NEVER;
  });

/**
 * The language a new post or page is written in (issue 30): one of the site's languages (Settings), the default
 * when left out. A save keeps the item's language: a PUT may repeat it but not change it.
 */
export const itemLanguageInputSchema = languageTagSchema('Language').optional();

/** POST /posts/{id}/translations and POST /pages/{id}/translations: the language of the new translation. */
export const translationInputSchema = z.object({ language: languageTagSchema('Language') });
export type TranslationInput = z.input<typeof translationInputSchema>;

/** A list's `?language=` filter: only the items in that language; absent, every language. */
export const languageFilterSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  languageTagSchema('Language').optional(),
);

/**
 * When an item's text last changed, or, for a translation, when it was last saved (issue 30, migration 0036): a
 * save that changes its translatable text (title, content, the tour's details...) sets it, and so does any save of
 * an item not in the site's default language (a translator's save says the translation is current). What the group
 * shares (a price, tags, pictures), written to every item, never does. A translation is out of date when the source
 * (the group's item in the default language) has a later one.
 */
export const textUpdatedAtSchema = z.string();

/**
 * One other item of a translation group, as an item names it: enough to link to it and say how far it is, and when
 * its text last changed (`text_updated_at`: the lists mark a translation out of date by it).
 */
export const translationLinkSchema = <S extends readonly [string, ...string[]]>(statuses: S) =>
  z.object({
    id: idSchema,
    language: z.string(),
    slug: z.string(),
    status: z.enum(statuses),
    text_updated_at: textUpdatedAtSchema,
  });

/** An item's language and the other items of its translation group (issue 30), as posts and pages answer them. */
export const translatedShape = <S extends readonly [string, ...string[]]>(statuses: S) => ({
  /** The item's language, BCP 47 (`en`, `pt-PT`). */
  language: z.string(),
  /** The other items of its translation group (the same tour or page in other languages), by language. */
  translations: z.array(translationLinkSchema(statuses)),
});

/**
 * The status a common component's translation link answers (issue 30): components have no draft and published, but
 * each language's header is switched on or off on its own.
 */
export const COMPONENT_LINK_STATUSES = ['active', 'inactive'] as const;

/**
 * An item's language and its translation group, for the kinds that lack a slug or a status (issue 30): the links keep
 * the posts' shape, `{ id, language, slug, status }`, with null where the kind has no such thing: categories and
 * tags have a slug and no status, FAQs neither.
 */
export const translatedReferenceShape = <Slug extends z.ZodTypeAny, Status extends z.ZodTypeAny>(
  slug: Slug,
  status: Status,
) => ({
  /** The item's language, BCP 47 (`en`, `pt-PT`). */
  language: z.string(),
  /** The other items of its translation group, by language. */
  translations: z.array(z.object({ id: idSchema, language: z.string(), slug, status })),
});

/** A translation's default slug: the source's with the language after it (`lisbon-walk-de`, `home-pt-pt`). */
export function translationSlug(slug: string, language: string, max: number): string {
  const suffix = `-${language.toLowerCase()}`;
  return `${slug.slice(0, Math.max(1, max - suffix.length)).replace(/-+$/, '')}${suffix}`;
}
