import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { makeImage } from '../test/media-fixtures.js';
import { createTestComponent, createTestPage, uploadTestMedia } from '../test/page-fixtures.js';

/** The srcdoc of the page's frame, unescaped: the document the visitor's browser renders inside the frame. */
function frameDocumentOf(res: LightMyRequestResponse): string {
  const match = /<iframe [^>]*srcdoc="([^"]*)"/.exec(res.body);
  if (!match) throw new Error(`no srcdoc frame in ${res.body.slice(0, 300)}`);
  return match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

forEachDialect('public site', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    // The hosts the tests visit the site under: a Host outside the list is never written into a page.
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.example.com, site.test' });
  });
  afterEach(async () => t.close());

  describe('pages', () => {
    it('renders the published home page at / as one document with its frame', async () => {
      await createTestPage(t, { title: 'Welcome', slug: 'home', status: 'published', content: '<h1>Sunny tours</h1>' });
      const res = await get(t, '/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<title>Welcome</title>');
      expect(res.body).toMatch(
        /<iframe id="site-frame" title="Welcome" sandbox="allow-scripts allow-forms allow-popups" data-site-frame srcdoc="/,
      );
      expect(res.body).not.toContain('allow-same-origin');
      expect(frameDocumentOf(res)).toContain('<h1>Sunny tours</h1>');
    });

    it('renders any published page at /{slug}, including a non-Latin slug, and sends /home to /', async () => {
      await createTestPage(t, {
        title: 'Excursions',
        slug: 'excursions',
        status: 'published',
        content: '<p>All our tours</p>',
      });
      await createTestPage(t, { title: '東京', slug: '東京-ツアー', status: 'published', content: '<p>Tokyo</p>' });
      expect(frameDocumentOf(await get(t, '/excursions'))).toContain('<p>All our tours</p>');
      expect(frameDocumentOf(await get(t, '/excursions/'))).toContain('<p>All our tours</p>');
      expect(frameDocumentOf(await get(t, `/${encodeURIComponent('東京-ツアー')}`))).toContain('<p>Tokyo</p>');
      const home = await get(t, '/home');
      expect(home.statusCode).toBe(301);
      expect(home.headers.location).toBe('/');
    });

    it('answers drafts, pending pages, unknown and reserved slugs with the 404 screen', async () => {
      await createTestPage(t, { slug: 'draft-page', status: 'draft' });
      await createTestPage(t, { slug: 'pending-page', status: 'pending' });
      for (const url of [
        '/draft-page',
        '/pending-page',
        '/nothing-here',
        '/Tours',
        '/favicon.ico',
        '/frame',
        '/api',
        '/a--b',
        '/',
      ]) {
        const res = await get(t, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('<h1>404 - Not Found</h1>');
        expect(res.body).toContain('Page not found or is not published.');
        expect(res.body).toContain('<a href="/">Go back to Home</a>');
      }
    });

    it('answers an unknown address of any depth with the 404 screen, whatever the client accepts; the API and files JSON', async () => {
      for (const url of ['/trips/crete', '/a/b/c', '/2024/05/old-post/', '/de/tours', '/de/tours?page=2']) {
        for (const accept of ['text/html,application/xhtml+xml', 'application/json', '*/*', undefined]) {
          const page = await t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
          expect(page.statusCode, `${url} ${accept}`).toBe(404);
          expect(page.headers['content-type'], `${url} ${accept}`).toBe('text/html; charset=utf-8');
          expect(page.body).toContain('<h1>404 - Not Found</h1>');
          expect(page.headers['content-security-policy']).toContain("default-src 'none'");
        }
      }
      for (const url of ['/api/nothing/here', '/admin_vendor_api/api/nothing', '/uploads/2026/01/missing.png']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/json');
      }
    });

    it('still answers a redirect from a deep old address', async () => {
      const made = await injectAs(t.app, t.tokens.admin, {
        method: 'POST',
        url: '/api/redirects/',
        payload: { from_path: '/2024/05/old-post', to: '/new-post', status_code: 301 },
      });
      expect(made.statusCode, made.body).toBe(201);
      for (const accept of ['text/html', undefined]) {
        const res = await t.app.inject({ method: 'GET', url: '/2024/05/old-post', headers: accept ? { accept } : {} });
        expect(res.statusCode).toBe(301);
        expect(res.headers.location).toBe('/new-post');
      }
    });

    it('shows a page once published and hides it again when it goes back to draft', async () => {
      const page = await createTestPage(t, { title: 'Soon', slug: 'soon' });
      expect((await get(t, '/soon')).statusCode).toBe(404);
      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/pages/${page.id}`,
        payload: { title: 'Soon', slug: 'soon', status: 'published' },
      });
      expect((await get(t, '/soon')).statusCode).toBe(200);
      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/pages/${page.id}`,
        payload: { title: 'Soon', slug: 'soon', status: 'pending' },
      });
      expect((await get(t, '/soon')).statusCode).toBe(404);
    });

    it("shows 'Error loading page data' on the same screen, with 503, when the page cannot be read", async () => {
      await createTestPage(t, { slug: 'fine', status: 'published' });
      await sql`drop table pages`.execute(t.app.ctx.db.kysely);
      const res = await get(t, '/fine');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.body).toContain('<h1>404 - Not Found</h1>');
      expect(res.body).toContain('<p>Error loading page data</p>');
      expect(res.body).toContain('<a href="/">Go back to Home</a>');
    });

    it('renders content given as JSON text with a content key', async () => {
      await createTestPage(t, {
        slug: 'json',
        status: 'published',
        content: JSON.stringify({ content: '<section id="from-json">Hi</section>' }),
      });
      expect(frameDocumentOf(await get(t, '/json'))).toContain('<section id="from-json">Hi</section>');
    });

    it('keeps page HTML inside the frame: quotes and scripts in content cannot break out into the page', async () => {
      const content = '"></iframe><script>top.stolen = localStorage.token</script><p title="x">&amp;</p>';
      await createTestPage(t, { slug: 'tricky', status: 'published', content });
      const res = await get(t, '/tricky');
      const outside = res.body.replace(/srcdoc="[^"]*"/, 'srcdoc=""');
      // The page's own navigation script only (besides its JSON-LD data, which runs nothing).
      expect(outside.match(/<script(?! type="application\/ld\+json")/g)).toHaveLength(1);
      expect(outside).not.toContain('stolen');
      expect(frameDocumentOf(res)).toContain(content);
    });
  });

  describe('head', () => {
    it('takes the title and description from the SEO fields', async () => {
      await createTestPage(t, {
        title: 'Crete',
        slug: 'crete',
        status: 'published',
        seo_title: 'Crete walking tours',
        seo_description: 'Gorges & beaches.',
      });
      const html = (await get(t, '/crete')).body;
      expect(html).toContain('<title>Crete walking tours</title>');
      expect(metaContent(html, 'name', 'description')).toBe('Gorges &amp; beaches.');
      expect(metaContent(html, 'property', 'og:title')).toBe('Crete walking tours');
      expect(metaContent(html, 'property', 'og:description')).toBe('Gorges &amp; beaches.');
    });

    it('falls back to the first 160 characters of the page text, then to the title', async () => {
      const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
      await createTestPage(t, {
        title: 'Long',
        slug: 'long',
        status: 'published',
        content: `<h1>Intro</h1><script>var x = 1;</script><p>${words}</p>`,
      });
      await createTestPage(t, {
        title: 'Empty page',
        slug: 'empty',
        status: 'published',
        content: '<div><img src="/a.png"></div>',
      });
      const long = metaContent((await get(t, '/long')).body, 'name', 'description')!;
      expect(long.startsWith('Intro word0 word1')).toBe(true);
      expect(long).not.toContain('var x');
      expect(Array.from(long).length).toBeLessThanOrEqual(160);
      expect(long.endsWith('…')).toBe(true);
      const empty = (await get(t, '/empty')).body;
      expect(empty).toContain('<title>Empty page</title>');
      expect(metaContent(empty, 'name', 'description')).toBe('Empty page');
      expect(metaContent(empty, 'property', 'og:description')).toBe('Empty page');
    });

    it('gives Open Graph an absolute image URL from the media item, on the allowed address the visitor used', async () => {
      const image = await uploadTestMedia(t, 'beach.jpg', await makeImage('jpeg', 200, 100));
      await createTestPage(t, { slug: 'beach', status: 'published', featured_image_id: image.id });
      const res = await get(t, '/beach', { host: 'tours.example.com' });
      expect(metaContent(res.body, 'property', 'og:image')).toBe(`http://tours.example.com/${image.file_path}`);
      expect(metaContent(res.body, 'property', 'og:url')).toBe('http://tours.example.com/beach');
      expect(frameDocumentOf(res)).toContain(`<img class="tcms-featured" src="/${image.file_path}" alt="${'Page'}`);
      expect(frameDocumentOf(res)).toMatch(/width="200" height="100" fetchpriority="high">/);
    });

    it("describes a page's featured image by its alternative text once it has one", async () => {
      const image = await uploadTestMedia(t, 'IMG_0042.jpg', await makeImage('jpeg', 200, 100));
      const described = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/media/${image.id}`,
        payload: { alt_text: 'Two kayaks on a calm bay' },
      });
      expect(described.statusCode, described.body).toBe(200);
      await createTestPage(t, { slug: 'kayaks', status: 'published', featured_image_id: image.id });
      const frame = frameDocumentOf(await get(t, '/kayaks'));
      expect(frame).toContain(`<img class="tcms-featured" src="/${image.file_path}" alt="Two kayaks on a calm bay"`);
      expect(frame).not.toContain('IMG_0042');
    });

    it('never writes a malformed Host header into the page', async () => {
      await createTestPage(t, { slug: 'hosted', status: 'published', featured_image_url: '/img/a.jpg' });
      const res = await get(t, '/hosted', { host: 'evil.example"><script>alert(1)</script>' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('evil.example');
      expect(metaContent(res.body, 'property', 'og:image')).toBe('http://tours.example.com/img/a.jpg');
    });

    // Review finding: documents were cached per Host header, so ever-new Host values each rendered and compressed
    // a page and filled the cache. A Host outside SITE_HOSTS now reads as the first allowed host.
    it('names an allowed host only, whatever Host a client sends', async () => {
      await createTestPage(t, { slug: 'hosted', status: 'published' });
      for (const host of ['a1.attacker.test', 'a2.attacker.test', 'SITE.TEST']) {
        const html = (await get(t, '/hosted', { host })).body;
        expect(html).not.toContain('attacker');
        expect(html, host).toContain(
          `<link rel="canonical" href="http://${host === 'SITE.TEST' ? 'site.test' : 'tours.example.com'}/hosted">`,
        );
      }
    });

    it('with neither PUBLIC_ORIGIN nor SITE_HOSTS, names the one origin it listens on', async () => {
      await t.close();
      t = await createTestApp(dialect, { HOST: '0.0.0.0', PORT: '8123' });
      await createTestPage(t, { slug: 'hosted', status: 'published' });
      for (const host of ['tours.example.com', 'b.attacker.test']) {
        expect((await get(t, '/hosted', { host })).body).toContain(
          '<link rel="canonical" href="http://localhost:8123/hosted">',
        );
      }
    });

    it('uses an image URL as given, and a site path with the origin', async () => {
      await createTestPage(t, {
        slug: 'remote',
        status: 'published',
        featured_image_url: 'https://images.example.com/a.jpg',
      });
      await createTestPage(t, { slug: 'local', status: 'published', featured_image_url: '/uploads/2025/01/x.jpg' });
      await createTestPage(t, { slug: 'plain', status: 'published' });
      const remote = await get(t, '/remote', { host: 'site.test' });
      expect(metaContent(remote.body, 'property', 'og:image')).toBe('https://images.example.com/a.jpg');
      expect(frameDocumentOf(remote)).toContain('<img class="tcms-featured" src="https://images.example.com/a.jpg"');
      expect(metaContent((await get(t, '/local', { host: 'site.test' })).body, 'property', 'og:image')).toBe(
        'http://site.test/uploads/2025/01/x.jpg',
      );
      const plain = await get(t, '/plain');
      expect(metaContent(plain.body, 'property', 'og:image')).toBeUndefined();
      expect(frameDocumentOf(plain)).not.toContain('tcms-featured"');
    });

    it('uses PUBLIC_ORIGIN for absolute URLs when it is set', async () => {
      await t.close();
      t = await createTestApp(dialect, { PUBLIC_ORIGIN: 'https://www.sunny-tours.example/' });
      await createTestPage(t, { slug: 'home', status: 'published', featured_image_url: '/uploads/a.jpg' });
      const html = (await get(t, '/', { host: 'internal:8080' })).body;
      expect(metaContent(html, 'property', 'og:image')).toBe('https://www.sunny-tours.example/uploads/a.jpg');
      expect(html).toContain('<link rel="canonical" href="https://www.sunny-tours.example/">');
    });
  });

  describe('frame', () => {
    it('wraps the content in the newest active common header and footer, featured image between', async () => {
      const oldHeader = await createTestComponent(t, {
        name: 'Old header',
        type: 'header',
        content: '<header>old</header>',
      });
      await createTestComponent(t, { name: 'New header', type: 'header', content: '<header>new</header>' });
      await createTestComponent(t, {
        name: 'Off header',
        type: 'header',
        content: '<header>off</header>',
        is_active: false,
      });
      await createTestComponent(t, {
        name: 'Private',
        type: 'footer',
        content: '<footer>private</footer>',
        is_common: false,
      });
      await createTestComponent(t, { name: 'Footer', type: 'footer', content: '<footer>foot</footer>' });
      await createTestPage(t, {
        slug: 'wrapped',
        status: 'published',
        content: '<p>body</p>',
        featured_image_url: 'https://x.test/a.jpg',
      });
      let frame = frameDocumentOf(await get(t, '/wrapped'));
      expect(frame).toContain('<header>new</header>');
      expect(frame).not.toMatch(/<header>(old|off)<\/header>|private/);
      const order = ['<header>new</header>', '<img class="tcms-featured"', '<p>body</p>', '<footer>foot</footer>'].map(
        (part) => frame.indexOf(part),
      );
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(order[0]).toBeGreaterThan(-1);

      // Editing the old header makes it the most recently updated one, so it takes over at once.
      const edit = { name: 'Old header', type: 'header', content: '<header>old, edited</header>' } as const;
      await injectAs(t.app, t.tokens.editor, { method: 'PUT', url: `/api/components/${oldHeader.id}`, payload: edit });
      frame = frameDocumentOf(await get(t, '/wrapped'));
      expect(frame).toContain('<header>old, edited</header>');
      expect(frame).not.toContain('<header>new</header>');
    });

    it("lays a page made in the page builder out in the site's readable column, and leaves other pages as their HTML says", async () => {
      await createTestComponent(t, { name: 'Header', type: 'header', content: '<header>head</header>' });
      await createTestComponent(t, { name: 'Footer', type: 'footer', content: '<footer>foot</footer>' });
      const builderRecord = JSON.stringify({ editor: 'page-builder', view: 'visual', language: 'html' });
      await createTestPage(t, {
        slug: 'built',
        status: 'published',
        content: '<h2>Walk the gorge</h2><p>Six hours down to the sea.</p>',
        featured_image_url: 'https://x.test/gorge.jpg',
        template_data: builderRecord,
      });
      await createTestPage(t, { slug: 'handmade', status: 'published', content: '<section>own layout</section>' });

      const built = frameDocumentOf(await get(t, '/built'));
      // The content, and only the content, sits in the column: the header, the featured image and the footer span.
      const column = /<div class="tcms-page">\n([\s\S]*?)\n<\/div>/.exec(built);
      expect(column?.[1]).toBe('<h2>Walk the gorge</h2><p>Six hours down to the sea.</p>');
      const order = [
        '<header>head</header>',
        '<img class="tcms-featured"',
        '<div class="tcms-page">',
        '<footer>foot</footer>',
      ];
      const at = order.map((part) => built.indexOf(part));
      expect(at[0]).toBeGreaterThan(-1);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      // The column's rules travel with the frame: centred, padded, a measure, images within it.
      expect(built).toMatch(/\.tcms-page \{ --tcms-measure: 42rem;/);
      expect(built).toContain(
        '.tcms-page > * { box-sizing: border-box; max-width: min(var(--tcms-measure), 100% - 2 * var(--tcms-gutter)); margin-inline: auto; }',
      );
      expect(built).toContain('.tcms-content img { max-width: 100%; height: auto; }');

      const handmade = frameDocumentOf(await get(t, '/handmade'));
      expect(handmade).toContain('<section>own layout</section>');
      expect(handmade).not.toContain('<div class="tcms-page">');
    });

    it('leaves a comment where a header or footer is missing', async () => {
      await createTestPage(t, { slug: 'bare', status: 'published', content: '<p>alone</p>' });
      const frame = frameDocumentOf(await get(t, '/bare'));
      expect(frame).toContain('<!-- No active common header component -->');
      expect(frame).toContain('<!-- No active common footer component -->');
    });

    it('loads the compiled styles from our own server only, never the in-browser compiler, and the widget runtime only when needed', async () => {
      await createTestPage(t, { slug: 'plain', status: 'published', content: '<p class="text-xl">x</p>' });
      await createTestPage(t, {
        slug: 'widgets',
        status: 'published',
        content: '<div data-tabs><button data-tab="a">A</button></div>',
      });
      const plain = frameDocumentOf(await get(t, '/plain'));
      expect(plain).toMatch(/<link rel="stylesheet" href="\/vendor\/site\/styles-[\w-]{16}\.css">/);
      expect(plain).not.toContain('/vendor/tailwind.js');
      expect(plain).not.toContain('fontawesome');
      expect(plain).not.toContain('/frame/runtime.js');
      expect(plain).not.toMatch(/(src|href)="(https?:)?\/\//);
      expect(frameDocumentOf(await get(t, '/widgets'))).toContain(
        '<script src="/frame/runtime.js" data-frame-mode="site" defer></script>',
      );
    });
  });

  describe('headers and caching', () => {
    it('sends the sandboxing policy, revalidation and an ETag', async () => {
      await createTestPage(t, { slug: 'home', status: 'published' });
      const res = await get(t, '/');
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain('sandbox allow-scripts allow-forms allow-popups');
      expect(csp).not.toContain('allow-same-origin');
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);
    });

    it('answers 304 with no body to a matching If-None-Match, and 200 once the page changes', async () => {
      const page = await createTestPage(t, {
        title: 'Cached',
        slug: 'cached',
        status: 'published',
        content: '<p>one</p>',
      });
      const first = await get(t, '/cached');
      const etag = first.headers.etag as string;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(t, '/cached', { 'if-none-match': ifNoneMatch });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      expect((await get(t, '/cached', { 'if-none-match': '"stale"' })).statusCode).toBe(200);

      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/pages/${page.id}`,
        payload: { title: 'Cached', slug: 'cached', status: 'published', content: '<p>two</p>' },
      });
      const changed = await get(t, '/cached', { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(frameDocumentOf(changed)).toContain('<p>two</p>');
    });

    it('serves the rendered document from memory until a write signals a change', async () => {
      const page = await createTestPage(t, { slug: 'memo', status: 'published', content: '<p>before</p>' });
      expect(frameDocumentOf(await get(t, '/memo'))).toContain('<p>before</p>');
      // A change behind the services' back is not seen: the document comes from the cache...
      await t.app.ctx.db.kysely
        .updateTable('pages')
        .set({ content: '<p>after</p>' })
        .where('id', '=', page.id)
        .execute();
      expect(frameDocumentOf(await get(t, '/memo'))).toContain('<p>before</p>');
      // ...until the signal every write raises.
      t.app.ctx.siteChanges.changed('page');
      expect(frameDocumentOf(await get(t, '/memo'))).toContain('<p>after</p>');
    });

    it('drops a featured image deleted from the media library at once', async () => {
      const image = await uploadTestMedia(t, 'beach.png', await makeImage('png'));
      await createTestPage(t, { slug: 'gone', status: 'published', featured_image_id: image.id });
      expect(frameDocumentOf(await get(t, '/gone'))).toContain(image.file_path);
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${image.id}?in_use=confirmed` }))
          .statusCode,
      ).toBe(204);
      expect(frameDocumentOf(await get(t, '/gone'))).not.toContain(image.file_path);
    });

    it('shows a deleted page as 404 at once, and a new common footer on every page', async () => {
      const page = await createTestPage(t, { slug: 'short-lived', status: 'published' });
      expect((await get(t, '/short-lived')).statusCode).toBe(200);
      await createTestComponent(t, { name: 'Footer', type: 'footer', content: '<footer>hello</footer>' });
      expect(frameDocumentOf(await get(t, '/short-lived'))).toContain('<footer>hello</footer>');
      await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/pages/${page.id}` });
      expect((await get(t, '/short-lived')).statusCode).toBe(404);
    });

    it('sends the document compressed once to clients that accept it, each encoding with its own ETag', async () => {
      await createTestPage(t, {
        slug: 'home',
        status: 'published',
        content: `<p>${'Island hopping. '.repeat(200)}</p>`,
      });
      const plain = await get(t, '/');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      const br = await get(t, '/', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      const gzip = await get(t, '/', { 'accept-encoding': 'gzip;q=1, br;q=0' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
      expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
      const revalidated = await get(t, '/', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string });
      expect(revalidated.statusCode).toBe(304);
    });

    it('answers HEAD like GET without a body', async () => {
      await createTestPage(t, { slug: 'home', status: 'published' });
      const res = await t.app.inject({ method: 'HEAD', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBeDefined();
      expect(res.body).toBe('');
    });
  });

  describe('sitemap and robots', () => {
    it('lists every published page, and only those, with absolute URLs and dates', async () => {
      await createTestPage(t, { slug: 'home', status: 'published' });
      const tours = await createTestPage(t, { slug: 'excursions', status: 'published' });
      await createTestPage(t, { slug: 'secret', status: 'draft' });
      const res = await get(t, '/sitemap.xml', { host: 'tours.example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const locations = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(locations).toEqual(['http://tours.example.com/excursions', 'http://tours.example.com/']);
      expect(res.body).toContain(`<lastmod>${tours.updated_at.slice(0, 10)}</lastmod>`);
    });

    it('adds a page to the sitemap as soon as it is published', async () => {
      const page = await createTestPage(t, { slug: 'later', status: 'draft' });
      expect((await get(t, '/sitemap.xml')).body).not.toContain('/later');
      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/pages/${page.id}`,
        payload: { title: 'Later', slug: 'later', status: 'published' },
      });
      expect((await get(t, '/sitemap.xml')).body).toContain('/later</loc>');
    });

    it('points robots.txt to the sitemap and keeps crawlers out of the admin and the API', async () => {
      const res = await get(t, '/robots.txt', { host: 'tours.example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toContain('Sitemap: http://tours.example.com/sitemap.xml');
      expect(res.body).toContain('Disallow: /admin');
      expect(res.body).toContain('Disallow: /api/');
    });
  });
});
