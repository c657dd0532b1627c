import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BOOKING_FRAME_SANDBOX, LINK_BUTTON_CLASS, linkHtml, type Contact } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { makeImage } from '../test/media-fixtures.js';
import { createTestComponent, createTestTerm, createTestTour, uploadTestMedia } from '../test/page-fixtures.js';

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'tours.test', ...headers } });

/** The JSON-LD blocks of a document, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
}

/** The slugs of the tour cards of a catalogue page, in order. */
function cardSlugs(res: LightMyRequestResponse): string[] {
  return [...res.body.matchAll(/<h3><a href="\/tours\/([^"]+)">/g)].map((m) => decodeURIComponent(m[1]!));
}

function expectNotFound(res: LightMyRequestResponse, url: string): void {
  expect(res.statusCode, url).toBe(404);
  expect(res.body, url).toContain('<h1>404 - Not Found</h1>');
}

async function setSettings(t: TestApp, settings: Record<string, unknown>): Promise<void> {
  const res = await injectAs(t.app, t.tokens.admin, {
    method: 'PUT',
    url: '/api/settings',
    payload: { site_name: 'Azure Bay Tours', currency: 'EUR', ...settings },
  });
  expect(res.statusCode, res.body).toBe(200);
}

forEachDialect('tour site', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { CONTACT_MAX_PER_HOUR: '3', SITE_HOSTS: 'tours.test' });
  });
  afterEach(async () => t.close());

  describe('a tour page', () => {
    it('shows every field of a published tour in the site’s own markup, with its content in a sandboxed frame', async () => {
      await setSettings(t, { currency: 'USD', contact_email: 'hello@azurebay.example' });
      const image = await uploadTestMedia(t, 'boat.png', await makeImage('png', 1200, 800));
      const category = await createTestTerm(t, 'categories', { name: 'The Bay', slug: 'the-bay' });
      const tag = await createTestTerm(t, 'tags', { name: 'Sunset', slug: 'sunset' });
      await createTestTour(t, {
        title: 'Sunset Sail',
        slug: 'sunset-sail',
        price: 79,
        duration: '3 hours',
        age: '6+',
        location: 'Marina, pier 4',
        short_description: 'Golden hour on the water',
        content: '<h2>On board</h2><script>window.x = 1</script>',
        category_id: category.id,
        tag_ids: [tag.id],
        featured_image_id: image.id,
      });
      const res = await get(t, '/tours/sunset-sail');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = res.body;
      expect(html).toContain('<title>Sunset Sail | Azure Bay Tours</title>');
      expect(html).toContain('<h1 class="title">Sunset Sail</h1>');
      expect(html).toContain('<p class="lead">Golden hour on the water</p>');
      expect(html).toContain('<data value="79.00" data-currency="USD">$79.00</data>');
      expect(html).toContain(
        '<dt>Duration</dt><dd>3 hours</dd><dt>Age</dt><dd>6+</dd><dt>Location</dt><dd>Marina, pier 4</dd>',
      );
      expect(html).toContain(`<img class="hero" src="/${image.file_path}" alt="Sunset Sail" width="1200" height="800"`);
      expect(html).toContain('Destination: <a href="/tours/category/the-bay">The Bay</a>');
      expect(html).toContain('<li><a href="/tours?tag=sunset">Sunset</a></li>');
      expect(html).toContain('<form class="inquiry" method="post" action="/tours/sunset-sail/inquiry">');
      // Staff HTML never enters this document: the content is a frame of its own URL, without allow-same-origin.
      expect(html).not.toContain('window.x');
      expect(html).toContain(
        '<iframe class="content" src="/frame/site/tour/sunset-sail" title="About Sunset Sail" sandbox="allow-scripts allow-forms allow-popups" data-site-frame data-autosize></iframe>',
      );
      const frame = await get(t, '/frame/site/tour/sunset-sail');
      expect(frame.statusCode).toBe(200);
      expect(frame.body).toContain('<h2>On board</h2><script>window.x = 1</script>');
      expect(frame.headers['content-security-policy']).toContain('sandbox allow-scripts allow-forms allow-popups');
      expect(frame.headers['x-robots-tag']).toBe('noindex, indexifembedded');
    });

    it("shows a link made 'Show as a button' in the content as the site's button, opening a new tab", async () => {
      const button = linkHtml({ href: 'https://book.example/sunset', text: 'Book now', newTab: true, button: true });
      await createTestTour(t, { slug: 'buttoned', content: `<p>Come aboard.</p><p>${button}</p>` });
      const frame = await get(t, '/frame/site/tour/buttoned');
      expect(frame.statusCode).toBe(200);
      expect(frame.body).toContain(
        `<a href="https://book.example/sunset" target="_blank" rel="noopener noreferrer" class="${LINK_BUTTON_CLASS}">Book now</a>`,
      );
      // The site's own styles give it the look of a button.
      expect(frame.body).toMatch(
        new RegExp(`\\.tcms-content a\\.${LINK_BUTTON_CLASS} \\{ display: inline-block;[^}]*background:`),
      );
    });

    it('runs only its own script and styles, by hash, and is not itself sandboxed', async () => {
      await createTestTour(t, { slug: 'strict' });
      const res = await get(t, '/tours/strict');
      const csp = String(res.headers['content-security-policy']);
      // The parent script, the language banner's (written only for an item in more than one language: none here),
      // and the frame-sizing script written after a frame whose heights were measured.
      expect(csp).toMatch(
        /script-src 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/,
      );
      expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toMatch(/(^|; )sandbox/);
      expect([...res.body.matchAll(/<script>/g)]).toHaveLength(1);
      // With measured heights, every inline script of the page is one its policy names.
      await t.app.inject({
        method: 'POST',
        url: '/frame/site/heights',
        headers: { host: 'tours.test', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        payload: JSON.stringify({
          width: 390,
          frames: [{ src: '/frame/site/header?current=%2Ftours%2Fstrict', height: 90 }],
        }),
      });
      const sized = await get(t, '/tours/strict');
      const scripts = [...sized.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(scripts).toHaveLength(2);
      for (const script of scripts) expect(csp).toContain(createHash('sha256').update(script, 'utf8').digest('base64'));
    });

    it('carries JSON-LD: one TouristTrip and Product with its offer and operator, and a breadcrumb', async () => {
      await setSettings(t, {
        site_name: 'Azure Bay Tours',
        currency: 'GBP',
        contact_phone: '+44 20 7946 0958',
        social_image_url: '/logo.png',
      });
      const image = await uploadTestMedia(t, 'boat.png', await makeImage('png', 800, 600));
      const category = await createTestTerm(t, 'categories', { name: 'The Bay', slug: 'the-bay' });
      await createTestTour(t, {
        title: 'Sunset Sail',
        slug: 'sunset-sail',
        price: 49.5,
        short_description: 'Golden hour',
        category_id: category.id,
        featured_image_id: image.id,
      });
      const [trip, breadcrumb] = jsonLd((await get(t, '/tours/sunset-sail')).body);
      const operator = {
        '@type': 'TravelAgency',
        name: 'Azure Bay Tours',
        url: 'http://tours.test/',
        logo: 'http://tours.test/logo.png',
        image: 'http://tours.test/logo.png',
        telephone: '+44 20 7946 0958',
      };
      expect(trip).toEqual({
        '@context': 'https://schema.org',
        '@type': ['TouristTrip', 'Product'],
        name: 'Sunset Sail',
        description: 'Golden hour',
        url: 'http://tours.test/tours/sunset-sail',
        image: [`http://tours.test/${image.file_path}`],
        touristType: 'The Bay',
        offers: { '@type': 'Offer', price: '49.50', priceCurrency: 'GBP', url: 'http://tours.test/tours/sunset-sail' },
        provider: operator,
        brand: operator,
      });
      expect(breadcrumb).toEqual({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://tours.test/' },
          { '@type': 'ListItem', position: 2, name: 'Tours', item: 'http://tours.test/tours' },
          { '@type': 'ListItem', position: 3, name: 'The Bay', item: 'http://tours.test/tours/category/the-bay' },
          { '@type': 'ListItem', position: 4, name: 'Sunset Sail' },
        ],
      });
    });

    it('has Open Graph tags with an absolute image, a canonical URL and the SEO title and description', async () => {
      const image = await uploadTestMedia(t, 'boat.png', await makeImage('png', 800, 600));
      await createTestTour(t, {
        title: 'Sail',
        slug: 'sail',
        seo_title: 'Sail the bay at sunset',
        seo_description: 'Three hours & small plates.',
        featured_image_id: image.id,
      });
      const html = (await get(t, '/tours/sail')).body;
      expect(html).toContain('<title>Sail the bay at sunset</title>');
      expect(html).toContain('<link rel="canonical" href="http://tours.test/tours/sail">');
      expect(meta(html, 'name', 'description')).toBe('Three hours &amp; small plates.');
      expect(meta(html, 'property', 'og:image')).toBe(`http://tours.test/${image.file_path}`);
      expect(meta(html, 'property', 'og:type')).toBe('product');
      // Without SEO fields: the short description, else the content's text.
      await createTestTour(t, { title: 'Walk', slug: 'walk', content: '<p>Lanes &amp; courtyards</p>' });
      expect(meta((await get(t, '/tours/walk')).body, 'name', 'description')).toBe('Lanes &amp; courtyards');
    });

    it('answers drafts, pending, deleted, unknown and malformed tours with the 404 screen', async () => {
      await createTestTour(t, { slug: 'draft', status: 'draft' });
      await createTestTour(t, { slug: 'pending', status: 'pending' });
      const deleted = await createTestTour(t, { slug: 'gone' });
      await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/posts/${deleted.id}` });
      for (const url of [
        '/tours/draft',
        '/tours/pending',
        '/tours/gone',
        '/tours/nothing',
        '/tours/%3Cscript%3E',
        '/tours/A--b',
        '/frame/site/tour/draft',
      ]) {
        expectNotFound(await get(t, url), url);
      }
    });

    it('makes the booking button a link only for https, e-mail and phone values', async () => {
      const cases: [string, string | null][] = [
        [
          'https://book.example.com/sunset',
          '<a class="button button-block" href="https://book.example.com/sunset" target="_blank" rel="noopener">Book it<span class="sr-only"> (opens in a new tab)</span></a>',
        ],
        [
          'bookings@azurebay.example',
          '<a class="button button-block" href="mailto:bookings@azurebay.example">Book it</a>',
        ],
        ['+1 555 0142', '<a class="button button-block" href="tel:+15550142">Book it</a>'],
        ['javascript:alert(1)', null],
        ['http://book.example.com/', null],
        ['Ask at the harbour', null],
      ];
      for (const [index, [value, link]] of cases.entries()) {
        await createTestTour(t, { slug: `b-${index}`, button_label: 'Book it', button_value: value });
        const html = (await get(t, `/tours/b-${index}`)).body;
        if (link) expect(html, value).toContain(link);
        else expect(html, value).not.toContain('class="button button-block"');
        expect(html).not.toContain('javascript:');
      }
    });

    it('shows a provider’s https iframe as a frame of its own origin with the booking sandbox, and nothing else of the field', async () => {
      await createTestTour(t, {
        slug: 'with-calendar',
        calendar_time_iframe:
          '<iframe src="https://book.example.com/widget?tour=1&amp;lang=en" height="700" title="Book a sail"></iframe>',
      });
      const html = (await get(t, '/tours/with-calendar')).body;
      expect(html).toContain(
        `<iframe class="calendar" src="https://book.example.com/widget?tour=1&amp;lang=en" title="Book a sail" height="700" sandbox="${BOOKING_FRAME_SANDBOX}" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
      );
      expect(BOOKING_FRAME_SANDBOX).toBe(
        'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
      );
    });

    it('shows no booking frame from the site’s own hosts, an address or an internal name: the button alone', async () => {
      const own = await createTestApp(dialect, {
        PUBLIC_ORIGIN: 'https://tours.example.com',
        SITE_HOSTS: 'www.azurebay.example:8443',
        HOST: '10.1.2.3',
      });
      try {
        const refused = [
          'https://tours.example.com/frame/site/header',
          'https://www.azurebay.example/tours/sail',
          'https://10.1.2.3/',
          'https://127.0.0.1:3000/widget',
          'https://localhost/widget',
          'https://booking.internal/widget',
          'https://calendar/widget',
        ];
        for (const [index, src] of refused.entries()) {
          await createTestTour(own, {
            slug: `own-${index}`,
            calendar_time_iframe: `<iframe src="${src}"></iframe>`,
            button_label: 'Book',
            button_value: 'https://fareharbor.com/azurebay/',
          });
          const html = (await get(own, `/tours/own-${index}`)).body;
          expect(html, src).not.toContain('class="calendar"');
          expect(html, src).toContain('href="https://fareharbor.com/azurebay/"');
        }
        await createTestTour(own, {
          slug: 'provider',
          calendar_time_iframe: '<iframe src="https://fareharbor.com/embeds/book/azurebay/items/1/"></iframe>',
        });
        expect((await get(own, '/tours/provider')).body).toContain(
          '<iframe class="calendar" src="https://fareharbor.com/embeds/book/azurebay/items/1/"',
        );
      } finally {
        await own.close();
      }
    });

    it('shows the button alone for a booking field that is not one plain https iframe', async () => {
      const fields = [
        '<iframe src="javascript:alert(1)"></iframe>',
        '<iframe src="http://book.example.com/"></iframe>',
        '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
        '<script src="https://book.example.com/embed.js"></script>',
        '<iframe src="https://a.example/"></iframe><iframe src="https://b.example/"></iframe>',
        '<iframe src="https://book.example.com/" onload="alert(1)"></iframe>',
      ];
      for (const [index, field] of fields.entries()) {
        await createTestTour(t, {
          slug: `c-${index}`,
          calendar_time_iframe: field,
          button_label: 'Book',
          button_value: 'https://book.example.com/',
        });
        const html = (await get(t, `/tours/c-${index}`)).body;
        expect(html, field).not.toContain('class="calendar"');
        for (const part of ['alert(', 'embed.js', 'https://a.example', 'https://b.example', 'data:text/html', 'onload'])
          expect(html, field).not.toContain(part);
        expect(html, field).toContain('href="https://book.example.com/"');
      }
    });

    it('lists up to three related tours of the same category, newest first, never itself or a draft', async () => {
      const bay = await createTestTerm(t, 'categories', { name: 'Bay', slug: 'bay' });
      const town = await createTestTerm(t, 'categories', { name: 'Town', slug: 'town' });
      for (const slug of ['bay-1', 'bay-2', 'bay-3', 'bay-4']) await createTestTour(t, { slug, category_id: bay.id });
      await createTestTour(t, { slug: 'bay-draft', category_id: bay.id, status: 'draft' });
      await createTestTour(t, { slug: 'town-1', category_id: town.id });
      const html = (await get(t, '/tours/bay-1')).body;
      const related = html.slice(html.indexOf('Related tours'));
      expect([...related.matchAll(/<h3><a href="\/tours\/([^"]+)">/g)].map((m) => m[1])).toEqual([
        'bay-4',
        'bay-3',
        'bay-2',
      ]);
      expect((await get(t, '/tours/town-1')).body).not.toContain('Related tours');
    });

    it('is cached with an ETag, compressed once, and shows every change at once', async () => {
      const category = await createTestTerm(t, 'categories', { name: 'Bay', slug: 'bay' });
      const tour = await createTestTour(t, { title: 'Sail', slug: 'sail', price: 79, category_id: category.id });
      const first = await get(t, '/tours/sail', { 'accept-encoding': 'br' });
      expect(first.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(first.rawPayload).toString()).toContain('$79.00'.replace('$', '€'));
      const etag = String(first.headers.etag);
      expect((await get(t, '/tours/sail', { 'accept-encoding': 'br', 'if-none-match': etag })).statusCode).toBe(304);

      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${tour.id}`,
        payload: { title: 'Sail', slug: 'sail', status: 'published', price: 99, category_id: category.id },
      });
      const changed = await get(t, '/tours/sail', { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toContain('€99.00');
      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/categories/${category.id}`,
        payload: { name: 'The Bay', slug: 'bay' },
      });
      expect((await get(t, '/tours/sail')).body).toContain('>The Bay</a>');
      await setSettings(t, { currency: 'JPY' });
      expect((await get(t, '/tours/sail')).body).toContain('data-currency="JPY"');
      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${tour.id}`,
        payload: { title: 'Sail', slug: 'sail', status: 'draft' },
      });
      expectNotFound(await get(t, '/tours/sail'), 'unpublished');
    });
  });

  describe('the catalogue', () => {
    it('lists published tours newest first as cards, and nothing unpublished', async () => {
      await createTestTour(t, {
        slug: 'first',
        price: 20,
        duration: '2 hours',
        location: 'Harbour',
        short_description: 'An hour & more',
      });
      await createTestTour(t, { slug: 'hidden', status: 'draft' });
      await createTestTour(t, { slug: 'second' });
      const res = await get(t, '/tours');
      expect(res.statusCode).toBe(200);
      expect(cardSlugs(res)).toEqual(['second', 'first']);
      expect(res.body).toContain('<p class="meta"><span>2 hours</span><span>Harbour</span></p>');
      expect(res.body).toContain('<p>An hour &amp; more</p>');
      expect(res.body).toContain('<p role="status">2 tours</p>');
      expect(res.body).toContain('<link rel="canonical" href="http://tours.test/tours">');
      expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    });

    it('filters by category, tag, price range, duration and text, combined, and sorts by price', async () => {
      const bay = await createTestTerm(t, 'categories', { name: 'Bay', slug: 'bay' });
      const town = await createTestTerm(t, 'categories', { name: 'Town', slug: 'town' });
      const family = await createTestTerm(t, 'tags', { name: 'Family', slug: 'family' });
      await createTestTour(t, {
        title: 'Sunset Sail',
        slug: 'sail',
        category_id: bay.id,
        price: 79,
        duration: '3 hours',
        tag_ids: [family.id],
      });
      await createTestTour(t, { title: 'Kayak', slug: 'kayak', category_id: bay.id, price: 55, duration: '2 days' });
      await createTestTour(t, {
        title: 'Old Town Walk',
        slug: 'walk',
        category_id: town.id,
        price: 35,
        duration: 'Full day',
        location: 'Cathedral square',
        tag_ids: [family.id],
      });
      await createTestTour(t, { title: 'Free Harbour Stroll', slug: 'stroll', category_id: town.id, price: null });
      const slugs = async (query: string) => cardSlugs(await get(t, `/tours${query}`));
      expect(await slugs('?category=bay')).toEqual(['kayak', 'sail']);
      expect(await slugs('?tag=family')).toEqual(['walk', 'sail']);
      expect(await slugs('?price_min=40&price_max=80')).toEqual(['kayak', 'sail']);
      expect(await slugs('?price_max=60&category=bay')).toEqual(['kayak']);
      expect(await slugs('?duration=hours')).toEqual(['sail']);
      expect(await slugs('?duration=day')).toEqual(['walk']);
      expect(await slugs('?duration=days')).toEqual(['kayak']);
      expect(await slugs('?q=CATHEDRAL')).toEqual(['walk']);
      expect(await slugs('?q=100%25')).toEqual([]);
      await createTestTour(t, { title: 'Île de Ré by bike', slug: 'ile-de-re' });
      expect(await slugs(`?q=${encodeURIComponent('ÎLE DE RÉ')}`)).toEqual(['ile-de-re']);
      expect(await slugs('?sort=price-asc&category=town')).toEqual(['walk', 'stroll']);
      expect(await slugs('?sort=price-desc')).toEqual(['sail', 'kayak', 'walk', 'ile-de-re', 'stroll']);
      expect(await slugs('?sort=oldest')).toEqual(['sail', 'kayak', 'walk', 'stroll', 'ile-de-re']);
      // The form keeps what was chosen.
      const form = (await get(t, '/tours?category=bay&price_max=60&sort=price-asc')).body;
      expect(form).toContain('<option value="bay" selected>Bay (2)</option>');
      expect(form).toContain('name="price_max" min="0" step="any" inputmode="decimal" value="60"');
      expect(form).toContain('<option value="price-asc" selected>Price: low to high</option>');
      expect(form).toContain(
        '<link rel="canonical" href="http://tours.test/tours?category=bay&amp;price_max=60&amp;sort=price-asc">',
      );
    });

    it('keeps the filters under a closed "Filter and sort" until the view is filtered or sorted, counting the filters', async () => {
      const bay = await createTestTerm(t, 'categories', { name: 'Bay', slug: 'bay' });
      await createTestTour(t, { slug: 'sail', category_id: bay.id, price: 79 });
      const panel = async (query: string) =>
        /<details class="filter-panel"( open)?>\n<summary>(.*?)<\/summary>/.exec((await get(t, query)).body);
      const closed = await panel('/tours');
      expect(closed?.[1]).toBeUndefined();
      expect(closed?.[2]).toBe('Filter and sort');
      expect((await panel('/tours?sort=price-asc'))?.slice(1)).toEqual([' open', 'Filter and sort']);
      expect((await panel('/tours?price_min=10&price_max=100&q=sail'))?.slice(1)).toEqual([
        ' open',
        'Filter and sort <span class="filter-count">(3 active)</span>',
      ]);
      // A category is the page's subject (its heading), at /tours/category/bay as at /tours?category=bay: not counted.
      expect((await panel('/tours?category=bay&q=sail'))?.slice(1)).toEqual([
        ' open',
        'Filter and sort <span class="filter-count">(1 active)</span>',
      ]);
      expect((await panel('/tours/category/bay'))?.slice(1)).toEqual([undefined, 'Filter and sort']);
      expect((await panel('/tours/category/bay?duration=hours'))?.slice(1)).toEqual([
        ' open',
        'Filter and sort <span class="filter-count">(1 active)</span>',
      ]);
    });

    it('gives a category its own address, heading and description', async () => {
      const bay = await createTestTerm(t, 'categories', {
        name: 'The Bay',
        slug: 'the-bay',
        description: 'Sailing & paddling on the bay.',
      });
      await createTestTour(t, { slug: 'sail', category_id: bay.id });
      await createTestTour(t, { slug: 'walk' });
      const res = await get(t, '/tours/category/the-bay');
      expect(res.statusCode).toBe(200);
      expect(cardSlugs(res)).toEqual(['sail']);
      expect(res.body).toContain('<h1 class="title">The Bay</h1>');
      expect(res.body).toContain('<title>The Bay | Tours CMS</title>');
      expect(meta(res.body, 'name', 'description')).toBe('Sailing &amp; paddling on the bay.');
      expect(res.body).toContain('<link rel="canonical" href="http://tours.test/tours/category/the-bay">');
      // The same view by query names the category's address as canonical.
      expect((await get(t, '/tours?category=the-bay')).body).toContain(
        '<link rel="canonical" href="http://tours.test/tours/category/the-bay">',
      );
      expectNotFound(await get(t, '/tours/category/nowhere'), 'unknown category');
    });

    it('pages with plain links: 12 a page, prev and next, each page canonical', async () => {
      for (let n = 1; n <= 14; n++) await createTestTour(t, { slug: `t-${String(n).padStart(2, '0')}` });
      const first = await get(t, '/tours');
      expect(cardSlugs(first)).toHaveLength(12);
      expect(first.body).toContain('<link rel="next" href="http://tours.test/tours?page=2">');
      expect(first.body).toContain('<a href="/tours?page=2" rel="next">Next</a>');
      expect(first.body).not.toContain('rel="prev"');
      const second = await get(t, '/tours?page=2');
      expect(cardSlugs(second)).toEqual(['t-02', 't-01']);
      expect(second.body).toContain('<link rel="canonical" href="http://tours.test/tours?page=2">');
      expect(second.body).toContain('<link rel="prev" href="http://tours.test/tours">');
      expect(second.body).toContain(
        '<a href="/tours?page=2" aria-current="page">2<span class="sr-only"> (current page)</span></a>',
      );
      expect(second.body).toContain('<title>Tours (page 2) | Tours CMS</title>');
      expectNotFound(await get(t, '/tours?page=3'), 'past the end');
    });

    it('answers malformed and unknown filter values with the catalogue or the 404 screen, never a 500, never reflected raw', async () => {
      await createTestTour(t, { slug: 'one', price: 10 });
      const ok = [
        '?price_min=abc',
        '?page=-1',
        '?page=1.5',
        '?sort=%3Cscript%3E',
        '?duration=forever',
        '?price_min=1e9999',
        `?${'q=x&'.repeat(1000)}`,
        `?${'page=1&'.repeat(1000)}`,
      ];
      for (const query of ok) {
        const res = await get(t, `/tours${query}`);
        expect(res.statusCode, query).toBe(200);
      }
      const quoted = await get(t, '/tours?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
      expect(quoted.statusCode).toBe(200);
      expect(quoted.body).not.toContain('<script>alert(1)');
      expect(quoted.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
      for (const query of [
        '?page=999999',
        '?category=nowhere',
        '?tag=nothing',
        '?category=%3Cb%3E',
        `?category=${'a'.repeat(300)}`,
      ]) {
        expectNotFound(await get(t, `/tours${query}`), query);
      }
    });

    it('drops an unpublished tour from the catalogue, its page and the sitemap at once', async () => {
      const category = await createTestTerm(t, 'categories', { name: 'Bay', slug: 'bay' });
      const tour = await createTestTour(t, { title: 'Sail', slug: 'sail', category_id: category.id });
      await createTestTour(t, { slug: 'other' });
      expect(cardSlugs(await get(t, '/tours'))).toEqual(['other', 'sail']);
      const sitemap = (await get(t, '/sitemap.xml')).body;
      for (const path of ['/tours', '/tours/category/bay', '/tours/sail', '/tours/other']) {
        expect(sitemap, path).toContain(
          `<loc>http://tours.test${path}</loc><lastmod>${tour.updated_at.slice(0, 10)}</lastmod>`,
        );
      }
      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${tour.id}`,
        payload: { title: 'Sail', slug: 'sail', status: 'draft', category_id: category.id },
      });
      expect(cardSlugs(await get(t, '/tours'))).toEqual(['other']);
      expectNotFound(await get(t, '/tours/sail'), 'page');
      const after = (await get(t, '/sitemap.xml')).body;
      expect(after).not.toContain('/tours/sail');
      expect(after).not.toContain('/tours/category/bay');
    });
  });

  describe('the inquiry form of a tour', () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const post = (slug: string, fields: Record<string, string>, remoteAddress = '203.0.113.9') =>
      t.app.inject({
        method: 'POST',
        url: `/tours/${slug}/inquiry`,
        payload: form(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress,
      });
    const contacts = async (): Promise<Contact[]> =>
      (await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/contacts/' })).json();
    const maya = { name: 'Maya Silva', email: 'maya@example.com', phone: '', message: 'Room for six on Saturday?' };

    it('stores the inquiry with its tour and sends the visitor back to the tour with a thank-you', async () => {
      const tour = await createTestTour(t, { title: 'Sunset Sail', slug: 'sunset-sail' });
      const res = await post('sunset-sail', maya);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/tours/sunset-sail#inquiry-sent');
      expect(await contacts()).toEqual([
        expect.objectContaining({
          name: 'Maya Silva',
          subject: 'Tour: Sunset Sail',
          message: 'Room for six on Saturday?',
          status: 'new',
          post: { id: tour.id, title: 'Sunset Sail', slug: 'sunset-sail' },
        }),
      ]);
      expect((await get(t, '/tours/sunset-sail')).body).toContain(
        '<p id="inquiry-sent" class="notice" role="status">Thank you! Your inquiry has been sent.',
      );
    });

    it('sends the form back with what was typed and each error at its field, escaped, and stores nothing', async () => {
      await createTestTour(t, { title: 'Sail <b>', slug: 'sail' });
      const typed = { name: 'Maya "M" Silva', email: 'not-an-email', phone: '', message: '' };
      const res = await post('sail', typed);
      expect(res.statusCode).toBe(422);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(res.body).toContain('<h1 class="title">Your inquiry was not sent</h1>');
      expect(res.body).toContain('About <a href="/tours/sail">Sail &lt;b&gt;</a>.');
      // The summary names each problem and links to its field, in the form's order.
      expect(
        [...res.body.matchAll(/<li><a href="#(inquiry-\w+)">([^<]*)<\/a><\/li>/g)].map((m) => [m[1], m[2]]),
      ).toEqual([
        ['inquiry-email', 'Enter a valid email address'],
        ['inquiry-message', 'Message is required'],
      ]);
      // The form again: what was typed is kept, the fields at fault are marked and described.
      expect(res.body).toContain('<form class="inquiry" method="post" action="/tours/sail/inquiry">');
      expect(res.body).toContain(
        '<input id="inquiry-name" name="name" autocomplete="name" required maxlength="100" value="Maya &quot;M&quot; Silva">',
      );
      expect(res.body).toContain('value="not-an-email" aria-invalid="true" aria-describedby="inquiry-email-error">');
      expect(res.body).toContain('<p class="field-error" id="inquiry-email-error">Enter a valid email address</p>');
      expect(res.body).toContain(
        '<textarea id="inquiry-message" name="message" required maxlength="5000" aria-invalid="true" aria-describedby="inquiry-message-error"></textarea>',
      );
      expect(res.body).not.toContain('id="inquiry-name-error"');
      expect(await contacts()).toEqual([]);
    });

    it('keeps a message that cannot end its own field or run as a script when the form comes back', async () => {
      await createTestTour(t, { slug: 'sail' });
      const message = '</textarea><script>alert(1)</script> & more';
      const res = await post('sail', { ...maya, email: 'nope', message });
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain(
        '<textarea id="inquiry-message" name="message" required maxlength="5000">&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</textarea>',
      );
      expect(res.body).not.toContain('<script>alert(1)');
      // The page's only script is its own, by hash.
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    });

    it('keeps the honeypot and the per-address throttle of the public form', async () => {
      await createTestTour(t, { slug: 'sail' });
      expect((await post('sail', { ...maya, website: 'spam.example' })).statusCode).toBe(303);
      expect(await contacts()).toEqual([]);
      for (let n = 0; n < 3; n++) expect((await post('sail', maya, '198.51.100.1')).statusCode).toBe(303);
      const throttled = await post('sail', maya, '198.51.100.1');
      expect(throttled.statusCode).toBe(429);
      expect(throttled.headers['retry-after']).toBeDefined();
      expect(throttled.body).toContain('<li>Too many messages from your address. Please try again later.</li>');
      // What was typed is still there to send later.
      expect(throttled.body).toContain('>Room for six on Saturday?</textarea>');
      expect(await contacts()).toHaveLength(3);
    });

    it('answers the 404 screen for a tour that is not published', async () => {
      await createTestTour(t, { slug: 'draft', status: 'draft' });
      expectNotFound(await post('draft', maya), 'draft');
      expect(await contacts()).toEqual([]);
    });
  });

  describe('the site around the tours', () => {
    it('serves the active header and footer as sandboxed frame documents that report their height', async () => {
      await createTestComponent(t, {
        name: 'Header',
        type: 'header',
        content: '<nav><a href="/tours">Tours</a></nav>',
        is_common: true,
        is_active: true,
      });
      const header = await get(t, '/frame/site/header');
      expect(header.statusCode).toBe(200);
      expect(header.body).toContain('<nav><a href="/tours">Tours</a></nav>');
      expect(header.body).toContain('<div class="tcms-content" data-autosize>');
      expect(header.headers['content-security-policy']).toContain('sandbox allow-scripts allow-forms allow-popups');
      const footer = await get(t, '/frame/site/footer');
      expect(footer.body).toContain('<!-- No active common footer component -->');
    });

    it('puts the operator as a TravelAgency on the home page', async () => {
      await setSettings(t, {
        site_name: 'Azure Bay Tours',
        contact_email: 'hello@azurebay.example',
        contact_phone: '+1 555 0142',
        social_image_url: 'https://www.azurebay.example/logo.png',
      });
      await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/pages/',
        payload: { title: 'Home', slug: 'home', status: 'published' },
      });
      expect(jsonLd((await get(t, '/')).body)).toEqual([
        {
          '@context': 'https://schema.org',
          '@type': 'TravelAgency',
          name: 'Azure Bay Tours',
          url: 'http://tours.test/',
          logo: 'https://www.azurebay.example/logo.png',
          image: 'https://www.azurebay.example/logo.png',
          telephone: '+1 555 0142',
          email: 'hello@azurebay.example',
        },
        // Every document says what it is, in which language (issue 30).
        {
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          url: 'http://tours.test/',
          name: 'Home',
          inLanguage: 'en',
        },
      ]);
    });
  });
});
