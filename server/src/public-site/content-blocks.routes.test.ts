import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { toursBlockHtml, type Module } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { createTestPage, createTestTerm, createTestTour } from '../test/page-fixtures.js';

/** The srcdoc of the page's frame, unescaped: the document the visitor's browser renders inside the frame. */
function frameDocumentOf(res: LightMyRequestResponse): string {
  const match = /<iframe [^>]*srcdoc="([^"]*)"/.exec(res.body);
  if (!match) throw new Error(`no srcdoc frame in ${res.body.slice(0, 300)}`);
  return match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'site.test' } });

forEachDialect('modules placed in content', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'site.test' });
  });
  afterEach(async () => t.close());

  async function createModule(payload: Record<string, unknown>): Promise<Module> {
    const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/modules/', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Module>();
  }

  describe('a page', () => {
    it('shows each placed module as it is now, and again after the module changes', async () => {
      const banner = await createModule({
        name: 'Summer banner',
        type: 'banner',
        heading: 'Island hopping <3',
        subtitle: 'Three islands, one day',
        description: 'Sail at nine.\n\nBack by six.',
        button_label: 'Book now',
        button_link: 'https://book.example/islands',
      });
      await createTestPage(t, {
        slug: 'summer',
        status: 'published',
        content: `<p>Before</p><div data-module="${banner.id}" contenteditable="false">Module: Summer banner</div><p>After</p>`,
      });
      const frame = frameDocumentOf(await get(t, '/summer'));
      expect(frame).toContain(
        '<p>Before</p><section class="tcms-module tcms-module-banner"><h2>Island hopping &lt;3</h2>' +
          '<p class="tcms-module-subtitle">Three islands, one day</p><p>Sail at nine.</p><p>Back by six.</p>' +
          '<p><a class="tcms-button" href="https://book.example/islands">Book now</a></p></section><p>After</p>',
      );
      expect(frame).not.toContain('Module: Summer banner');

      // The rendered page is cached: a change to the module drops it.
      const put = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/modules/${banner.id}`,
        payload: { name: 'Summer banner', type: 'banner', heading: 'Autumn hopping' },
      });
      expect(put.statusCode, put.body).toBe(200);
      const again = frameDocumentOf(await get(t, '/summer'));
      expect(again).toContain('<h2>Autumn hopping</h2>');
      expect(again).not.toContain('Book now');

      // A module deleted since leaves nothing behind.
      const del = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/modules/${banner.id}` });
      expect(del.statusCode).toBeLessThan(300);
      const gone = frameDocumentOf(await get(t, '/summer'));
      expect(gone).toContain('<p>Before</p><p>After</p>');
    });

    it('renders headings, buttons, videos and text by type, with their text escaped', async () => {
      const heading = await createModule({ name: 'H', type: 'heading', heading: 'Our fleet', subtitle: 'Since 1998' });
      const button = await createModule({
        name: 'B',
        type: 'button',
        button_label: 'Call "us"',
        button_link: 'https://tours.example/contact',
      });
      const video = await createModule({ name: 'V', type: 'video', video_url: 'https://youtu.be/dQw4w9WgXcQ' });
      const text = await createModule({ name: 'T', type: 'text', description: '<script>alert(1)</script>' });
      await createTestPage(t, {
        slug: 'blocks',
        status: 'published',
        content: [heading, button, video, text].map((m) => `<div data-module="${m.id}"></div>`).join(''),
      });
      const frame = frameDocumentOf(await get(t, '/blocks'));
      expect(frame).toContain(
        '<div class="tcms-module tcms-module-heading"><h2>Our fleet</h2><p class="tcms-module-subtitle">Since 1998</p></div>',
      );
      expect(frame).toContain(
        '<div class="tcms-module tcms-module-button"><p><a class="tcms-button" href="https://tours.example/contact">Call &quot;us&quot;</a></p></div>',
      );
      expect(frame).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="V"');
      expect(frame).toContain(
        '<div class="tcms-module tcms-module-text"><p>&lt;script&gt;alert(1)&lt;/script&gt;</p></div>',
      );
    });
  });

  it("shows a module placed in a tour's content in the tour's frame", async () => {
    const module = await createModule({
      name: 'Cta',
      type: 'button',
      button_label: 'Ask us',
      button_link: 'https://x.example/',
    });
    await createTestTour(t, { slug: 'bay', content: `<p>Bay</p><div data-module="${module.id}"></div>` });
    const frame = await get(t, '/frame/site/tour/bay');
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain(
      '<p>Bay</p><div class="tcms-module tcms-module-button"><p><a class="tcms-button" href="https://x.example/">Ask us</a></p></div>',
    );
  });

  describe('a "Tours" block', () => {
    /** The tour titles of the cards, in order. */
    const cardTitles = (frame: string) =>
      [...frame.matchAll(/<h3><a href="\/tours\/[^"]+">([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);

    it('shows the newest tours, a category’s, or chosen ones, as cards priced in the site’s currency, live', async () => {
      const settings = await injectAs(t.app, t.tokens.admin, {
        method: 'PUT',
        url: '/api/settings',
        payload: { site_name: 'Azure Bay Tours', currency: 'EUR' },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const bay = await createTestTerm(t, 'categories', { name: 'The Bay', slug: 'the-bay' });
      const first = await createTestTour(t, {
        title: 'Sunset Sail',
        slug: 'sunset-sail',
        price: 35.5,
        category_id: bay.id,
      });
      const second = await createTestTour(t, { title: 'Cave Kayak', slug: 'cave-kayak', price: 1234 });
      await createTestTour(t, { title: 'Old Town Walk', slug: 'old-town', price: null, category_id: bay.id });
      await createTestPage(t, {
        slug: 'home',
        status: 'published',
        content: [
          toursBlockHtml({ kind: 'newest', count: 2 }),
          '<hr>',
          toursBlockHtml({ kind: 'category', category: 'the-bay', count: 3 }),
          '<hr>',
          toursBlockHtml({ kind: 'chosen', count: 3, ids: [second.id, first.id, 99999] }),
          '<hr>',
          toursBlockHtml({ kind: 'category', category: 'nowhere', count: 3 }),
        ].join(''),
      });
      const frame = frameDocumentOf(await get(t, '/'));
      const [newest, category, chosen, none] = frame.split('<hr>');
      expect(cardTitles(newest!)).toEqual(['Old Town Walk', 'Cave Kayak']);
      expect(cardTitles(category!)).toEqual(['Old Town Walk', 'Sunset Sail']);
      expect(cardTitles(chosen!)).toEqual(['Cave Kayak', 'Sunset Sail']);
      expect(none).not.toContain('tcms-tours');
      expect(frame).toContain('<p class="card-price">From <data value="35.50" data-currency="EUR">€35.50</data></p>');
      expect(frame).toContain('<data value="1234.00" data-currency="EUR">€1,234.00</data>');
      expect(frame).not.toContain('data-tours');
      expect(frame).not.toContain('Tours: the 2 newest');

      // Live: a tour's new price shows at once.
      const put = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${first.id}`,
        payload: { title: 'Sunset Sail', slug: 'sunset-sail', status: 'published', price: 39, category_id: bay.id },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(frameDocumentOf(await get(t, '/'))).toContain('<data value="39.00" data-currency="EUR">€39.00</data>');
    });
  });
});
