import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Faq, MediaItem, Post } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { makeImage } from '../test/media-fixtures.js';
import { createTestTour, uploadTestMedia } from '../test/page-fixtures.js';

/** The JSON-LD blocks of a document, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/** The ids of the page's sections, in document order. */
const sectionIds = (html: string) =>
  [...html.matchAll(/<section id="([a-z-]+)" class="section tour-section"/g)].map((m) => m[1]);

forEachDialect('tour sections on the tour page', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
  });
  afterEach(async () => t.close());

  const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'tours.test' } });
  const faq = async (question: string, answer: string): Promise<Faq> => {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/faqs/',
      payload: { question, answer },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const upload = async (name: string, alt: string | null): Promise<MediaItem> => {
    const item = await uploadTestMedia(t, name, await makeImage('png', 800, 600));
    if (alt === null) return item;
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/media/${item.id}`,
      payload: { alt_text: alt },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  async function sintraTour(overrides: Record<string, unknown> = {}): Promise<{ post: Post; photo: MediaItem }> {
    const photo = await upload('pena.png', 'Pena Palace above the trees');
    const unnamed = await upload('IMG_2041.png', null);
    const bring = await faq('What should I bring?', '<p>Walking shoes and <strong>water</strong>.</p>');
    const kids = await faq('Can children come?', '<p>Yes, from six.</p>');
    const post = await createTestTour(t, {
      title: 'Sintra "Overnight"',
      slug: 'sintra-overnight',
      duration: '2 days',
      highlights: ['Pena Palace at opening time', '<script>alert(1)</script>'],
      itinerary: [
        {
          title: 'Lisbon to Sintra',
          description: '<p>Train from <em>Rossio</em>.</p>',
          overnight: 'Sintra',
          meals: 'Dinner',
          image_id: photo.id,
        },
        { title: 'Cabo da Roca', description: null, overnight: null, meals: 'Breakfast', image_id: null },
      ],
      includes: ['Guide'],
      excludes: ['Palace entry'],
      meeting_point: {
        name: 'Rossio station',
        address: 'Praça Dom Pedro IV, Lisboa',
        latitude: 38.7139,
        longitude: -9.1394,
        notes: 'By the clock',
      },
      gallery: [
        { media_id: photo.id, caption: 'The palace' },
        { media_id: unnamed.id, caption: 'Morning fog' },
      ],
      faq_ids: [kids.id, bring.id],
      ...overrides,
    } as never);
    return { post, photo };
  }

  it('shows every filled section in order, the first day open, lists read as included or not, and links to each', async () => {
    await sintraTour();
    const res = await visit('/tours/sintra-overnight');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(sectionIds(html)).toEqual(['highlights', 'itinerary', 'included', 'meeting-point', 'gallery', 'faqs']);
    // Staff text is escaped into the site's own markup; rich text is shown as cleaned on save.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<p>Train from <em>Rossio</em>.</p>');
    // Days are native disclosures, numbered by position; the first is open.
    expect(html).toMatch(
      /<details class="day" open>\s*<summary><span class="day-label">Day 1<\/span> <span class="day-title">Lisbon to Sintra<\/span>/,
    );
    expect(html).toMatch(/<details class="day">\s*<summary><span class="day-label">Day 2<\/span>/);
    expect(html).toContain('<dt>Overnight</dt><dd>Sintra</dd>');
    expect(html).toContain('<span class="sr-only">Included: </span>Guide');
    expect(html).toContain('<span class="sr-only">Not included: </span>Palace entry');
    // The meeting point opens in OpenStreetMap: a link, no map script or tiles.
    expect(html).toContain(
      'href="https://www.openstreetmap.org/?mlat=38.7139&amp;mlon=-9.1394#map=17/38.7139/-9.1394"',
    );
    expect(html).not.toMatch(/tile\.openstreetmap|leaflet/i);
    // The gallery: plain links to the images, each thumbnail with its alternative text or its caption.
    expect(html).toMatch(/<a class="gallery-link" href="\/uploads\/[^"]+\.png" data-gallery-index="0">/);
    expect(html).toContain('alt="Pena Palace above the trees"');
    expect(html).toContain('alt="Morning fog"');
    expect(html).not.toContain('alt="IMG_2041');
    // FAQs in the tour's order, as native disclosures.
    expect(html.indexOf('Can children come?')).toBeLessThan(html.indexOf('What should I bring?'));
    expect(html).toContain('<details class="faq"><summary>What should I bring?</summary>');
    // "On this page" links every section.
    expect(html).toContain('<h2 id="toc-heading" class="toc-title">On this page</h2>');
    for (const id of sectionIds(html)) expect(html).toContain(`<li><a href="#${id}">`);
  });

  it('gives search engines the days as an ItemList, the gallery as images and the meeting point as a Place', async () => {
    const { photo } = await sintraTour();
    const trip = jsonLd((await visit('/tours/sintra-overnight')).body).find((block) =>
      (block['@type'] as string[]).includes('TouristTrip'),
    )!;
    expect(trip.itinerary).toEqual({
      '@type': 'ItemList',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Lisbon to Sintra' },
        { '@type': 'ListItem', position: 2, name: 'Cabo da Roca' },
      ],
    });
    expect(trip.image).toEqual(expect.arrayContaining([`http://tours.test/${photo.file_path}`]));
    expect(trip.location).toEqual({
      '@type': 'Place',
      name: 'Rossio station',
      address: 'Praça Dom Pedro IV, Lisboa',
      geo: { '@type': 'GeoCoordinates', latitude: 38.7139, longitude: -9.1394 },
    });
    expect(JSON.stringify(jsonLd((await visit('/tours/sintra-overnight')).body))).not.toContain('FAQPage');
  });

  it("reads the featured image's alternative text on the tour page and on its catalogue card", async () => {
    const photo = await upload('DSC_0001.png', 'Pena Palace above the trees');
    await createTestTour(t, { title: 'Sintra by train', slug: 'sintra-by-train', featured_image_id: photo.id });
    expect((await visit('/tours/sintra-by-train')).body).toContain('alt="Pena Palace above the trees"');
    const catalogue = (await visit('/tours')).body;
    expect(catalogue).toContain('alt="Pena Palace above the trees"');
    expect(catalogue).not.toContain('DSC_0001');
  });

  it('shows none of the sections, and no page navigation, for a tour without them', async () => {
    await createTestTour(t, { title: 'Harbour walk', slug: 'harbour-walk', duration: '2 hours' });
    const html = (await visit('/tours/harbour-walk')).body;
    expect(sectionIds(html)).toEqual([]);
    expect(html).not.toContain('On this page');
  });

  it('numbers the stops of a tour shorter than a day', async () => {
    await createTestTour(t, {
      title: 'Old town in an afternoon',
      slug: 'old-town',
      duration: '3 hours',
      itinerary: [{ title: 'Cathedral' }, { title: 'Castle' }],
    } as never);
    const html = (await visit('/tours/old-town')).body;
    expect(html).toContain('<span class="day-label">Stop 2</span>');
  });

  it('shows an FAQ as edited on every tour page that uses it, at once', async () => {
    await sintraTour();
    expect((await visit('/tours/sintra-overnight')).body).toContain('Walking shoes');
    const faqs = (await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/faqs/' })).json<Faq[]>();
    const bring = faqs.find((item) => item.question === 'What should I bring?')!;
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/faqs/${bring.id}`,
      payload: { question: 'What should I bring?', answer: '<p>A raincoat.</p>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const html = (await visit('/tours/sintra-overnight')).body;
    expect(html).toContain('<p>A raincoat.</p>');
    expect(html).not.toContain('Walking shoes');
  });

  it('never shows a broken image: a gallery or itinerary image moved to the trash leaves the page', async () => {
    const { photo } = await sintraTour();
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'DELETE',
      url: `/api/media/${photo.id}?in_use=confirmed`,
    });
    expect(res.statusCode, res.body).toBe(204);
    const html = (await visit('/tours/sintra-overnight')).body;
    expect(html).not.toContain(photo.file_path);
    expect(html).not.toContain('Pena Palace above the trees');
    expect(html).toContain('alt="Morning fog"');
  });

  it('reads a tour of 30 days, 30 images and 30 FAQs in as many queries as a tour of one each: none a day, an image or an FAQ', async () => {
    const now = new Date().toISOString();
    const imageIds = (
      await t.app.ctx.db.kysely
        .insertInto('media')
        .values(
          Array.from({ length: 30 }, (_, n) => ({
            original_name: `view-${n}.jpg`,
            file_path: `uploads/2026/11/view-${n}.jpg`,
            thumbnail_path: null,
            mime_type: 'image/jpeg',
            file_size: 1000,
            width: 800,
            height: 600,
            alt_text: `View ${n}`,
            // Variants made (480 px wide), so no background job runs a query for one during the count.
            variants: '480',
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute()
    ).map((row) => row.id);
    const faqIds: number[] = [];
    for (let n = 0; n < 30; n++) faqIds.push((await faq(`Question ${n}?`, `<p>Answer ${n}.</p>`)).id);
    const tourOf = (slug: string, size: number) =>
      createTestTour(t, {
        title: slug,
        slug,
        duration: `${size} days`,
        highlights: Array.from({ length: Math.min(size, 12) }, (_, n) => `Highlight ${n}`),
        itinerary: Array.from({ length: size }, (_, n) => ({ title: `Day ${n}`, image_id: imageIds[n] })),
        includes: Array.from({ length: size }, (_, n) => `Included ${n}`),
        excludes: Array.from({ length: size }, (_, n) => `Excluded ${n}`),
        gallery: imageIds.slice(0, size).map((media_id) => ({ media_id, caption: null })),
        faq_ids: faqIds.slice(0, size),
        meeting_point: { name: 'Station', latitude: 41.1, longitude: -8.6 },
      } as never);
    await tourOf('warm-up', 1);
    await tourOf('small', 1);
    await tourOf('large', 30);
    // The first visit fills what every page shares (settings, styles, menus); the two measured ones are uncached.
    expect((await visit('/tours/warm-up')).statusCode).toBe(200);
    const queriesOf = async (url: string) => {
      await t.app.imageVariants.idle();
      const executor = Object.getPrototypeOf(t.app.ctx.db.kysely.getExecutor()) as object;
      let owner = executor as { executeQuery: (...args: unknown[]) => unknown };
      while (!Object.prototype.hasOwnProperty.call(owner, 'executeQuery')) owner = Object.getPrototypeOf(owner);
      const original = owner.executeQuery;
      const queries: string[] = [];
      owner.executeQuery = function (this: unknown, ...args: unknown[]) {
        // Each query's text with its lists of parameters folded, so a list of 1 and one of 30 read the same.
        const text = (args[0] as { sql: string }).sql.replace(/\$\d+/g, '?').replace(/\(\?(?:, \?)*\)/g, '(?)');
        // (SQLite's PRAGMA data_version is the server's once-a-second check for a restore, not the page's.)
        if (!text.startsWith('PRAGMA')) queries.push(text);
        return original.apply(this, args);
      };
      try {
        const res = await visit(url);
        expect(res.statusCode).toBe(200);
        // The page starts the variants job looking for images to size, after it answers: counted in both.
        await t.app.imageVariants.idle();
        return { queries, html: res.body };
      } finally {
        owner.executeQuery = original;
      }
    };
    const small = await queriesOf('/tours/small');
    const large = await queriesOf('/tours/large');
    expect(large.html).toContain('<span class="day-label">Day 30</span>');
    expect(large.html).toContain('Question 29?');
    expect(small.queries.length).toBeGreaterThan(0);
    expect(large.queries.sort()).toEqual(small.queries.sort());
  });

  it("shows a draft's sections through its preview link", async () => {
    const { post } = await sintraTour({ status: 'draft' });
    expect((await visit('/tours/sintra-overnight')).statusCode).toBe(404);
    const link = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${post.id}/previews`,
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(201);
    const html = (await visit(link.json<{ url: string }>().url)).body;
    expect(sectionIds(html)).toEqual(['highlights', 'itinerary', 'included', 'meeting-point', 'gallery', 'faqs']);
  });
});
