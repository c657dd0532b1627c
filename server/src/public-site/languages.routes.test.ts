import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { toursBlockHtml } from '@tours-cms/contract';
import { createTestPage, createTestTour } from '../test/page-fixtures.js';

/** The public site in its languages (issue 30 item 4): addresses, <html lang>, formats, alternates, sitemap. */

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'tours.test' } });

function htmlLang(res: LightMyRequestResponse): string | undefined {
  return /<html lang="([^"]*)">/.exec(res.body)?.[1];
}

/** The 404 screen, in the words of the address's language (English for a prefix that is no language of the site). */
function expectNotFound(res: LightMyRequestResponse, url: string, heading = '404 - Not Found'): void {
  expect(res.statusCode, url).toBe(404);
  expect(res.body, url).toContain(`<h1>${heading}</h1>`);
}

/** A 301 to the item's own address: slugs are unique across languages, so an item asked for under another language's prefix is found. */
function expectMoved(res: LightMyRequestResponse, url: string, to: string): void {
  expect(res.statusCode, url).toBe(301);
  expect(res.headers.location, url).toBe(to);
}

/** The document's `<link rel="alternate" hreflang>` tags, as [hreflang, href]. */
function hreflangs(html: string): [string, string][] {
  return [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]);
}

function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
}

