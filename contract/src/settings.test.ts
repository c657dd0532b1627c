import { describe, expect, it } from 'vitest';
import { canonicalLanguage } from './languages.js';
import { siteLanguageList } from './settings.js';

describe('the site’s languages', () => {
  it.each([
    ['en', 'en'],
    ['PT-pt', 'pt-PT'],
    [' de ', 'de'],
    ['zh-hant', 'zh-Hant'],
    ['zh-hant-tw', 'zh-Hant-TW'],
    ['es-419', 'es-419'],
    ['iw', 'he'],
  ])('reads %j as %j', (tag, canonical) => {
    expect(canonicalLanguage(tag)).toBe(canonical);
  });

  it.each(['', 'english', 'en_GB', 'en-u-ca-buddhist', 'x-private', 'de-DE-1996', '12', 'a'.repeat(40)])(
    'takes %j for no site language',
    (tag) => {
      expect(canonicalLanguage(tag)).toBeNull();
    },
  );

  it('lists the default first, then the others once each', () => {
    expect(siteLanguageList('de', ['en', 'de', 'fr'])).toEqual(['de', 'en', 'fr']);
    expect(siteLanguageList('en', [])).toEqual(['en']);
  });
});
