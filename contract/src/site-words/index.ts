/**
 * The public site's own words (issue 30, docs/design/languages.md "The site's own words"): one dictionary per
 * language, typed `SiteWords`, English the source. A document asks for its language's words with `siteWords(tag)`:
 * the tag's own dictionary, else its language's (`pt-PT` and `pt-BR` read `pt`, `de-AT` reads `de`), else English.
 * No imports but the dictionaries: the site's scripts may build parts of this in.
 */
import type { PluralWords, SiteWords } from './types.js';
import { en } from './en.js';
import { de } from './de.js';
import { fr } from './fr.js';
import { es } from './es.js';
import { pt } from './pt.js';
import { it } from './it.js';
import { nl } from './nl.js';

export type { PluralWords, SiteWords } from './types.js';

/** Every dictionary, by language tag (lower case). A language added here is a language the site speaks. */
export const SITE_WORDS: Readonly<Record<string, SiteWords>> = { en, de, fr, es, pt, it, nl };

/** The languages the site has words for, English first. */
export const SITE_WORD_LANGUAGES = Object.keys(SITE_WORDS);

/** The dictionary a tag reads: its own, else its language's (`de-AT` → `de`), else its nearest, else English. */
export function siteWordsLanguage(tag: string): string {
  const parts = tag.toLowerCase().split('-');
  for (let length = parts.length; length > 0; length--) {
    const candidate = parts.slice(0, length).join('-');
    if (Object.hasOwn(SITE_WORDS, candidate)) return candidate;
  }
  return 'en';
}

/** The site's words in the language of `tag` (siteWordsLanguage). */
export function siteWords(tag: string): SiteWords {
  return SITE_WORDS[siteWordsLanguage(tag)]!;
}

/** A text with its `{name}` placeholders filled (a name with no value stays as written). */
export function fillWords(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in `tag` (Intl.PluralRules: `one`, `few`, `many`, `other`...). */
export function pluralCategory(tag: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(tag);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(tag);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(tag, rules);
  }
  return rules.select(count);
}

/**
 * The form of a counted text for `count` in `tag`, `{n}` filled with the count (and any other values):
 * `pluralWords('de', { one: 'Noch {n} Platz frei', other: 'Noch {n} Plätze frei' }, 3)` is "Noch 3 Plätze frei".
 * A category the dictionary does not give reads `other`.
 */
export function pluralWords(
  tag: string,
  forms: PluralWords,
  count: number,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const text = forms[pluralCategory(tag, count)] ?? forms.other;
  return fillWords(text, { ...values, n: count });
}
