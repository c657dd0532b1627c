import { describe, expect, it } from 'vitest';
import { languageDetailsInputSchema, settingsInLanguage, siteDetailsIn } from './site-details.js';

const site = {
  site_name: 'Lisbon Walks',
  site_description: 'Walks in Lisbon.',
  contact_email: 'hello@example.com',
  contact_phone: null,
  default_language: 'en',
  language_details: { de: { site_name: 'Lissabon zu Fuß', contact_phone: '+49 30 000' } },
};

describe('the site’s details per language', () => {
  it('takes a language’s own fields and the default language’s for the rest', () => {
    expect(siteDetailsIn(site, 'de')).toEqual({
      site_name: 'Lissabon zu Fuß',
      site_description: 'Walks in Lisbon.',
      contact_email: 'hello@example.com',
      contact_phone: '+49 30 000',
    });
    expect(siteDetailsIn(site, 'fr').site_name).toBe('Lisbon Walks');
  });

  it('answers the same settings for the default language and a language without details', () => {
    expect(settingsInLanguage(site, 'en')).toBe(site);
    expect(settingsInLanguage(site, 'fr')).toBe(site);
    expect(settingsInLanguage(site, 'de')).toMatchObject({ site_name: 'Lissabon zu Fuß', default_language: 'en' });
  });

  it('keeps only the fields given, trimmed, blanks meaning the default language’s', () => {
    expect(
      languageDetailsInputSchema.parse({ site_name: ' Lissabon ', site_description: '  ', contact_email: '' }),
    ).toEqual({ site_name: 'Lissabon' });
  });
});
