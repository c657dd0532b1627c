import { describe, expect, it } from 'vitest';
import { isValidSlug, slugify } from './slugify.js';

describe('slugify', () => {
  it('lowercases and joins words with hyphens', () => {
    expect(slugify('Sunset Boat Tour')).toBe('sunset-boat-tour');
  });

  it('drops punctuation and symbols', () => {
    expect(slugify("Rome's Best: Colosseum & Forum (3h)!")).toBe('romes-best-colosseum-forum-3h');
    expect(slugify('50% off — today only?')).toBe('50-off-today-only');
  });

  it('turns every whitespace run, tabs and newlines included, into one hyphen', () => {
    expect(slugify('a   b\t\tc\n\nd')).toBe('a-b-c-d');
  });

  it('collapses hyphen runs and trims hyphens and spaces at both ends', () => {
    expect(slugify('  --Wine -- tasting--  ')).toBe('wine-tasting');
    expect(slugify('a - b')).toBe('a-b');
  });

  it('strips accents from Latin letters', () => {
    expect(slugify('Café Crème à Paris')).toBe('cafe-creme-a-paris');
    expect(slugify('Zürich Ölberg Ñandú')).toBe('zurich-olberg-nandu');
    expect(slugify('İstanbul Łódź Ærø')).toBe('istanbul-łodz-ærø');
  });

  it('keeps letters of non-Latin scripts', () => {
    expect(slugify('東京 ツアー')).toBe('東京-ツアー');
    expect(slugify('Экскурсия по Москве')).toBe('экскурсия-по-москве');
    expect(slugify('جولة في دبي')).toBe('جولة-في-دبي');
  });

  it('keeps the marks that belong to non-Latin letters, composed', () => {
    expect(slugify('ガイド ツアー')).toBe('ガイド-ツアー');
    expect(slugify('हिन्दी यात्रा')).toBe('हिन्दी-यात्रा');
    expect(slugify('서울 투어')).toBe('서울-투어');
    expect(slugify('Αθήνα')).toBe('αθήνα');
  });

  it('keeps digits and folds compatibility forms (full-width, ligatures)', () => {
    expect(slugify('Top 10 Tours 2025')).toBe('top-10-tours-2025');
    expect(slugify('Ｔｏｕｒ １ ﬁne')).toBe('tour-1-fine');
  });

  it('answers an empty slug when nothing usable is left', () => {
    expect(slugify('!!! ???')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('is stable: a slug slugifies to itself', () => {
    for (const title of ['Café Tour', '東京 ツアー', ' a--b ']) {
      const slug = slugify(title);
      expect(slugify(slug)).toBe(slug);
    }
  });
});

describe('isValidSlug', () => {
  it('accepts what slugify produces', () => {
    expect(isValidSlug('sunset-boat-tour')).toBe(true);
    expect(isValidSlug('東京-ツアー')).toBe(true);
  });

  it('refuses empty slugs, capitals, spaces, punctuation, accents and stray hyphens', () => {
    for (const slug of ['', 'Sunset', 'a b', 'a_b', 'a/b', 'café', '-a', 'a-', 'a--b']) {
      expect(isValidSlug(slug), slug).toBe(false);
    }
  });
});
