import { describe, expect, it } from 'vitest';
import { APPROX_PRICE_TITLE } from '../display-currencies.js';
import { PAGE_NOT_PUBLISHED_MESSAGE } from '../pages.js';
import { BANNER_WORDS } from './banner.js';
import {
  fillWords,
  pluralWords,
  SITE_WORD_LANGUAGES,
  SITE_WORDS,
  siteWords,
  siteWordsLanguage,
  type PluralWords,
} from './index.js';

/** Every text of a dictionary, by its path ("departures.seatsLeft.one"). */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    texts(inner, path ? `${path}.${key}` : key),
  );
}

describe("the site's words", () => {
  it('has the languages the site promises, English first', () => {
    expect(SITE_WORD_LANGUAGES).toEqual(['en', 'de', 'fr', 'es', 'pt', 'it', 'nl']);
  });

  it('reads a regional tag by its language, and a language without words in English', () => {
    expect(siteWordsLanguage('de-AT')).toBe('de');
    expect(siteWordsLanguage('pt-PT')).toBe('pt');
    expect(siteWordsLanguage('pt-BR')).toBe('pt');
    expect(siteWordsLanguage('en-US')).toBe('en');
    expect(siteWordsLanguage('fi')).toBe('en');
    expect(siteWords('de-CH').departures.heading).toBe('Termine und Preise');
    expect(siteWords('fi').departures.heading).toBe('Dates and prices');
  });

  it('keeps the English that the spec and the API say elsewhere', () => {
    expect(siteWords('en').notFound.notPublished).toBe(PAGE_NOT_PUBLISHED_MESSAGE);
    expect(siteWords('en').shell.approxTitle).toBe(APPROX_PRICE_TITLE);
    expect(siteWords('en').notFound.title).toBe('404 - Not Found');
  });

  it('gives every language the placeholders of the English text, and no empty text', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const english = new Map(texts(SITE_WORDS.en));
    for (const language of SITE_WORD_LANGUAGES) {
      for (const [path, text] of texts(SITE_WORDS[language])) {
        expect(text.trim(), `${language} ${path}`).not.toBe('');
        // A plural form of another language (few, many) is checked against English's `other`.
        const source = english.get(path) ?? english.get(path.replace(/\.\w+$/, '.other'));
        expect(source, `${language} ${path} has an English source`).toBeDefined();
        expect(placeholders(text), `${language} ${path}`).toEqual(placeholders(source!));
      }
    }
  });

  it('has a language suggestion for every language it has words for', () => {
    for (const language of SITE_WORD_LANGUAGES) expect(BANNER_WORDS[language]).toBeDefined();
  });

  it('chooses plural forms by the language’s rules', () => {
    const seats = siteWords('de').departures.seatsLeft;
    expect(pluralWords('de', seats, 1)).toBe('Noch 1 Platz frei');
    expect(pluralWords('de', seats, 3)).toBe('Noch 3 Plätze frei');
    expect(pluralWords('en', siteWords('en').departures.seatsLeft, 1)).toBe('1 seat left');
    expect(pluralWords('en', siteWords('en').departures.seatsLeft, 2)).toBe('2 seats left');
    // French counts 0 and 1 as one; Portuguese in Portugal only 1.
    const fr = siteWords('fr').catalogue.count;
    expect(pluralWords('fr', fr, 0)).toBe('0 excursion');
    expect(pluralWords('fr', fr, 2)).toBe('2 excursions');
    // A category a dictionary does not give (Polish "few") reads `other`.
    const forms: PluralWords = { one: '{n} miejsce', few: '{n} miejsca', other: '{n} miejsc' };
    expect(pluralWords('pl', forms, 3)).toBe('3 miejsca');
    expect(pluralWords('pl', forms, 5)).toBe('5 miejsc');
    expect(pluralWords('pl', { other: '{n} x' }, 3)).toBe('3 x');
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(fillWords('Day {n}', { n: 2 })).toBe('Day 2');
    expect(fillWords('{a} and {b}', { a: 'x' })).toBe('x and {b}');
  });
});