function metas(html: string, property: string): string[] {
  return [...html.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)">`, 'g'))].map((m) => m[1]!);
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** The slugs of a catalogue page's cards, as their links say them. */
function cardLinks(html: string): string[] {
  return [...html.matchAll(/<h3><a href="([^"]+)">/g)].map((m) => m[1]!);
}

forEachDialect('the public site in languages', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
  });
  afterEach(async () => t.close());

  async function setSettings(settings: Record<string, unknown>): Promise<void> {
    const res = await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: { site_name: 'Lisbon Walks', currency: 'EUR', ...settings },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A published translation of a post or page: the draft copy, then its text and status saved. */
  async function publishTranslation(
    kind: 'posts' | 'pages',
    id: number,
    language: string,
    fields: Record<string, unknown>,
  ): Promise<{ id: number; slug: string }> {
    const made = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/${kind}/${id}/translations`,
      payload: { language },
    });
    expect(made.statusCode, made.body).toBe(201);
    const draft = made.json();
    const saved = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/${kind}/${draft.id}`,
      payload: { slug: draft.slug, language, status: 'published', ...fields },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json();
  }

  async function addDeparture(postId: number, startsOn: string): Promise<void> {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${postId}/departures`,
      payload: { starts_on: startsOn, seats_total: 10 },
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  describe('one language', () => {
    it('says the default language on every document and writes dates and prices as before for bare en', async () => {
      await setSettings({});
      const tour = await createTestTour(t, { title: 'Alfama walk', slug: 'alfama-walk', price: 79 });
      await addDeparture(tour.id, '2099-03-02');
      await createTestPage(t, { title: 'About', slug: 'about', status: 'published' });
      for (const url of ['/tours', '/tours/alfama-walk', '/about']) {
        const res = await get(t, url);
        expect(res.statusCode, url).toBe(200);
        expect(htmlLang(res), url).toBe('en');
        // One language: no alternates, the document's own locale.
        expect(hreflangs(res.body), url).toEqual([]);
        expect(metas(res.body, 'og:locale'), url).toEqual(['en']);
        expect(jsonLd(res.body).at(-1), url).toMatchObject({ '@type': 'WebPage', inLanguage: 'en' });
        expect(res.body, url).not.toContain('aria-label="Languages"');
        expect(srcdoc(res.body), url).not.toContain('aria-label="Languages"');
      }
      const page = (await get(t, '/tours/alfama-walk')).body;
      expect(page).toContain('<data value="79.00" data-currency="EUR">€79.00</data>');
      expect(page).toContain('<time datetime="2099-03-02">Mon, 2 Mar 2099</time>');
      expect((await get(t, '/tours')).body).toMatch(/<option value="\d{4}-\d{2}">[A-Z][a-z]+ \d{4} \(\d+\)<\/option>/);
      const sitemap = (await get(t, '/sitemap.xml')).body;
      expect(sitemap).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(sitemap).not.toContain('xhtml:link');
    });

    it('writes a German site in German: <html lang="de">, German dates, months and prices (Intl)', async () => {
      await setSettings({ default_language: 'de', languages: ['de'] });
      const tour = await createTestTour(t, { title: 'Altstadt', slug: 'altstadt', price: 79 });
      await addDeparture(tour.id, '2099-03-02');
      const res = await get(t, '/tours/altstadt');
      expect(res.statusCode).toBe(200);
      expect(htmlLang(res)).toBe('de');
      expect(res.body).toContain('<data value="79.00" data-currency="EUR">79,00\u00a0€</data>');
      expect(res.body).toContain('<time datetime="2099-03-02">Mo., 2. März 2099</time>');
      expect(metas(res.body, 'og:locale')).toEqual(['de']);
      const catalogue = await get(t, '/tours');
      expect(htmlLang(catalogue)).toBe('de');
      // The month filter names the months in German.
      expect(catalogue.body).toMatch(
        /<option value="\d{4}-\d{2}">(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4} \(\d+\)<\/option>/,
      );
      // The content frame of the tour says its language too.
      expect(htmlLang(await get(t, '/frame/site/tour/altstadt'))).toBe('de');
    });
  });

  describe('several languages', () => {
    let english: { id: number };
    beforeEach(async () => {
      await setSettings({ default_language: 'en', languages: ['en', 'de', 'pt-PT'] });
      english = await createTestTour(t, { title: 'Alfama walk', slug: 'alfama-walk', price: 79 });
      await publishTranslation('posts', english.id, 'de', {
        title: 'Alfama-Spaziergang',
        slug: 'alfama-spaziergang',
        price: 79,
      });
      await createTestTour(t, { title: 'Belem by bike', slug: 'belem-bike', price: 45 });
    });

    it('serves a tour only at its language’s address, and each language’s catalogue lists its own tours', async () => {
      const en = await get(t, '/tours/alfama-walk');
      expect(en.statusCode).toBe(200);
      expect(htmlLang(en)).toBe('en');
      const de = await get(t, '/de/tours/alfama-spaziergang');
      expect(de.statusCode).toBe(200);
      expect(htmlLang(de)).toBe('de');
      expect(de.body).toContain('<h1 class="title">Alfama-Spaziergang</h1>');
      expect(de.body).toContain('<data value="79.00" data-currency="EUR">79,00\u00a0€</data>');
      // Its links stay in German, and say so in German: home, the catalogue.
      expect(de.body).toContain('<li><a href="/de/">Startseite</a></li>');
      expect(de.body).toContain('<li><a href="/de/tours">Touren</a></li>');
      // Asked for under another language's prefix, a tour is sent to its own address (301).
      for (const [url, to] of [
        ['/tours/alfama-spaziergang', '/de/tours/alfama-spaziergang'],
        ['/de/tours/alfama-walk', '/tours/alfama-walk'],
        ['/pt-pt/tours/alfama-spaziergang', '/de/tours/alfama-spaziergang'],
        ['/en/tours/alfama-walk', '/tours/alfama-walk'],
      ] as const)
        expectMoved(await get(t, url), url, to);
      expectNotFound(await get(t, '/de/tours/no-such-tour'), '/de/tours/no-such-tour', '404 – Seite nicht gefunden');

      expect(cardLinks((await get(t, '/tours')).body)).toEqual(['/tours/belem-bike', '/tours/alfama-walk']);
      const deCatalogue = await get(t, '/de/tours');
      expect(deCatalogue.statusCode).toBe(200);
      expect(htmlLang(deCatalogue)).toBe('de');
      expect(cardLinks(deCatalogue.body)).toEqual(['/de/tours/alfama-spaziergang']);
      expect(deCatalogue.body).toContain('action="/de/tours#results"');
      const pt = await get(t, '/pt-pt/tours');
      expect(pt.statusCode).toBe(200);
      expect(htmlLang(pt)).toBe('pt-PT');
      expect(cardLinks(pt.body)).toEqual([]);
    });

    it('counts each language’s own tours beside the month filter', async () => {
      const german = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/posts/${english.id}` })).json()
        .translations[0];
      const belem = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/posts/?language=en' }))
        .json()
        .find((post: { slug: string }) => post.slug === 'belem-bike');
      const next = new Date();
      next.setUTCDate(1);
      next.setUTCMonth(next.getUTCMonth() + 1);
      const month = next.toISOString().slice(0, 7);
      for (const id of [english.id, belem.id, german.id]) await addDeparture(id, `${month}-15`);
      await t.app.monthCounts.settled();
      const option = (html: string) =>
        new RegExp(`<option value="${month}">[^<]*\\((\\d+)\\)</option>`).exec(html)?.[1];
      expect(option((await get(t, '/tours')).body)).toBe('2');
      expect(option((await get(t, '/de/tours')).body)).toBe('1');
      expect(option((await get(t, '/pt-pt/tours')).body)).toBe('0');
    });

    it('offers a language switcher under the header: the same tour in each language, else that language’s home', async () => {
      const de = (await get(t, '/de/tours/alfama-spaziergang')).body;
      expect(de).toContain(`<nav class="languages wrap" aria-label="Sprachen"><ul>
<li><a href="/tours/alfama-walk" hreflang="en" lang="en">English</a></li>
<li><a href="/de/tours/alfama-spaziergang" hreflang="de" lang="de" aria-current="true">Deutsch</a></li>
<li><a href="/pt-pt/" hreflang="pt-PT" lang="pt-PT">Português europeu</a></li>
</ul></nav>`);
      // A tour without a German translation: German's home.
      expect((await get(t, '/tours/belem-bike')).body).toContain(
        '<li><a href="/de/" hreflang="de" lang="de">Deutsch</a></li>',
      );
      // The catalogue: the same view in each language.
      expect((await get(t, '/pt-pt/tours')).body).toContain(
        '<li><a href="/de/tours" hreflang="de" lang="de">Deutsch</a></li>',
      );
    });

    it('sends the language banner’s script, named by its policy, only with a document of an item in several languages', async () => {
      const inline = (body: string) => [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      const translated = await get(t, '/de/tours/alfama-spaziergang');
      const scripts = inline(translated.body);
      expect(scripts).toHaveLength(2);
      expect(scripts[1]).toContain('tours-cms:language-banner-dismissed');
      const csp = String(translated.headers['content-security-policy']);
      for (const script of scripts) expect(csp).toContain(createHash('sha256').update(script, 'utf8').digest('base64'));
      // A tour in one language has no alternates to suggest: no banner script.
      const alone = inline((await get(t, '/tours/belem-bike')).body);
      expect(alone).toHaveLength(1);
      expect(alone[0]).not.toContain('language-banner');
    });

    it('answers an unknown prefix, a language not in the site’s list and the default language’s own with the 404 screen', async () => {
      for (const url of [
        '/xx/tours',
        '/fr/tours',
        '/en/tours',
        '/fr/tours/alfama-walk',
        '/zz/about',
        '/xx/tours/category/bay',
      ])
        expectNotFound(await get(t, url), url);
      // The server's own addresses are never a language: the API answers JSON as it did, files and frames their own 404.
      for (const url of ['/api/nothing', '/api/tours', '/api/x/y']) {
        const res = await get(t, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/json');
      }
      for (const url of ['/uploads/none.png', '/frame/none', '/vendor/none.js', '/admin/none']) {
        const res = await get(t, url);
        expect(res.statusCode, url).not.toBe(500);
        expect(res.body, url).not.toContain('<h1>404 - Not Found</h1>');
      }
      expect((await get(t, '/robots.txt')).statusCode).toBe(200);
      expect((await get(t, '/sitemap.xml')).statusCode).toBe(200);
    });

    it('links every translation with hreflang and x-default, and says its canonical URL, og:locale and inLanguage', async () => {
      const en = (await get(t, '/tours/alfama-walk')).body;
      const de = (await get(t, '/de/tours/alfama-spaziergang')).body;
      const alternates = [
        ['de', 'http://tours.test/de/tours/alfama-spaziergang'],
        ['en', 'http://tours.test/tours/alfama-walk'],
        ['x-default', 'http://tours.test/tours/alfama-walk'],
      ];
      expect(hreflangs(en)).toEqual(alternates);
      expect(hreflangs(de)).toEqual(alternates);
      expect(canonical(en)).toBe('http://tours.test/tours/alfama-walk');
      expect(canonical(de)).toBe('http://tours.test/de/tours/alfama-spaziergang');
      expect(metas(de, 'og:locale')).toEqual(['de']);
      expect(metas(de, 'og:locale:alternate')).toEqual(['en']);
      expect(metas(en, 'og:locale:alternate')).toEqual(['de']);
      expect(jsonLd(de).at(-1)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        url: 'http://tours.test/de/tours/alfama-spaziergang',
        name: 'Alfama-Spaziergang | Lisbon Walks',
        inLanguage: 'de',
      });
      // A tour in one language names no alternates.
      expect(hreflangs((await get(t, '/tours/belem-bike')).body)).toEqual([]);
      // The catalogue is in every language of the site.
      expect(hreflangs((await get(t, '/de/tours')).body)).toEqual([
        ['de', 'http://tours.test/de/tours'],
        ['en', 'http://tours.test/tours'],
        ['pt-PT', 'http://tours.test/pt-pt/tours'],
        ['x-default', 'http://tours.test/tours'],
      ]);
    });

    it('serves pages at their language’s addresses: the home page’s translation is the language’s home', async () => {
      const home = await createTestPage(t, { title: 'Home', slug: 'home', status: 'published' });
      await publishTranslation('pages', home.id, 'de', { title: 'Startseite', slug: 'startseite' });
      const about = await createTestPage(t, { title: 'About', slug: 'about', status: 'published' });
      await publishTranslation('pages', about.id, 'de', { title: 'Über uns', slug: 'ueber-uns' });

      for (const url of ['/de/', '/de']) {
        const res = await get(t, url);
        expect(res.statusCode, url).toBe(200);
        expect(htmlLang(res), url).toBe('de');
        expect(res.body, url).toContain('<title>Startseite</title>');
        expect(canonical(res.body), url).toBe('http://tours.test/de/');
        expect(hreflangs(res.body), url).toEqual([
          ['de', 'http://tours.test/de/'],
          ['en', 'http://tours.test/'],
          ['x-default', 'http://tours.test/'],
        ]);
      }
      const root = await get(t, '/');
      expect(htmlLang(root)).toBe('en');
      expect(root.body).toContain('<title>Home</title>');
      expect(hreflangs(root.body)).toContainEqual(['de', 'http://tours.test/de/']);

      const ueber = await get(t, '/de/ueber-uns');
      expect(ueber.statusCode).toBe(200);
      expect(htmlLang(ueber)).toBe('de');
      expect(hreflangs(ueber.body)).toEqual([
        ['de', 'http://tours.test/de/ueber-uns'],
        ['en', 'http://tours.test/about'],
        ['x-default', 'http://tours.test/about'],
      ]);
      // Its frame says its language and offers the switcher under the header: the same page in each language.
      const frame = srcdoc(ueber.body);
      expect(frame).toContain('<html lang="de">');
      expect(frame).toContain(`<nav class="languages wrap" aria-label="Sprachen"><ul>
<li><a href="/about" hreflang="en" lang="en">English</a></li>
<li><a href="/de/ueber-uns" hreflang="de" lang="de" aria-current="true">Deutsch</a></li>
<li><a href="/pt-pt/" hreflang="pt-PT" lang="pt-PT">Português europeu</a></li>
</ul></nav>`);
      // A German page is not at /{slug}, an English one not under /de/: each is sent to its own address (301).
      for (const [url, to] of [
        ['/ueber-uns', '/de/ueber-uns'],
        ['/de/about', '/about'],
        ['/en/about', '/about'],
        ['/startseite', '/de/'],
      ] as const)
        expectMoved(await get(t, url), url, to);
      // A language without a home has none; a prefix that is no language of the site finds nothing.
      expectNotFound(await get(t, '/pt-pt/'), '/pt-pt/', '404 - Página não encontrada');
      for (const url of ['/fr/', '/fr/about']) expectNotFound(await get(t, url), url);
    });

    it('shows a page’s preview with the switcher its published page will have, naming no alternates', async () => {
      const about = await createTestPage(t, { title: 'About', slug: 'about', status: 'published' });
      const german = await publishTranslation('pages', about.id, 'de', { title: 'Über uns', slug: 'ueber-uns' });
      const link = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: `/api/pages/${german.id}/previews`,
        payload: {},
      });
      expect(link.statusCode, link.body).toBe(201);
      const preview = await get(t, link.json().url);
      expect(preview.statusCode).toBe(200);
      expect(hreflangs(preview.body)).toEqual([]);
      expect(srcdoc(preview.body)).toContain(
        '<li><a href="/de/ueber-uns" hreflang="de" lang="de" aria-current="true">Deutsch</a></li>',
      );
    });

    it('fills a German page’s "Tours" block with German tours, linked and priced in German', async () => {
      const home = await createTestPage(t, { title: 'Home', slug: 'home', status: 'published' });
      await publishTranslation('pages', home.id, 'de', {
        title: 'Startseite',
        slug: 'startseite',
        content: toursBlockHtml({ kind: 'newest', count: 3 }),
      });
      const frame = srcdoc((await get(t, '/de/')).body);
      expect(cardLinks(frame)).toEqual(['/de/tours/alfama-spaziergang']);
      expect(frame).toContain('<data value="79.00" data-currency="EUR">79,00\u00a0€</data>');
    });

    it('keeps each language’s document apart in the cache', async () => {
      const home = await createTestPage(t, { title: 'Home', slug: 'home', status: 'published' });
      await publishTranslation('pages', home.id, 'de', { title: 'Startseite', slug: 'startseite' });
      for (let visit = 0; visit < 3; visit++) {
        expect((await get(t, '/')).body).toContain('<title>Home</title>');
        expect((await get(t, '/de/')).body).toContain('<title>Startseite</title>');
        expect(htmlLang(await get(t, '/tours'))).toBe('en');
        expect(htmlLang(await get(t, '/de/tours'))).toBe('de');
      }
    });

    it('moves the addresses when the default language changes: the new default’s items to the bare addresses, the old one’s under its tag, old links sent on', async () => {
      const home = await createTestPage(t, { title: 'Home', slug: 'home', status: 'published' });
      await publishTranslation('pages', home.id, 'de', { title: 'Startseite', slug: 'startseite' });
      const about = await createTestPage(t, { title: 'About', slug: 'about', status: 'published' });
      await publishTranslation('pages', about.id, 'de', { title: 'Über uns', slug: 'ueber-uns' });
      await setSettings({ default_language: 'de', languages: ['de', 'en', 'pt-PT'] });

      // German is at the site's own addresses now, English under /en/; every item kept its language.
      for (const [url, lang, text] of [
        ['/', 'de', '<title>Startseite</title>'],
        ['/en/', 'en', '<title>Home</title>'],
        ['/ueber-uns', 'de', 'Über uns'],
        ['/en/about', 'en', '<title>About'],
        ['/tours/alfama-spaziergang', 'de', '<h1 class="title">Alfama-Spaziergang</h1>'],
        ['/en/tours/alfama-walk', 'en', '<h1 class="title">Alfama walk</h1>'],
      ] as const) {
        const res = await get(t, url);
        expect(res.statusCode, url).toBe(200);
        expect(htmlLang(res), url).toBe(lang);
        expect(res.body, url).toContain(text);
      }
      expect(cardLinks((await get(t, '/tours')).body)).toEqual(['/tours/alfama-spaziergang']);
      expect(cardLinks((await get(t, '/en/tours')).body)).toEqual(['/en/tours/belem-bike', '/en/tours/alfama-walk']);
      // x-default follows the default language.
      expect(hreflangs((await get(t, '/en/tours/alfama-walk')).body)).toContainEqual([
        'x-default',
        'http://tours.test/tours/alfama-spaziergang',
      ]);
      // Links to the old addresses (search engines', visitors' bookmarks) are sent to the new ones.
      for (const [url, to] of [
        ['/about', '/en/about'],
        ['/tours/alfama-walk', '/en/tours/alfama-walk'],
        ['/tours/belem-bike', '/en/tours/belem-bike'],
        ['/de/ueber-uns', '/ueber-uns'],
        ['/de/tours/alfama-spaziergang', '/tours/alfama-spaziergang'],
      ] as const)
        expectMoved(await get(t, url), url, to);
      const sitemap = (await get(t, '/sitemap.xml')).body;
      expect(sitemap).toContain('<loc>http://tours.test/en/tours/alfama-walk</loc>');
      expect(sitemap).toContain('<loc>http://tours.test/tours/alfama-spaziergang</loc>');
    });

    it('sends / to the home page where it is while the new default language has no home yet (302)', async () => {
      await createTestPage(t, { title: 'Home', slug: 'home', status: 'published' });
      await setSettings({ default_language: 'de', languages: ['de', 'en'] });
      const root = await get(t, '/');
      expect(root.statusCode).toBe(302);
      expect(root.headers.location).toBe('/en/');
      expect((await get(t, '/en/')).body).toContain('<title>Home</title>');
    });

    it('lists every language’s addresses in the sitemap, each with its xhtml:link alternates', async () => {
      const home = await createTestPage(t, { title: 'Home', slug: 'home', status: 'published' });
      await publishTranslation('pages', home.id, 'de', { title: 'Startseite', slug: 'startseite' });
      const sitemap = (await get(t, '/sitemap.xml')).body;
      expect(sitemap).toContain(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      );
      const links = [
        '\n    <xhtml:link rel="alternate" hreflang="de" href="http://tours.test/de/tours/alfama-spaziergang"/>',
        '\n    <xhtml:link rel="alternate" hreflang="en" href="http://tours.test/tours/alfama-walk"/>',
        '\n    <xhtml:link rel="alternate" hreflang="x-default" href="http://tours.test/tours/alfama-walk"/>',
      ].join('');
      expect(sitemap).toMatch(
        new RegExp(
          `<url><loc>http://tours.test/tours/alfama-walk</loc><lastmod>[\\d-]+</lastmod>${escape(links)}</url>`,
        ),
      );
      expect(sitemap).toMatch(
        new RegExp(
          `<url><loc>http://tours.test/de/tours/alfama-spaziergang</loc><lastmod>[\\d-]+</lastmod>${escape(links)}</url>`,
        ),
      );
      expect(sitemap).toMatch(/<url><loc>http:\/\/tours.test\/de\/<\/loc><lastmod>[\d-]+<\/lastmod>\n {4}<xhtml:link/);
      expect(sitemap).toMatch(/<url><loc>http:\/\/tours.test\/de\/tours<\/loc>/);
      // A tour in one language has no alternates.
      expect(sitemap).toMatch(
        /<url><loc>http:\/\/tours.test\/tours\/belem-bike<\/loc><lastmod>[\d-]+<\/lastmod><\/url>/,
      );
      expect(sitemap).not.toContain('/tours/alfama-spaziergang</loc>'.replace('/tours', 'tours.test/tours'));
    });
  });
});

/** The document inside a page's frame (its srcdoc, unescaped). */
function srcdoc(html: string): string {
  const escaped = /srcdoc="([^"]*)"/.exec(html)?.[1] ?? '';
  return escaped.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** Text for a RegExp, taken literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
