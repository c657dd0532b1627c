import { languageDisplayCurrency, ownLanguageName, type DisplayCurrency, type SiteSettings } from '@tours-cms/contract';
import { html, join, type Html } from '../rendering/html.js';

/**
 * The public site in its languages (issue 30): the default language keeps the site's addresses (`/`, `/{slug}`,
 * `/tours`, `/tours/{slug}`); every other language of Settings lives under its tag, lower-cased (`/de/`,
 * `/pt-pt/tours/{slug}`). A document knows its language and the prefix of its addresses.
 */
export interface DocumentLanguage {
  /** The document's language, as Settings spell it (`en`, `pt-PT`): `<html lang>`, and how it formats (Intl). */
  language: string;
  /** Its addresses' prefix: '' for the default language, `/de` or `/pt-pt` for another. */
  prefix: string;
  /**
   * The display currency its prices are shown in, approximately, beside the site's (the language's default in
   * Settings), until the visitor chooses another with the page's currency control; none: the site's alone.
   */
  display?: DisplayCurrency | null;
}

/** What a first path segment must look like to be a language's prefix: a site language's tag, lower-cased. */
const PREFIX_SHAPE = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?$/;

/**
 * The first segments the server keeps for itself, which are never a language (`/api/...` is the API's even where
 * no API route answers; the others are longer than a language tag's first part, and listed for the day they are not).
 */
const RESERVED_SEGMENTS = new Set(['api', 'admin', 'admin_vendor_api', 'uploads', 'frame', 'vendor', 'tours']);

/** True when a first path segment could be a language's prefix (its shape alone: Settings say whether it is one). */
export function isLanguageSegment(segment: string): boolean {
  return PREFIX_SHAPE.test(segment) && !RESERVED_SEGMENTS.has(segment);
}

/** The address prefix of a language of the site: '' for the default, `/{tag lower-cased}` for the others. */
export function languagePrefix(language: string, settings: Pick<SiteSettings, 'default_language'>): string {
  return language === settings.default_language ? '' : `/${language.toLowerCase()}`;
}

/** The language the site's documents under `/{segment}` are in: one of its languages but the default, else null. */
export function languageOfSegment(
  segment: string,
  settings: Pick<SiteSettings, 'default_language' | 'languages'>,
): string | null {
  if (!isLanguageSegment(segment)) return null;
  const language = settings.languages.find((tag) => tag.toLowerCase() === segment);
  return language && language !== settings.default_language ? language : null;
}

/**
 * The language of a document at an address with this prefix ('' or `/de`), or null when the prefix names no
 * language of the site (the 404 screen).
 */
export function documentLanguage(
  prefix: string,
  settings: Pick<SiteSettings, 'default_language' | 'languages'> &
    Partial<Pick<SiteSettings, 'display_currencies' | 'language_currencies'>>,
): DocumentLanguage | null {
  const language = prefix === '' ? settings.default_language : languageOfSegment(prefix.slice(1), settings);
  if (!language) return null;
  const display =
    settings.display_currencies && settings.language_currencies
      ? languageDisplayCurrency(
          { display_currencies: settings.display_currencies, language_currencies: settings.language_currencies },
          language,
        )
      : null;
  return { language, prefix, display };
}

/** A site path in a language: `/tours` is `/de/tours`, the home page `/` is `/de/`. */
export function inLanguage(prefix: string, path: string): string {
  return prefix === '' ? path : `${prefix}${path}`;
}

/** Open Graph's spelling of a language: `pt-PT` is `pt_PT`, `en` stays `en`. */
export function ogLocale(language: string): string {
  return language.replace(/-/g, '_');
}

/** One address of an item (or a view) in one language: what hreflang and the sitemap's alternates list. */
export interface LanguageAlternate {
  language: string;
  /** The absolute URL. */
  url: string;
}

/**
 * The alternates of a document: every language it is published in (itself included) and `x-default`, the default
 * language's address when the item has one. Sorted by language, so a document says them in a stable order.
 */
export interface Alternates {
  languages: LanguageAlternate[];
  xDefault: string | null;
}

/** The alternates of an item from the addresses of its published translations (itself included). */
export function alternatesOf(
  versions: readonly LanguageAlternate[],
  settings: Pick<SiteSettings, 'default_language' | 'languages'>,
): Alternates {
  const known = versions
    .filter((version) => settings.languages.includes(version.language))
    .sort((a, b) => (a.language < b.language ? -1 : a.language > b.language ? 1 : 0));
  return {
    languages: known,
    xDefault: known.find((version) => version.language === settings.default_language)?.url ?? null,
  };
}

/** The head's `<link rel="alternate" hreflang>` tags; none for an item in one language only. */
export function hreflangLinks(alternates: Alternates | undefined): Html | null {
  if (!alternates || alternates.languages.length < 2) return null;
  return join(
    [
      ...alternates.languages.map(
        (version) => html`<link rel="alternate" hreflang="${version.language}" href="${version.url}">`,
      ),
      ...(alternates.xDefault ? [html`<link rel="alternate" hreflang="x-default" href="${alternates.xDefault}">`] : []),
    ],
    '\n',
  );
}

/** The head's `og:locale` and `og:locale:alternate` tags. */
export function ogLocaleTags(language: string, alternates: Alternates | undefined): Html {
  const others = (alternates?.languages ?? []).filter((version) => version.language !== language);
  return join(
    [
      html`<meta property="og:locale" content="${ogLocale(language)}">`,
      ...others.map((version) => html`<meta property="og:locale:alternate" content="${ogLocale(version.language)}">`),
    ],
    '\n',
  );
}

/** One link of the language switcher: the same item in another language, or that language's home. */
export interface SwitcherLink {
  language: string;
  name: string;
  href: string;
  current: boolean;
}

/**
 * The language switcher of a document in `language` (issue 30): every language of the site, in Settings' order,
 * linking to the same item in it when it is published there (`alternates`), else to that language's home. None for
 * a site in one language.
 */
export function languageSwitcher(
  language: string,
  alternates: Alternates | undefined,
  settings: Pick<SiteSettings, 'default_language' | 'languages'>,
  origin: string,
): SwitcherLink[] {
  if (settings.languages.length < 2) return [];
  const order = [settings.default_language, ...settings.languages.filter((tag) => tag !== settings.default_language)];
  return order.map((tag) => {
    const url = alternates?.languages.find((version) => version.language === tag)?.url;
    return {
      language: tag,
      name: ownLanguageName(tag),
      href: url?.startsWith(origin) ? url.slice(origin.length) || '/' : inLanguage(languagePrefix(tag, settings), '/'),
      current: tag === language,
    };
  });
}

/**
 * The switcher's markup: a list of links, each in its own language, the document's marked current; labelled in the
 * document's language (`label`, its words' `shell.languages`).
 */
export function languageSwitcherHtml(links: readonly SwitcherLink[] | undefined, label = 'Languages'): Html | null {
  if (!links?.length) return null;
  return html`<nav class="languages wrap" aria-label="${label}"><ul>
${join(
  links.map((link) =>
    link.current
      ? html`<li><a href="${link.href}" hreflang="${link.language}" lang="${link.language}" aria-current="true">${link.name}</a></li>`
      : html`<li><a href="${link.href}" hreflang="${link.language}" lang="${link.language}">${link.name}</a></li>`,
  ),
  '\n',
)}
</ul></nav>`;
}
