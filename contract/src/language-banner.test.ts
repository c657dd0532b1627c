import { describe, expect, it } from 'vitest';
import { dismissedLanguages, languageBannerText, suggestedLanguage } from './language-banner.js';

describe('the language suggestion', () => {
  it('suggests the first preferred language the page is published in, matching a region to its language', () => {
    expect(suggestedLanguage('en', ['de', 'en'], ['de-DE', 'de', 'en'])).toBe('de');
    expect(suggestedLanguage('en', ['de', 'en', 'pt-PT'], ['fr', 'pt-PT', 'de'])).toBe('pt-PT');
    expect(suggestedLanguage('en', ['en', 'pt-PT'], ['pt-BR'])).toBe('pt-PT');
  });

  it('suggests nothing to a visitor already reading their preferred language, or one the page is not in', () => {
    expect(suggestedLanguage('de', ['de', 'en'], ['de-DE', 'en'])).toBeNull();
    expect(suggestedLanguage('en', ['de', 'en'], ['en-US', 'de'])).toBeNull();
    expect(suggestedLanguage('en', ['de', 'en'], ['fr-FR', 'ja'])).toBeNull();
    expect(suggestedLanguage('en', ['de', 'en'], [])).toBeNull();
  });

  it('speaks the language it suggests, naming an unlisted language by its own name', () => {
    expect(languageBannerText('de')).toEqual({
      sentence: 'Diese Seite gibt es auf Deutsch.',
      link: 'Auf Deutsch lesen',
      close: 'Schließen',
    });
    expect(languageBannerText('pt-PT').link).toBe('Ler em português');
    expect(languageBannerText('fi')).toEqual({ sentence: '', link: 'Suomi', close: 'Close' });
  });

  it('reads the stored dismissals, ignoring what is not a tag', () => {
    expect(dismissedLanguages('de pt-PT')).toEqual(['de', 'pt-PT']);
    expect(dismissedLanguages(null)).toEqual([]);
    expect(dismissedLanguages('<x> de')).toEqual(['de']);
  });
});
