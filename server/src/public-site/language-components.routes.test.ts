import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { createTestPage, createTestTerm, createTestTour, useTestLanguages } from '../test/page-fixtures.js';

/**
 * Each language's header and footer (issue 30 item 4): a page, tour or catalogue in a language is wrapped in the
 * active common components of that language, else in the default language's.
 */
const host = { host: 'tours.test' };

/** A page document's frame, as its srcdoc holds it. */
function srcdoc(html: string): string {
  const escaped = /srcdoc="([^"]*)"/.exec(html)?.[1] ?? '';
  return escaped.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** A menu's links as `label href`, the page shown marked ` (current)`. */
function menuLinks(html: string): string[] {
  return [...html.matchAll(/<a href="([^"]*)"( aria-current="page")?>([^<]*)<\/a>/g)].map(
    ([, href, current, label]) => `${label} ${href!.replace(/&amp;/g, '&')}${current ? ' (current)' : ''}`,
  );
}

/** The address of a tour page's or catalogue's header frame. */
function headerFrame(html: string): string {
  const src = /<iframe[^>]* src="(\/frame\/site\/header[^"]*)"/.exec(html)?.[1];
  expect(src, 'the header frame').toBeDefined();
  return src!.replace(/&amp;/g, '&');
}

forEachDialect('each language’s header and footer', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
    await useTestLanguages(t);
  });
  afterEach(async () => t.close());

  const api = async (method: 'POST' | 'PUT', url: string, payload: object, status: number) => {
    const res = await injectAs(t.app, t.tokens.editor, { method, url, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json();
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: host });

  /** An active header whose whole content is the header menu. */
  const menuHeader = () =>
    api(
      'POST',
      '/api/components/',
      { name: 'Main header', type: 'header', content: '<header><nav data-menu="header"></nav></header>' },
      201,
    );

  /** A published translation of a post or page: the draft copy, then its text and status saved. */
  async function publishTranslation(kind: 'posts' | 'pages', id: number, fields: Record<string, unknown>) {
    const draft = await api('POST', `/api/${kind}/${id}/translations`, { language: 'de' }, 201);
    return api('PUT', `/api/${kind}/${draft.id}`, { language: 'de', status: 'published', ...fields }, 200);
  }

  it('shows /de/... the German header when there is an active one, and the default language’s otherwise', async () => {
    const header = await api(
      'POST',
      '/api/components/',
      { name: 'Main header', type: 'header', content: '<header>Welcome to Lisbon</header>' },
      201,
    );
    await api(
      'POST',
      '/api/components/',
      { name: 'Footer', type: 'footer', content: '<footer>Made in Lisbon</footer>' },
      201,
    );
    const about = await createTestPage(t, { title: 'About', slug: 'about', status: 'published' });
    await publishTranslation('pages', about.id, { title: 'Über uns', slug: 'ueber-uns' });
    const tour = await createTestTour(t, { title: 'Alfama walk', slug: 'alfama-walk' });
    await publishTranslation('posts', tour.id, { title: 'Alfama-Spaziergang', slug: 'alfama-spaziergang' });

    const germanFrames = async () => {
      const page = srcdoc((await get('/de/ueber-uns')).body);
      const tourPage = (await get('/de/tours/alfama-spaziergang')).body;
      const catalogue = (await get('/de/tours')).body;
      const frame = headerFrame(tourPage);
      expect(frame).toBe('/frame/site/header?current=%2Fde%2Ftours%2Falfama-spaziergang');
      expect(headerFrame(catalogue)).toBe('/frame/site/header?current=%2Fde%2Ftours');
      return {
        page,
        tourHeader: (await get(frame)).body,
        catalogueHeader: (await get(headerFrame(catalogue))).body,
      };
    };

    // No German header yet: the German documents show the English one.
    const before = await germanFrames();
    expect(before.page).toContain('<header>Welcome to Lisbon</header>');
    expect(before.tourHeader).toContain('<header>Welcome to Lisbon</header>');
    expect(before.catalogueHeader).toContain('<header>Welcome to Lisbon</header>');

    // A German translation starts switched off: nothing changes until it is switched on.
    const draft = await api('POST', `/api/components/${header.id}/translations`, { language: 'de' }, 201);
    expect((await germanFrames()).page).toContain('<header>Welcome to Lisbon</header>');
    await api(
      'PUT',
      `/api/components/${draft.id}`,
      { name: 'Kopfzeile', type: 'header', content: '<header>Willkommen in Lissabon</header>', is_active: true },
      200,
    );

    const after = await germanFrames();
    for (const html of [after.page, after.tourHeader, after.catalogueHeader]) {
      expect(html).toContain('<header>Willkommen in Lissabon</header>');
      expect(html).not.toContain('Welcome to Lisbon');
    }
    // The footer has no German translation: the English one.
    expect(after.page).toContain('<footer>Made in Lisbon</footer>');

    // The English documents keep the English header; a language without its own (Portuguese) the default's.
    expect(srcdoc((await get('/about')).body)).toContain('<header>Welcome to Lisbon</header>');
    const english = (await get('/tours/alfama-walk')).body;
    expect(headerFrame(english)).toBe('/frame/site/header?current=%2Ftours%2Falfama-walk');
    expect((await get(headerFrame(english))).body).toContain('<header>Welcome to Lisbon</header>');
    expect((await get('/frame/site/header?current=%2Fpt-pt%2Ftours')).body).toContain(
      '<header>Welcome to Lisbon</header>',
    );
  });
  it('leads a German document’s menu to the German pages, tours and categories, named in German', async () => {
    await menuHeader();
    const home = await createTestPage(t, { title: 'Home', slug: 'home', status: 'published' });
    await publishTranslation('pages', home.id, { title: 'Startseite', slug: 'startseite' });
    const about = await createTestPage(t, { title: 'About', slug: 'about', status: 'published' });
    await publishTranslation('pages', about.id, { title: 'Über uns', slug: 'ueber-uns' });
    const tour = await createTestTour(t, { title: 'Alfama walk', slug: 'alfama-walk' });
    await publishTranslation('posts', tour.id, { title: 'Alfama-Spaziergang', slug: 'alfama-spaziergang' });
    // A tour whose German translation is still a draft, and one with none: both keep their English address.
    const sintra = await createTestTour(t, { title: 'Sintra day', slug: 'sintra-day' });
    await api('POST', `/api/posts/${sintra.id}/translations`, { language: 'de' }, 201);
    const belem = await createTestTour(t, { title: 'Belém by bike', slug: 'belem-bike' });
    const category = await createTestTerm(t, 'categories', { name: 'Day trips', slug: 'day-trips' });
    const tagesausfluege = await api('POST', `/api/categories/${category.id}/translations`, { language: 'de' }, 201);
    await api('PUT', `/api/categories/${tagesausfluege.id}`, { name: 'Tagesausflüge', slug: 'tagesausfluege' }, 200);
    await api(
      'PUT',
      '/api/menus/header',
      {
        items: [
          { kind: 'page', target_id: home.id, label: 'Start' },
          { kind: 'page', target_id: about.id },
          { kind: 'post', target_id: tour.id, label: 'Our walk' },
          { kind: 'post', target_id: sintra.id },
          { kind: 'post', target_id: belem.id, parent: 3 },
          { kind: 'category', target_id: category.id },
          { kind: 'custom', label: 'Reviews', url: 'https://reviews.example/' },
        ],
      },
      200,
    );

    expect(menuLinks(srcdoc((await get('/de/ueber-uns')).body))).toEqual([
      'Startseite /de/',
      'Über uns /de/ueber-uns (current)',
      'Alfama-Spaziergang /de/tours/alfama-spaziergang',
      'Sintra day /tours/sintra-day',
      'Belém by bike /tours/belem-bike',
      'Tagesausflüge /de/tours/category/tagesausfluege',
      'Reviews https://reviews.example/',
    ]);
    // A tour page's header frame, in German too; the English documents keep the labels staff wrote.
    expect(menuLinks((await get('/frame/site/header?current=%2Fde%2Ftours%2Falfama-spaziergang')).body)).toContain(
      'Alfama-Spaziergang /de/tours/alfama-spaziergang (current)',
    );
    expect(menuLinks(srcdoc((await get('/about')).body))).toEqual([
      'Start /',
      'About /about (current)',
      'Our walk /tours/alfama-walk',
      'Sintra day /tours/sintra-day',
      'Belém by bike /tours/belem-bike',
      'Day trips /tours/category/day-trips',
      'Reviews https://reviews.example/',
    ]);
  });

  it('names an item by its label in the document’s language, and leads custom links to the home page and catalogue in it', async () => {
    await menuHeader();
    const about = await createTestPage(t, { title: 'About', slug: 'about', status: 'published' });
    await publishTranslation('pages', about.id, { title: 'Über uns', slug: 'ueber-uns' });
    const walk = await createTestTour(t, { title: 'Alfama walk', slug: 'alfama-walk' });
    const items = [
      { kind: 'custom', label: 'Home', url: '/', labels: { de: 'Start' } },
      { kind: 'custom', label: 'Tours', url: '/tours', labels: { de: 'Touren', 'pt-PT': '' } },
      { kind: 'custom', label: 'March', url: '/tours?month=2099-03#results' },
      { kind: 'page', target_id: about.id, label: 'Who we are', labels: { de: 'Wer wir sind' } },
      // Without a German translation the tour keeps its English address; its German label names it.
      { kind: 'post', target_id: walk.id, labels: { de: 'Spaziergang' } },
      { kind: 'custom', label: 'Walk', url: '/tours/alfama-walk' },
    ];
    const saved = await api('PUT', '/api/menus/header', { items }, 200);
    expect(saved.items.map((item: { labels: object }) => item.labels)).toEqual([
      { de: 'Start' },
      { de: 'Touren' },
      {},
      { de: 'Wer wir sind' },
      { de: 'Spaziergang' },
      {},
    ]);
    expect(menuLinks(srcdoc((await get('/de/ueber-uns')).body))).toEqual([
      'Start /de/',
      'Touren /de/tours',
      'March /de/tours?month=2099-03#results',
      'Wer wir sind /de/ueber-uns (current)',
      'Spaziergang /tours/alfama-walk',
      // A slug may differ between languages: a custom link to one stays as written (a Tour item follows it).
      'Walk /tours/alfama-walk',
    ]);
    expect(menuLinks(srcdoc((await get('/about')).body))).toEqual([
      'Home /',
      'Tours /tours',
      'March /tours?month=2099-03#results',
      'Who we are /about (current)',
      'Alfama walk /tours/alfama-walk',
      'Walk /tours/alfama-walk',
    ]);

    // A label in a language the site does not have, or in its default language, is refused and nothing changes.
    for (const [labels, message] of [
      [{ fr: 'Visites' }, "fr is not one of the site's languages"],
      [{ en: 'Tours' }, "en is the site's default language: its label is the item's Label"],
    ] as const) {
      const refused = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: '/api/menus/header',
        payload: { items: [{ kind: 'custom', label: 'Tours', url: '/tours', labels }] },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ errors: [{ field: 'items[0].labels', message }] });
    }
    const bad = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: '/api/menus/header',
      payload: { items: [{ kind: 'custom', label: 'Tours', url: '/tours', labels: { de: 'x'.repeat(101) } }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].message).toBe('Label must be at most 100 characters');
    const menu = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/menus/header' });
    expect(menu.json().items).toHaveLength(items.length);
  });
});
