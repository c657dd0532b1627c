import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { createTestPage, createTestTour } from '../test/page-fixtures.js';

/** The public site shows the site's name, description and contact details in each page's language (issue 30 item 1). */

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'tours.test' } });

function metas(html: string, property: string): string[] {
  return [...html.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)">`, 'g'))].map((m) => m[1]!);
}

function description(html: string): string | undefined {
  return /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
}

function title(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

/** The TravelAgency nodes of a document's JSON-LD: the home page's own, a tour's provider. */
function agencies(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .flatMap((node) => (node['@type'] === 'TravelAgency' ? [node] : node.provider ? [node.provider as never] : []));
}

const ENGLISH = {
  site_name: 'Lisbon Walks',
  site_description: 'Small-group walks through Lisbon’s old quarters.',
  contact_email: 'hello@lisbonwalks.example',
  contact_phone: '+351 210 000 000',
};

forEachDialect('the site’s details on the public site', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
  });
  afterEach(async () => t.close());

  async function setSettings(languageDetails: Record<string, object>): Promise<void> {
    const res = await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: { ...ENGLISH, currency: 'EUR', languages: ['en', 'de', 'pt-PT'], language_details: languageDetails },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function publishTranslation(kind: 'posts' | 'pages', id: number, fields: Record<string, unknown>) {
    const made = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/${kind}/${id}/translations`,
      payload: { language: 'de' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const saved = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/${kind}/${made.json().id}`,
      payload: { language: 'de', status: 'published', ...fields },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('names the site in the page’s language in titles, og:site_name and JSON-LD, the default’s where it has none', async () => {
    await setSettings({
      de: { site_name: 'Lissabon zu Fuß', site_description: 'Stadtführungen in kleinen Gruppen.' },
    });
    const tour = await createTestTour(t, { title: 'Alfama walk', slug: 'alfama-walk', price: 79 });
    await publishTranslation('posts', tour.id, { title: 'Alfama-Spaziergang', slug: 'alfama-spaziergang' });
    const home = await createTestPage(t, { title: 'Home', slug: 'home', status: 'published' });
    await publishTranslation('pages', home.id, { title: 'Startseite', slug: 'startseite' });

    const germanTour = (await get(t, '/de/tours/alfama-spaziergang')).body;
    expect(title(germanTour)).toBe('Alfama-Spaziergang | Lissabon zu Fuß');
    expect(metas(germanTour, 'og:site_name')).toEqual(['Lissabon zu Fuß']);
    // German has no contact details of its own: English's.
    expect(agencies(germanTour)[0]).toMatchObject({
      name: 'Lissabon zu Fuß',
      description: 'Stadtführungen in kleinen Gruppen.',
      email: 'hello@lisbonwalks.example',
      telephone: '+351 210 000 000',
    });
    const germanCatalogue = (await get(t, '/de/tours')).body;
    expect(metas(germanCatalogue, 'og:site_name')).toEqual(['Lissabon zu Fuß']);
    expect(title(germanCatalogue)).toContain('| Lissabon zu Fuß');
    expect(description(germanCatalogue)).toContain('Lissabon zu Fuß');
    const germanHome = (await get(t, '/de/')).body;
    expect(agencies(germanHome)).toEqual([
      expect.objectContaining({ name: 'Lissabon zu Fuß', description: 'Stadtführungen in kleinen Gruppen.' }),
    ]);
    // A home page without an SEO description of its own is described by the site's description.
    expect(description(germanHome)).toBe('Stadtführungen in kleinen Gruppen.');

    // English is as before, its own details everywhere.
    const englishTour = (await get(t, '/tours/alfama-walk')).body;
    expect(title(englishTour)).toBe('Alfama walk | Lisbon Walks');
    expect(metas(englishTour, 'og:site_name')).toEqual(['Lisbon Walks']);
    expect(agencies(englishTour)[0]).toMatchObject({ name: 'Lisbon Walks', description: ENGLISH.site_description });
    expect(metas((await get(t, '/tours')).body, 'og:site_name')).toEqual(['Lisbon Walks']);
    const englishHome = (await get(t, '/')).body;
    expect(agencies(englishHome)).toEqual([expect.objectContaining({ name: 'Lisbon Walks' })]);
    expect(description(englishHome)).toBe(ENGLISH.site_description);
    // Portuguese has no details: the default language's.
    expect(metas((await get(t, '/pt-pt/tours')).body, 'og:site_name')).toEqual(['Lisbon Walks']);
  });

  it('uses a language’s own contact details, and shows a change of them on the next request (the cache is dropped)', async () => {
    await setSettings({ de: { contact_email: 'hallo@lisbonwalks.example', contact_phone: '+49 30 000' } });
    const tour = await createTestTour(t, { title: 'Alfama walk', slug: 'alfama-walk', price: 79 });
    await publishTranslation('posts', tour.id, { title: 'Alfama-Spaziergang', slug: 'alfama-spaziergang' });
    const before = (await get(t, '/de/tours/alfama-spaziergang')).body;
    expect(agencies(before)[0]).toMatchObject({
      name: 'Lisbon Walks',
      email: 'hallo@lisbonwalks.example',
      telephone: '+49 30 000',
    });
    expect((await get(t, '/de/tours')).statusCode).toBe(200);

    await setSettings({ de: { site_name: 'Lissabon zu Fuß' } });
    const after = (await get(t, '/de/tours/alfama-spaziergang')).body;
    expect(agencies(after)[0]).toMatchObject({ name: 'Lissabon zu Fuß', email: 'hello@lisbonwalks.example' });
    expect(metas((await get(t, '/de/tours')).body, 'og:site_name')).toEqual(['Lissabon zu Fuß']);
  });
});
