import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { useTestClock } from '../../test/test-clock.js';
import { createTestPage, createTestTour } from '../../test/page-fixtures.js';

const settings = {
  site_name: 'Azure Bay Tours',
  currency: 'usd',
  contact_email: 'hello@azurebay.example.com',
  contact_phone: '+1 (555) 010-2030',
  social_image_url: '/uploads/2026/01/bay.jpg',
};

forEachDialect('settings', (dialect) => {
  const clock = useTestClock();
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const read = (token: string | null) => injectAs(t.app, token, { method: 'GET', url: '/api/settings' });
  const save = (token: string | null, payload: object) =>
    injectAs(t.app, token, { method: 'PUT', url: '/api/settings', payload });

  it('answers the defaults until an administrator saves settings', async () => {
    const res = await read(t.tokens.user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_SITE_SETTINGS, updated_at: null });
    expect(res.json()).toMatchObject({ default_language: 'en', languages: ['en'] });
  });

  it('lets an administrator save every setting, the currency upper-cased, and every role read them back', async () => {
    const res = await save(t.tokens.admin, settings);
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      ...settings,
      currency: 'USD',
      timezone: 'UTC',
      revisions_keep: null,
      two_factor_roles: [],
      activity_retention_days: 365,
      default_language: 'en',
      languages: ['en'],
      display_currencies: [],
      language_currencies: {},
      site_description: '',
      language_details: {},
      updated_at: expect.stringMatching(/Z$/),
    };
    expect(res.json()).toEqual(saved);
    for (const token of [t.tokens.user, t.tokens.editor]) expect((await read(token)).json()).toEqual(saved);
    const again = await save(t.tokens.admin, {
      ...settings,
      site_name: 'Azure Bay',
      contact_email: '',
      contact_phone: null,
      social_image_url: '',
    });
    expect(again.json()).toMatchObject({
      site_name: 'Azure Bay',
      contact_email: null,
      contact_phone: null,
      social_image_url: null,
    });
  });

  it('keeps the time zone and the versions to keep when a client leaves them out, and clears the limit with null', async () => {
    expect(
      (await save(t.tokens.admin, { ...settings, timezone: 'Europe/Lisbon', revisions_keep: 5 })).json(),
    ).toMatchObject({ timezone: 'Europe/Lisbon', revisions_keep: 5 });
    expect((await save(t.tokens.admin, { ...settings, site_name: 'Renamed' })).json()).toMatchObject({
      site_name: 'Renamed',
      timezone: 'Europe/Lisbon',
      revisions_keep: 5,
    });
    expect((await save(t.tokens.admin, { ...settings, revisions_keep: null })).json()).toMatchObject({
      timezone: 'Europe/Lisbon',
      revisions_keep: null,
    });
  });

  it('keeps the site’s languages canonical, the default first and always among them, and as saved when left out', async () => {
    const first = await save(t.tokens.admin, { ...settings, languages: ['PT-pt', 'de', 'zh-hant'] });
    expect(first.statusCode, first.body).toBe(200);
    // English stays the default and comes back first; each tag in its canonical form.
    expect(first.json()).toMatchObject({ default_language: 'en', languages: ['en', 'pt-PT', 'de', 'zh-Hant'] });
    // A new default moves to the front; a client that leaves the languages out keeps them.
    const second = await save(t.tokens.admin, { ...settings, default_language: 'de' });
    expect(second.json()).toMatchObject({ default_language: 'de', languages: ['de', 'en', 'pt-PT', 'zh-Hant'] });
    // A list without the default gets it back.
    const third = await save(t.tokens.admin, { ...settings, languages: ['fr'] });
    expect(third.json()).toMatchObject({ default_language: 'de', languages: ['de', 'fr'] });
    expect((await read(t.tokens.user)).json()).toMatchObject({ default_language: 'de', languages: ['de', 'fr'] });
    const log = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/activity/?item_type=settings' });
    expect(JSON.stringify(log.json())).toContain('languages');
  });

  it('refuses to remove a language that items are in (409 with the count), changing nothing, until they are gone', async () => {
    await save(t.tokens.admin, { ...settings, languages: ['en', 'de', 'fr'] });
    const tour = await createTestTour(t, { title: 'Alfama walk', slug: 'alfama-walk' });
    const page = await createTestPage(t, { title: 'About', slug: 'about' });
    const translate = (kind: string, id: number, language: string) =>
      injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: `/api/${kind}/${id}/translations`,
        payload: { language },
      });
    await translate('posts', tour.id, 'de');
    await translate('pages', page.id, 'de');
    const frenchTour = (await translate('posts', tour.id, 'fr')).json();

    const refused = await save(t.tokens.admin, { ...settings, languages: ['en'] });
    expect(refused.statusCode, refused.body).toBe(409);
    const message = '2 items are in Deutsch (de) and 1 is in Français (fr): move or delete them first';
    expect(refused.json()).toEqual({ detail: message, errors: [{ field: 'languages', message }] });
    // Nothing changed, the site's name neither.
    expect((await read(t.tokens.user)).json()).toMatchObject({
      site_name: 'Azure Bay Tours',
      languages: ['en', 'de', 'fr'],
    });
    // The default cannot leave either while its items are there.
    const defaultGone = await save(t.tokens.admin, { ...settings, default_language: 'de', languages: ['de', 'fr'] });
    expect(defaultGone.statusCode).toBe(409);
    expect(defaultGone.json().detail).toBe('2 items are in English (en): move or delete them first');

    // French alone can go once its one item is deleted (trashed items are no longer the site's).
    expect(
      (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/posts/${frenchTour.id}` })).statusCode,
    ).toBe(204);
    const saved = await save(t.tokens.admin, { ...settings, languages: ['en', 'de'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ languages: ['en', 'de'] });
    // The French tour cannot come back from the trash into a language the site no longer has.
    const entry = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/trash/' }))
      .json()
      .items.find((item: { item_id: number }) => item.item_id === frenchTour.id);
    const restore = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: `/api/trash/${entry.id}/restore` });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().detail).toBe(
      "This post is in Français (fr), no longer one of the site's languages: add it in Settings first",
    );
    expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/trash/' })).json().total).toBe(1);
    expect((await save(t.tokens.admin, { ...settings, languages: ['en'] })).json().detail).toBe(
      '2 items are in Deutsch (de): move or delete them first',
    );
  });

  it('refuses editors and users (403) and visitors (401), and changes nothing', async () => {
    expect((await save(t.tokens.editor, settings)).statusCode).toBe(403);
    expect((await save(t.tokens.user, settings)).statusCode).toBe(403);
    expect((await save(null, settings)).statusCode).toBe(401);
    expect((await read(null)).statusCode).toBe(401);
    expect((await read(t.tokens.admin)).json().updated_at).toBeNull();
  });

  it.each([
    ['an unknown currency', { currency: 'EURO' }, 'currency', 'Currency must be an ISO 4217 code, such as EUR or USD'],
    [
      'a made-up currency code',
      { currency: 'ZZZ' },
      'currency',
      'Currency must be an ISO 4217 code, such as EUR or USD',
    ],
    ['a blank site name', { site_name: '  ' }, 'site_name', 'Site name is required'],
    ['a malformed email', { contact_email: 'not an email' }, 'contact_email', 'Enter a valid email address'],
    [
      'a phone with letters',
      { contact_phone: 'call us' },
      'contact_phone',
      'Phone may contain only digits, spaces and + ( ) . / -',
    ],
    [
      'a javascript: image',
      { social_image_url: 'javascript:alert(1)' },
      'social_image_url',
      'Social image URL must start with http://, https:// or /',
    ],
    [
      'an unknown time zone',
      { timezone: 'Europe/Atlantis' },
      'timezone',
      'Time zone must be an IANA time zone, such as Europe/Lisbon or UTC',
    ],
    ['keeping no versions', { revisions_keep: 0 }, 'revisions_keep', 'Versions to keep must be at least 1'],
    ['keeping half a version', { revisions_keep: 2.5 }, 'revisions_keep', 'Versions to keep must be a whole number'],
    [
      'a default language that is no language tag',
      { default_language: 'english' },
      'default_language',
      'Default language must be a language tag such as en, de, pt-PT or zh-Hant: "english" is not one',
    ],
    [
      'a language tag with an extension',
      { languages: ['de', 'en-u-ca-buddhist'] },
      'languages[1]',
      'Each language must be a language tag such as en, de, pt-PT or zh-Hant: "en-u-ca-buddhist" is not one',
    ],
    ['a language named twice', { languages: ['de', 'DE'] }, 'languages', 'Languages name de twice'],
    [
      'more than 20 languages',
      { languages: Array.from({ length: 21 }, (_, i) => `a${String.fromCharCode(97 + i)}`) },
      'languages',
      'A site can be in at most 20 languages',
    ],
    [
      '20 languages beside a default that is not among them',
      { default_language: 'en', languages: Array.from({ length: 20 }, (_, i) => `a${String.fromCharCode(97 + i)}`) },
      'languages',
      'A site can be in at most 20 languages, the default among them',
    ],
    [
      'a site description over 500 characters',
      { site_description: 'a'.repeat(501) },
      'site_description',
      'Site description must be at most 500 characters',
    ],
    [
      'details for a language the site is not in',
      { languages: ['en', 'de'], language_details: { fr: { site_name: 'Baie d’Azur' } } },
      'language_details.fr',
      "fr is not one of the site's languages",
    ],
    [
      'details for the default language',
      { languages: ['en', 'de'], language_details: { en: { site_name: 'Azure' } } },
      'language_details.en',
      "English (en) is the default language: its details are the site's name, description and contact fields",
    ],
    [
      'a language’s malformed email',
      { languages: ['en', 'de'], language_details: { de: { contact_email: 'kein@' } } },
      'language_details.de.contact_email',
      'Enter a valid email address',
    ],
    [
      'a language’s site name over 100 characters',
      { languages: ['en', 'de'], language_details: { de: { site_name: 'x'.repeat(101) } } },
      'language_details.de.site_name',
      'Site name must be at most 100 characters',
    ],
    [
      'a language’s description over 500 characters',
      { languages: ['en', 'de'], language_details: { de: { site_description: 'x'.repeat(501) } } },
      'language_details.de.site_description',
      'Site description must be at most 500 characters',
    ],
    [
      'a language’s phone with letters',
      { languages: ['en', 'de'], language_details: { de: { contact_phone: 'ruf an' } } },
      'language_details.de.contact_phone',
      'Phone may contain only digits, spaces and + ( ) . / -',
    ],
    [
      'details that are not an object',
      { languages: ['en', 'de'], language_details: { de: 'Lissabon' } },
      'language_details.de',
      "A language's details must be an object",
    ],
  ])('refuses %s with 422 naming the field, and saves nothing', async (_name, change, field, message) => {
    const res = await save(t.tokens.admin, { ...settings, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await read(t.tokens.admin)).json().updated_at).toBeNull();
  });
  it('keeps display currencies with their rates, dates a rate when it changes, and a language’s default among them', async () => {
    const first = await save(t.tokens.admin, {
      ...settings,
      currency: 'EUR',
      languages: ['en', 'en-US'],
      display_currencies: [
        { code: 'usd', rate: 1.08 },
        { code: 'GBP', rate: 0.85 },
      ],
      language_currencies: { 'en-us': 'USD' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const setAt = first.json().updated_at;
    expect(first.json()).toMatchObject({
      display_currencies: [
        { code: 'USD', rate: 1.08, rate_set_at: setAt },
        { code: 'GBP', rate: 0.85, rate_set_at: setAt },
      ],
      language_currencies: { 'en-US': 'USD' },
    });
    for (const token of [t.tokens.user, t.tokens.editor])
      expect((await read(token)).json()).toMatchObject({ display_currencies: first.json().display_currencies });

    // A later save dates only the rate that changed; a client that leaves the currencies out keeps them.
    clock.advance(60_000);
    const second = await save(t.tokens.admin, {
      ...settings,
      currency: 'EUR',
      display_currencies: [
        { code: 'USD', rate: 1.1 },
        { code: 'GBP', rate: 0.85 },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().display_currencies).toEqual([
      { code: 'USD', rate: 1.1, rate_set_at: second.json().updated_at },
      { code: 'GBP', rate: 0.85, rate_set_at: setAt },
    ]);
    expect(second.json().language_currencies).toEqual({ 'en-US': 'USD' });
    expect((await save(t.tokens.admin, { ...settings, currency: 'EUR' })).json()).toMatchObject({
      display_currencies: second.json().display_currencies,
      language_currencies: { 'en-US': 'USD' },
    });

    // Removing a currency drops it as a language's default; an empty default is none.
    const third = await save(t.tokens.admin, {
      ...settings,
      currency: 'EUR',
      display_currencies: [{ code: 'GBP', rate: 0.85 }],
    });
    expect(third.json()).toMatchObject({ display_currencies: [{ code: 'GBP' }], language_currencies: {} });
    expect(
      (await save(t.tokens.admin, { ...settings, currency: 'EUR', language_currencies: { en: '' } })).json()
        .language_currencies,
    ).toEqual({});

    const log = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/activity/?item_type=settings' });
    const summaries = JSON.stringify(log.json());
    expect(summaries).toContain('Changed display currencies');
    expect(summaries).toContain('Changed display currencies and default display currencies');
  });

  it.each([
    [
      'a code that is not ISO 4217',
      { display_currencies: [{ code: 'XYZ', rate: 1 }] },
      'display_currencies[0].code',
      'Currency must be an ISO 4217 code, such as USD or GBP',
    ],
    [
      'a code that is not three letters',
      { display_currencies: [{ code: 'dollars', rate: 1 }] },
      'display_currencies[0].code',
      'Currency must be an ISO 4217 code, such as USD or GBP',
    ],
    [
      'the site’s own currency',
      {
        currency: 'EUR',
        display_currencies: [
          { code: 'GBP', rate: 0.85 },
          { code: 'eur', rate: 1 },
        ],
      },
      'display_currencies[1].code',
      "EUR is the site's currency: its prices are already shown in it",
    ],
    [
      'a currency listed twice',
      {
        display_currencies: [
          { code: 'GBP', rate: 0.85 },
          { code: 'gbp', rate: 0.9 },
        ],
      },
      'display_currencies[1].code',
      'GBP is already in the list',
    ],
    [
      'a rate of 0',
      { display_currencies: [{ code: 'GBP', rate: 0 }] },
      'display_currencies[0].rate',
      'Rate must be more than 0',
    ],
    [
      'a negative rate',
      { display_currencies: [{ code: 'GBP', rate: -1.2 }] },
      'display_currencies[0].rate',
      'Rate must be more than 0',
    ],
    [
      'a rate as text',
      { display_currencies: [{ code: 'GBP', rate: '0.85' }] },
      'display_currencies[0].rate',
      'Rate must be a number',
    ],
    [
      'a missing rate',
      { display_currencies: [{ code: 'GBP' }] },
      'display_currencies[0].rate',
      'Rate must be a number',
    ],
    [
      'a rate too large',
      { display_currencies: [{ code: 'GBP', rate: 1e12 }] },
      'display_currencies[0].rate',
      'Rate must be at most 1000000000',
    ],
    [
      'a list that is not one',
      { display_currencies: 'USD' },
      'display_currencies',
      'Display currencies must be a list',
    ],
    [
      'a language’s default that is not a display currency',
      { display_currencies: [{ code: 'GBP', rate: 0.85 }], language_currencies: { en: 'USD' } },
      'language_currencies.en',
      'USD is not one of the display currencies',
    ],
    [
      'a default for a language the site is not in',
      { display_currencies: [{ code: 'GBP', rate: 0.85 }], language_currencies: { fr: 'GBP' } },
      'language_currencies.fr',
      "fr is not one of the site's languages",
    ],
  ])(
    'refuses %s as a display currency with 422 naming the field, and saves nothing',
    async (_name, change, field, message) => {
      const res = await save(t.tokens.admin, { ...settings, currency: 'EUR', ...change });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toContainEqual({ field, message });
      expect((await read(t.tokens.admin)).json().updated_at).toBeNull();
    },
  );

  it('refuses to make a display currency the site’s currency while it is one (422 naming currency)', async () => {
    await save(t.tokens.admin, { ...settings, currency: 'EUR', display_currencies: [{ code: 'USD', rate: 1.08 }] });
    const res = await save(t.tokens.admin, { ...settings, currency: 'USD' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('currency');
    expect((await read(t.tokens.admin)).json()).toMatchObject({ currency: 'EUR' });
  });
});
