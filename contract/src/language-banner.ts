/**
 * The site's language suggestion (issue 30 item 4): a visitor whose browser prefers another of the languages this
 * document is published in is offered it in a dismissible banner, in that language; `Accept-Language` never
 * redirects (search engines and shared links see one page). Pure rules, run by the site's own inlined script
 * (admin/src/frame-runtime/site/language-banner.ts), so a cached page stays the same for every visitor.
 */
import { BANNER_WORDS, type LanguageBannerText } from './site-words/banner.js';

/** Where a visitor's "no, thanks" is kept (localStorage of the site's origin): the languages they turned down. */
export const LANGUAGE_BANNER_STORAGE_KEY = 'tours-cms:language-banner-dismissed';

function primary(tag: string): string {
  return tag.toLowerCase().split('-')[0] ?? '';
}

/**
 * The language to suggest, or null: the first of the visitor's preferences (most wanted first) that one of the
 * document's languages answers, exactly (`pt-PT`) or by its language alone (`de-DE` is answered by `de`). When that
 * language is the document's own, the visitor is already reading what they prefer: nothing is suggested.
 */
export function suggestedLanguage(
  current: string,
  available: readonly string[],
  preferred: readonly string[],
): string | null {
  for (const wanted of preferred) {
    const match =
      available.find((tag) => tag.toLowerCase() === wanted.toLowerCase()) ??
      available.find((tag) => primary(tag) === primary(wanted));
    if (match) return match.toLowerCase() === current.toLowerCase() ? null : match;
  }
  return null;
}

export type { LanguageBannerText } from './site-words/banner.js';

const TEXTS: Readonly<Record<string, LanguageBannerText>> = BANNER_WORDS;

/** A language's own name for itself ("Deutsch", "Suomi"), or the tag where the runtime has none. */
export function ownLanguageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name.charAt(0).toLocaleUpperCase(tag)}${name.slice(1)}` : tag;
  } catch {
    return tag;
  }
}

/**
 * The banner's words in `tag`: our own sentence for the languages we have one for, else the language's own name
 * as the link (a Finnish visitor reads "Suomi") and an English "Close".
 */
export function languageBannerText(tag: string): LanguageBannerText {
  return TEXTS[primary(tag)] ?? { sentence: '', link: ownLanguageName(tag), close: 'Close' };
}

/** The languages a visitor turned down, as stored (space-separated tags); anything unreadable is none. */
export function dismissedLanguages(stored: string | null): string[] {
  return (stored ?? '').split(' ').filter((tag) => /^[A-Za-z0-9-]{1,35}$/.test(tag));
}
