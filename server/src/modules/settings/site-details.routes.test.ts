import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';

/** The site's name, description and contact details per language (issue 30 item 1). */

const english = {
  site_name: 'Lisbon Walks',
  currency: 'EUR',
  contact_email: 'hello@lisbonwalks.example',
  contact_phone: '+351 210 000 000',
  site_description: 'Small-group walks through Lisbon’s old quarters.',
};

forEachDialect('the site’s details per language', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const read = () => injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/settings' });
  const save = (payload: object) => injectAs(t.app, t.tokens.admin, { method: 'PUT', url: '/api/settings', payload });
  /** The settings' activity summaries, newest first. */
  async function summaries(): Promise<string[]> {
    const log = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/activity/?item_type=settings' });
    return log.json().entries.map((entry: { summary: string }) => entry.summary);
  }
  async function saved(payload: object) {
    const res = await save(payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('saves a description and each language’s own details, blanks left out, and answers them to every role', async () => {
    const answer = await saved({
      ...english,
      site_description: '  Small-group walks through Lisbon’s old quarters.  ',
      languages: ['en', 'DE', 'pt-PT'],
      language_details: {
        de: {
          site_name: ' Lissabon zu Fuß ',
          site_description: 'Stadtführungen in kleinen Gruppen.',
          contact_email: 'hallo@lisbonwalks.example',
          contact_phone: '',
        },
        'PT-pt': { site_name: '', contact_phone: null },
      },
    });
    expect(answer).toMatchObject({
      site_description: 'Small-group walks through Lisbon’s old quarters.',
      languages: ['en', 'de', 'pt-PT'],
      // Blank fields are the default language's: not kept; Portuguese has none of its own.
      language_details: {
        de: {
          site_name: 'Lissabon zu Fuß',
          site_description: 'Stadtführungen in kleinen Gruppen.',
          contact_email: 'hallo@lisbonwalks.example',
        },
      },
    });
    expect((await read()).json()).toEqual(answer);
    expect((await summaries())[0]).toBe(
      'Changed site name, site description, contact e-mail, contact phone, languages and site details in Deutsch (de)',
    );
  });

  it('keeps the description and the languages’ details when a client leaves them out, and clears them when told', async () => {
    await saved({ ...english, languages: ['en', 'de'], language_details: { de: { site_name: 'Lissabon zu Fuß' } } });
    // A client that predates them (the spec's) sends neither.
    const { site_description: _left, ...spec } = english;
    const kept = await saved(spec);
    expect(kept).toMatchObject({
      site_description: english.site_description,
      language_details: { de: { site_name: 'Lissabon zu Fuß' } },
    });
    const cleared = await saved({ ...english, site_description: null, language_details: { de: { site_name: '' } } });
    expect(cleared).toMatchObject({ site_description: '', language_details: {} });
    expect((await summaries())[0]).toBe('Changed site description and site details in Deutsch (de)');
  });

  it('drops a removed language’s details, and a language added back starts with none', async () => {
    await saved({
      ...english,
      languages: ['en', 'de', 'fr'],
      language_details: { de: { site_name: 'Lissabon zu Fuß' }, fr: { site_name: 'Lisbonne à pied' } },
    });
    // The languages alone are sent: the saved details of the language that stays are kept.
    const removed = await saved({ ...english, languages: ['en', 'de'] });
    expect(removed.language_details).toEqual({ de: { site_name: 'Lissabon zu Fuß' } });
    const back = await saved({ ...english, languages: ['en', 'de', 'fr'] });
    expect(back.language_details).toEqual({ de: { site_name: 'Lissabon zu Fuß' } });
    expect((await summaries())[1]).toBe('Changed languages and site details in Français (fr)');
  });

  it('changes the default language without changing what any language shows', async () => {
    await saved({
      ...english,
      contact_phone: null,
      languages: ['en', 'de', 'fr'],
      language_details: {
        de: { site_name: 'Lissabon zu Fuß', contact_email: 'hallo@lisbonwalks.example', contact_phone: '+49 30 000' },
        fr: { site_name: 'Lisbonne à pied' },
      },
    });
    // The Settings screen sends what it showed: the English fields and the other languages' details.
    const moved = await saved({
      ...english,
      contact_phone: null,
      default_language: 'de',
      language_details: {
        de: { site_name: 'Lissabon zu Fuß', contact_email: 'hallo@lisbonwalks.example', contact_phone: '+49 30 000' },
        fr: { site_name: 'Lisbonne à pied' },
      },
    });
    expect(moved).toMatchObject({
      default_language: 'de',
      languages: ['de', 'en', 'fr'],
      // German's own details are the site's now; where it had none (the description), English's, which it showed.
      site_name: 'Lissabon zu Fuß',
      site_description: english.site_description,
      contact_email: 'hallo@lisbonwalks.example',
      contact_phone: '+49 30 000',
    });
    expect(moved.language_details).toEqual({
      // English keeps its own name and e-mail; it had no phone, so it now shows German's (the one loss).
      en: { site_name: 'Lisbon Walks', contact_email: 'hello@lisbonwalks.example' },
      // French showed English's e-mail (the default's then), and still does.
      fr: { site_name: 'Lisbonne à pied', contact_email: 'hello@lisbonwalks.example' },
    });
    // And back: English's details return to the site's own fields, German's to its own.
    const back = await saved({ ...moved, default_language: 'en' });
    expect(back).toMatchObject({
      default_language: 'en',
      site_name: 'Lisbon Walks',
      contact_email: 'hello@lisbonwalks.example',
      contact_phone: '+49 30 000',
    });
    expect(back.language_details).toEqual({
      de: { site_name: 'Lissabon zu Fuß', contact_email: 'hallo@lisbonwalks.example' },
      fr: { site_name: 'Lisbonne à pied' },
    });
  });

  it('moves to a new default that had no details of its own, the old default’s details kept under its tag', async () => {
    await saved({ ...english, languages: ['en', 'de'], language_details: { de: { site_name: 'Lissabon zu Fuß' } } });
    const moved = await saved({ ...english, default_language: 'pt-PT', languages: ['pt-PT', 'en', 'de'] });
    expect(moved).toMatchObject({ default_language: 'pt-PT', site_name: 'Lisbon Walks' });
    // English showed the same as Portugal's Portuguese does now: nothing of its own to keep.
    expect(moved.language_details).toEqual({ de: { site_name: 'Lissabon zu Fuß' } });
  });
});
