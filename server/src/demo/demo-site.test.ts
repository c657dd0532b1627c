import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Contact, Departure, FaqListItem, MediaItem, PageListItem, Post, PostListItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { createTestPage } from '../test/page-fixtures.js';
import { INQUIRY_FORM } from './demo-content.js';
import { seedDemoSite } from './demo-site.js';

forEachDialect('demo site', (dialect) => {
  let t: TestApp;
  const list = async <T>(url: string): Promise<T[]> =>
    (await injectAs(t.app, t.tokens.admin, { method: 'GET', url })).json();

  // Seeding writes a hundred rows and a dozen images: done once, and the tests that only read the site share it.
  describe('once seeded', () => {
    let seeded: boolean;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      seeded = await seedDemoSite(t.app.ctx.services, 'admin1');
    });
    afterAll(async () => t.close());

    it('seeds a published site with header, footer, home, good-to-know and contact pages, and six tours in three destinations', async () => {
      expect(seeded).toBe(true);

      // In English (the German translations: the next test).
      const pages = await list<PageListItem>('/api/pages/?language=en');
      expect(pages.map((p) => [p.slug, p.status]).sort()).toEqual([
        ['contact', 'published'],
        ['good-to-know', 'published'],
        ['home', 'published'],
      ]);
      const posts = await list<PostListItem>('/api/posts/?language=en');
      expect(posts.map((p) => p.title)).toEqual([
        'Sunset Sailing on the Bay',
        'Sea Kayak at Dawn',
        'Old Town Walking Tour',
        'Lantern Food Walk',
        'Island Picnic Day',
        'Two Islands Overnight',
      ]);
      expect(posts.every((p) => p.status === 'published')).toBe(true);
      const categories = await list<{ slug: string }>('/api/categories/?language=en');
      expect(categories.map((c) => c.slug).sort()).toEqual(['old-town', 'the-bay', 'the-islands']);
      const familyFriendly = await t.app.inject({ method: 'GET', url: '/tours?tag=family-friendly' });
      expect([...familyFriendly.body.matchAll(/<h3><a href="\/tours\/([^"]+)">/g)].map((m) => m[1])).toEqual([
        'old-town-walking-tour',
        'island-picnic-day',
      ]);
      // Every tour has a picture of its own (the galleries share two more), and the catalogue shows all six on its
      // first page.
      const media = await list<MediaItem>('/api/media/');
      const shared = ['bay-at-sunset.jpg', 'harbour-morning.jpg', 'island-dusk.jpg'];
      expect(
        media
          .filter((m) => !shared.includes(m.original_name))
          .map((m) => m.original_name)
          .sort(),
      ).toEqual(posts.map((p) => `${p.slug}.jpg`).sort());
      const catalogue = await t.app.inject({ method: 'GET', url: '/tours' });
      expect(catalogue.statusCode).toBe(200);
      expect([...catalogue.body.matchAll(/<h3><a href="\/tours\/([^"]+)">/g)].map((m) => m[1])).toEqual(
        posts.map((p) => p.slug),
      );
      const components = await list<{ type: string; is_active: boolean }>('/api/components/?language=en');
      expect(components.map((c) => c.type).sort()).toEqual(['footer', 'header']);

      const home = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'tours.test' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<title>Azure Bay Tours | Sailing and walking tours on the bay</title>');
      for (const part of [
        'Azure Bay Tours',
        'href=&quot;/tours&quot;',
        'class=&quot;tcms-featured&quot;',
        'Discover the bay',
        '<footer',
      ]) {
        expect(home.body, part).toContain(part);
      }
      for (const url of ['/good-to-know', '/contact', '/tours/category/the-bay', '/tours/lantern-food-walk'])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/contact' })).body).toContain('data-tours-inquiry');
    });

    it('is in English and German: the main pages and the six tours translated in their groups, US dollars offered, and a switcher on every page', async () => {
      const settings = await t.app.ctx.services.settings.get();
      expect(settings).toMatchObject({ default_language: 'en', languages: ['en', 'de'] });
      expect(settings.display_currencies).toEqual([{ code: 'USD', rate: 1.08, rate_set_at: expect.any(String) }]);
      // The site's details, German's own description and e-mail (issue 30 item 1).
      expect(settings).toMatchObject({
        site_name: 'Azure Bay Tours',
        site_description: expect.stringContaining('Azure Bay'),
        contact_email: 'hello@azurebay.example.com',
        language_details: {
          de: { site_description: expect.stringContaining('Segeltörns'), contact_email: 'hallo@azurebay.example.com' },
        },
      });

      const pages = await list<PageListItem>('/api/pages/?language=de');
      expect(pages.map((p) => [p.slug, p.status]).sort()).toEqual([
        ['gut-zu-wissen', 'published'],
        ['kontakt', 'published'],
        ['startseite', 'published'],
      ]);
      const english = await list<PostListItem>('/api/posts/?language=en');
      const german = await list<PostListItem>('/api/posts/?language=de');
      expect(german.map((p) => p.title)).toEqual([
        'Segeltörn bei Sonnenuntergang',
        'Seekajak im Morgengrauen',
        'Altstadtrundgang',
        'Kulinarischer Laternenspaziergang',
        'Picknicktag auf der Insel',
        'Zwei Inseln mit Übernachtung',
      ]);
      expect(german.every((p) => p.status === 'published')).toBe(true);
      // Each German tour is in its English tour's group, and shares its price, tags and picture.
      for (const [index, tour] of english.entries()) {
        expect(tour.translations, tour.title).toEqual([
          {
            id: german[index]!.id,
            language: 'de',
            slug: german[index]!.slug,
            status: 'published',
            text_updated_at: german[index]!.text_updated_at,
          },
        ]);
        const [en, de] = await Promise.all(
          [tour.id, german[index]!.id].map(async (id) => (await list<Post>(`/api/posts/${id}`)) as unknown as Post),
        );
        expect([de!.price, de!.tags, de!.featured_image_id, de!.faq_ids], tour.title).toEqual([
          en!.price,
          en!.tags,
          en!.featured_image_id,
          en!.faq_ids,
        ]);
        // Its destination is the German translation of the English tour's.
        const destination = (await list<{ translations: { id: number; language: string }[] }>(
          `/api/categories/${en!.category_id}`,
        )) as unknown as { translations: { id: number; language: string }[] };
        expect(de!.category_id, tour.title).toBe(destination.translations.find((link) => link.language === 'de')!.id);
        expect(de!.itinerary.map((day) => day.image_id)).toEqual(en!.itinerary.map((day) => day.image_id));
      }

      // The public site in German: its home, catalogue and tour pages, prices in German, the switcher.
      const home = await t.app.inject({ method: 'GET', url: '/de/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<html lang="de">');
      expect(home.body).toContain('Entdecken Sie die Bucht');
      const catalogue = await t.app.inject({ method: 'GET', url: '/de/tours' });
      expect([...catalogue.body.matchAll(/<h3><a href="\/de\/tours\/([^"]+)">/g)].map((m) => m[1])).toEqual(
        german.map((p) => p.slug),
      );
      const tour = await t.app.inject({ method: 'GET', url: '/de/tours/segeltoern-bei-sonnenuntergang' });
      expect(tour.statusCode).toBe(200);
      expect(tour.body).toContain('<h1 class="title">Segeltörn bei Sonnenuntergang</h1>');
      expect(tour.body).toMatch(/data-currency="EUR">79,00\u00a0€<\/data>/);
      expect(tour.body).toContain('<a href="/tours/sunset-sailing-on-the-bay" hreflang="en" lang="en">English</a>');
      expect(tour.body).toContain('<option value="USD"');
      // The operator in German: German's e-mail, the brand's name.
      expect(tour.body).toContain('"email":"hallo@azurebay.example.com"');
      expect(tour.body).toContain('<title>Segeltörn bei Sonnenuntergang | Azure Bay Tours</title>');
      const englishTour = await t.app.inject({ method: 'GET', url: '/tours/sunset-sailing-on-the-bay' });
      expect(englishTour.body).toContain(
        '<a href="/de/tours/segeltoern-bei-sonnenuntergang" hreflang="de" lang="de">Deutsch</a>',
      );
      expect(englishTour.body).toContain('data-currency="EUR">€79.00</data>');
      for (const url of ['/de/gut-zu-wissen', '/de/kontakt'])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/de/kontakt' })).body).toContain('Anfrage senden');
    });

    it('has no German item out of date, and writes no English item again once it is translated', async () => {
      // Out of date as the admin reads it: the English item's text changed after the German one was last saved.
      for (const kind of ['posts', 'pages', 'components'] as const) {
        const items = await list<{
          id: number;
          language: string;
          text_updated_at: string;
          translations: { id: number; language: string; text_updated_at: string }[];
        }>(`/api/${kind}/?language=de`);
        expect(items.length, kind).toBeGreaterThan(0);
        for (const item of items) {
          const source = item.translations.find((link) => link.language === 'en')!;
          expect(Date.parse(source.text_updated_at), `${kind} ${item.id}`).toBeLessThanOrEqual(
            Date.parse(item.text_updated_at),
          );
        }
        // Each English item was saved once, when it was made: its German save wrote nothing to it (a tour's tags
        // sent in another order once made each English tour a second version).
        for (const { id } of await list<{ id: number }>(`/api/${kind}/?language=en`)) {
          const item = (await list<{ version: number }>(`/api/${kind}/${id}`)) as unknown as { version: number };
          expect(item.version, `${kind} ${id}`).toBe(1);
        }
      }
    });

    it('wraps the German pages in a German header and footer, links to the German pages, and the switcher', async () => {
      const german = await list<{ type: string; is_active: boolean; translations: { language: string }[] }>(
        '/api/components/?language=de',
      );
      expect(german.map((c) => [c.type, c.is_active, c.translations.map((l) => l.language)]).sort()).toEqual([
        ['footer', true, ['en']],
        ['header', true, ['en']],
      ]);
      const home = await t.app.inject({ method: 'GET', url: '/de/' });
      const frame = /srcdoc="([^"]*)"/
        .exec(home.body)![1]!
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      for (const part of [
        'href="/de/gut-zu-wissen"',
        '>Startseite</a>',
        '>Touren</a>',
        '>Reise planen</a>',
        'aria-label="Entdecken"',
        '>Fragen Sie uns</a>',
        'hreflang="en"',
      ])
        expect(frame, part).toContain(part);
      expect(frame).not.toContain('Plan your trip');
      // The English pages keep the English header.
      const english = await t.app.inject({ method: 'GET', url: '/' });
      expect(english.body).toContain('Plan your trip');
      expect(english.body).not.toContain('Reise planen');
      // A German tour page's header frame is the German one.
      const header = await t.app.inject({
        method: 'GET',
        url: `/frame/site/header?current=${encodeURIComponent('/de/tours/segeltoern-bei-sonnenuntergang')}`,
      });
      expect(header.statusCode).toBe(200);
      expect(header.body).toContain('Reise planen');
    });

    it('shows the seeded menus in the header and footer, the page shown marked as current', async () => {
      const frameOf = async (url: string) =>
        /srcdoc="([^"]*)"/
          .exec((await t.app.inject({ method: 'GET', url })).body)![1]!
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&');
      let frame = await frameOf('/good-to-know');
      const links = (location: string) =>
        [
          ...new RegExp(`<nav data-menu="${location}"[^>]*>([\\s\\S]*?)</nav>`)
            .exec(frame)![1]!
            .matchAll(/<a href="([^"]*)"( aria-current="page")?>([^<]*)<\/a>/g),
        ].map(([, href, current, label]) => `${label} ${href}${current ? ' (current)' : ''}`);
      expect(links('header')).toEqual([
        'Home /',
        'Tours /tours',
        'The Bay /tours/category/the-bay',
        'Old Town /tours/category/old-town',
        'The Islands /tours/category/the-islands',
        'Good to know /good-to-know (current)',
      ]);
      expect(links('footer')).toEqual([
        'All tours /tours',
        'Good to know /good-to-know (current)',
        'Ask a question /contact',
      ]);
      // In German: the German pages and categories, the menus' own words in German, the catalogue in German.
      frame = await frameOf('/de/gut-zu-wissen');
      expect(links('header')).toEqual([
        'Startseite /de/',
        'Touren /de/tours',
        'Die Bucht /de/tours/category/die-bucht',
        'Altstadt /de/tours/category/altstadt',
        'Die Inseln /de/tours/category/die-inseln',
        'Gut zu wissen /de/gut-zu-wissen (current)',
      ]);
      expect(links('footer')).toEqual([
        'Alle Touren /de/tours',
        'Gut zu wissen /de/gut-zu-wissen (current)',
        'Fragen Sie uns /de/kontakt',
      ]);
      // The German destination lists the German tours (each started in its German destination).
      const bay = await t.app.inject({ method: 'GET', url: '/de/tours/category/die-bucht' });
      expect(bay.statusCode).toBe(200);
      expect(bay.body).toContain('href="/de/tours/segeltoern-bei-sonnenuntergang"');
    });

    it("shows the newest tours on the home page as cards priced in the site's currency, not hand-typed prices", async () => {
      const { currency } = await t.app.ctx.services.settings.get();
      const home = await t.app.inject({ method: 'GET', url: '/' });
      const frame = /srcdoc="([^"]*)"/
        .exec(home.body)![1]!
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      const block = /<ul class="tcms-tours">([\s\S]*?)<\/ul>/.exec(frame)![1]!;
      expect([...block.matchAll(/<h3><a href="\/tours\/([^"]+)">/g)].map((m) => m[1])).toHaveLength(3);
      const prices = [...block.matchAll(/<data value="[\d.]+" data-currency="([A-Z]{3})">/g)].map((m) => m[1]);
      expect(prices).toHaveLength(3);
      expect(new Set(prices)).toEqual(new Set([currency]));
      expect(frame).not.toMatch(/from \$\d/);
    });

    it('makes the featured image a real media item: a decodable JPEG with its thumbnail, served from /uploads', async () => {
      const image = (await list<MediaItem>('/api/media/')).find((m) => m.original_name === 'bay-at-sunset.jpg');
      expect(image).toMatchObject({
        original_name: 'bay-at-sunset.jpg',
        mime_type: 'image/jpeg',
        width: 1600,
        height: 640,
        folder: 'Demo',
      });
      const file = await t.app.inject({ method: 'GET', url: `/${image!.file_path}` });
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
      expect((await t.app.inject({ method: 'GET', url: `/${image!.thumbnail_path}` })).statusCode).toBe(200);
      const home = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/pages/slug/home' });
      expect(home.json().featured_image.id).toBe(image!.id);
    });

    it('fills every tour with highlights, an itinerary, inclusions, a meeting point, a gallery of three and shared FAQs', async () => {
      const faqs = await list<FaqListItem>('/api/faqs/');
      expect(faqs).toHaveLength(3);
      expect(faqs.every((faq) => faq.tour_count >= 2)).toBe(true);
      const posts = await list<PostListItem>('/api/posts/');
      expect(posts).toHaveLength(12);
      for (const { id } of posts) {
        const post = (await injectAs(t.app, t.tokens.admin, { method: 'GET', url: `/api/posts/${id}` })).json<Post>();
        expect(post.highlights.length, post.title).toBeGreaterThan(0);
        expect(post.itinerary.length, post.title).toBeGreaterThan(1);
        expect(post.includes.length && post.excludes.length, post.title).toBeTruthy();
        expect(post.meeting_point?.latitude, post.title).toEqual(expect.any(Number));
        expect(post.gallery, post.title).toHaveLength(3);
        // Every image the site shows can be described: by its alternative text, or its caption.
        expect(post.gallery.every((item) => item.media.alt_text || item.caption)).toBe(true);
        expect(post.faq_ids.length, post.title).toBeGreaterThan(1);
      }
      const overnight = posts.find((post) => post.title === 'Two Islands Overnight')!;
      const german = await t.app.inject({ method: 'GET', url: '/de/tours/zwei-inseln-mit-uebernachtung' });
      expect(german.body).toContain('Fischerpension');
      expect(german.body).toContain('<span class="day-title">Die äußere Insel</span>');
      const tourPage = await t.app.inject({ method: 'GET', url: '/tours/two-islands-overnight' });
      expect(tourPage.body).toContain('<span class="day-label">Day 2</span>');
      expect(tourPage.body).not.toContain('<span class="day-label">Day 3</span>');
      expect(overnight).toBeDefined();
    });

    it('gives every tour departures over the next three months, a few nearly full and one sold out', async () => {
      // Departures are the English tours' (the group's first item's: docs/design/languages.md).
      const posts = await list<PostListItem>('/api/posts/?language=en');
      const all: Departure[] = [];
      for (const { id, title } of posts) {
        const departures = (
          await injectAs(t.app, t.tokens.admin, { method: 'GET', url: `/api/posts/${id}/departures` })
        ).json<Departure[]>();
        expect(departures.length, title).toBeGreaterThan(8);
        const days = departures.map((d) => Date.parse(`${d.starts_on}T00:00:00Z`));
        expect(Math.max(...days) - Date.now(), title).toBeLessThan(93 * 86_400_000);
        all.push(...departures);
      }
      const count = (availability: Departure['availability']) => all.filter((d) => d.availability === availability);
      expect(count('limited')).toHaveLength(3);
      expect(count('sold_out')).toHaveLength(1);
      // The site shows them: the sunset sail's table marks the sold-out date, its offers a range of prices.
      const page = (await t.app.inject({ method: 'GET', url: '/tours/sunset-sailing-on-the-bay' })).body;
      expect(page).toContain('<strong class="departure-closed">Sold out</strong>');
      expect(page).toContain('3 seats left');
      expect(page).toContain('"@type":"AggregateOffer"');
      expect((await t.app.inject({ method: 'GET', url: '/tours' })).body).toContain('Next departure:');
    });

    it('puts two booking requests for demo dates with room in Contacts, waiting for staff', async () => {
      const contacts = await list<Contact>('/api/contacts/');
      expect(
        contacts
          .map((c) => [c.name, c.post?.slug, c.status, c.booking?.status, c.booking?.adults, c.booking?.children])
          .sort(),
      ).toEqual([
        ['Jonas Berg', 'old-town-walking-tour', 'new', 'requested', 2, 2],
        ['Maya Costa', 'sunset-sailing-on-the-bay', 'new', 'requested', 2, 0],
      ]);
      for (const { name, post, booking } of contacts) {
        const departure = (await list<Departure>(`/api/posts/${post!.id}/departures`)).find(
          (d) => d.id === booking!.departure?.id,
        );
        expect(departure?.availability, name).toBe('available');
        expect(departure!.seats_total! - departure!.seats_taken, name).toBeGreaterThanOrEqual(
          booking!.adults + booking!.children,
        );
      }
      const summary = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/contacts/summary' });
      expect(summary.json()).toEqual({ new: 2, booking_requests: 2 });
    });

    it('writes nothing more when run again on the seeded site', async () => {
      expect(await seedDemoSite(t.app.ctx.services, 'admin1')).toBe(false);
      expect(await list<PostListItem>('/api/posts/')).toHaveLength(12);
    });
  });

  describe('on a site that is not empty, or has no admin', () => {
    beforeEach(async () => {
      t = await createTestApp(dialect);
    });
    afterEach(async () => t.close());

    it('writes nothing when the site has content already', async () => {
      await createTestPage(t, { slug: 'mine' });
      expect(await seedDemoSite(t.app.ctx.services, 'admin1')).toBe(false);
      expect((await list<PageListItem>('/api/pages/')).map((p) => p.slug)).toEqual(['mine']);
      expect(await list('/api/components/')).toEqual([]);
      expect(await list('/api/media/')).toEqual([]);
    });

    it('writes nothing without the admin to sign it', async () => {
      expect(await seedDemoSite(t.app.ctx.services, 'nobody')).toBe(false);
      expect(await list('/api/pages/')).toEqual([]);
    });
  });
});

it('puts the inquiry form on the contact page exactly as docs/inquiry-form.md documents it', () => {
  const doc = fs.readFileSync(new URL('../../../docs/inquiry-form.md', import.meta.url), 'utf8');
  expect(/```html\n([\s\S]*?)```/.exec(doc)?.[1]).toBe(INQUIRY_FORM);
});
