import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Menu, MenuInput } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { createTestComponent, createTestPage, createTestTerm, createTestTour } from '../../test/page-fixtures.js';

/** The document inside a public page's frame, unescaped, as the visitor's browser renders it. */
function frameDocumentOf(res: LightMyRequestResponse): string {
  const match = /<iframe [^>]*srcdoc="([^"]*)"/.exec(res.body);
  if (!match) throw new Error(`no srcdoc frame in ${res.body.slice(0, 300)}`);
  return match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** The links of a rendered menu, as `label → href` (with ` [current]` on the current page's). */
function menuLinks(html: string, location: 'header' | 'footer'): string[] {
  const nav = new RegExp(`<nav data-menu="${location}"[^>]*>([\\s\\S]*?)</nav>`).exec(html);
  if (!nav) throw new Error(`no ${location} menu in ${html.slice(0, 500)}`);
  return [...nav[1]!.matchAll(/<a href="([^"]*)"( aria-current="page")?>([^<]*)<\/a>/g)].map(
    ([, href, current, label]) => `${label} → ${href}${current ? ' [current]' : ''}`,
  );
}

forEachDialect('menus', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const save = (location: string, items: MenuInput['items'], token = t.tokens.editor) =>
    injectAs(t.app, token, { method: 'PUT', url: `/api/menus/${location}`, payload: { items } });
  const read = async (location: string) =>
    (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/menus/${location}` })).json<Menu>();
  const page = async (url: string) => frameDocumentOf(await t.app.inject({ method: 'GET', url }));

  it('lets editors save a menu of pages, tours, categories and links, and every signed-in role read it', async () => {
    const about = await createTestPage(t, { title: 'About us', slug: 'about', status: 'published' });
    const tour = await createTestTour(t, { title: 'Old Town Walk', slug: 'old-town' });
    const category = await createTestTerm(t, 'categories', { name: 'Day trips', slug: 'day-trips' });
    const saved = await save('header', [
      { kind: 'page', target_id: about.id },
      { kind: 'post', target_id: tour.id, label: 'Walk' },
      { kind: 'category', target_id: category.id, parent: 1 },
      { kind: 'custom', label: 'Reviews', url: 'https://reviews.example/sunny' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const menu = saved.json<Menu>();
    expect(
      menu.items.map(({ kind, label, target_title, href, parent }) => ({ kind, label, target_title, href, parent })),
    ).toEqual([
      { kind: 'page', label: null, target_title: 'About us', href: '/about', parent: null },
      { kind: 'post', label: 'Walk', target_title: 'Old Town Walk', href: '/tours/old-town', parent: null },
      { kind: 'category', label: null, target_title: 'Day trips', href: '/tours/category/day-trips', parent: 1 },
      { kind: 'custom', label: 'Reviews', target_title: null, href: 'https://reviews.example/sunny', parent: null },
    ]);
    expect(await read('header')).toEqual(menu);
    const both = (await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/menus/' })).json<Menu[]>();
    expect(both.map((m) => [m.location, m.items.length])).toEqual([
      ['header', 4],
      ['footer', 0],
    ]);
    expect((await save('header', [], t.tokens.user)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/menus/' })).statusCode).toBe(401);
    expect((await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/menus/sidebar' })).statusCode).toBe(422);
  });

  it('records each save in the activity log', async () => {
    await save('footer', [{ kind: 'custom', label: 'Contact', url: 'mailto:hello@sunny.example' }]);
    const entries = (
      await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/activity/?item_type=menu' })
    ).json().entries;
    expect(entries).toEqual([
      expect.objectContaining({ action: 'update', item_title: 'Footer menu', summary: 'Saved with 1 item' }),
    ]);
  });

  describe('refuses with 422 naming the item', () => {
    it.each([
      ['javascript:alert(document.cookie)', 'A link may use https:, http:, mailto: or tel: only'],
      ['JaVaScRiPt:alert(1)', 'A link may use https:, http:, mailto: or tel: only'],
      ['java\tscript:alert(1)', 'A link may not contain spaces, backslashes or control characters'],
      ['data:text/html,<script>alert(1)</script>', 'A link may use https:, http:, mailto: or tel: only'],
      ['//evil.example/login', 'A link to another site must start with https://'],
      ['/\\evil.example', 'A link may not contain spaces, backslashes or control characters'],
      ['https://localhost@evil.example/', 'A link may not carry a user name before the site (it disguises the site)'],
      ['https://раypal.com/', 'The site name mixes letters of different alphabets (it looks like another site)'],
      ['evil.example', 'Start the link with https://, or with / for an address on this site'],
    ])('a link to %j', async (url, message) => {
      const res = await save('header', [
        { kind: 'custom', label: 'Home', url: '/' },
        { kind: 'custom', label: 'Tours', url: '/tours' },
        { kind: 'custom', label: 'Bad', url },
      ]);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'items[2].url', message }]);
    });

    it("a look-alike of the site's own address", async () => {
      const site = await createTestApp(dialect, { PUBLIC_ORIGIN: 'https://sunny-tours.example' });
      try {
        const res = await injectAs(site.app, site.tokens.editor, {
          method: 'PUT',
          url: '/api/menus/header',
          payload: {
            items: [
              { kind: 'custom', label: 'Partner', url: 'https://partner.example/sunny-tours.example' },
              { kind: 'custom', label: 'Pay', url: 'https://sunny-tours.example.evil.example/pay' },
            ],
          },
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual([
          { field: 'items[1].url', message: "The address looks like this site's own but leads to another site" },
        ]);
      } finally {
        await site.close();
      }
    });

    it('nesting deeper than one level, and a loop', async () => {
      const deep = await save('header', [
        { kind: 'custom', label: 'A', url: '/a' },
        { kind: 'custom', label: 'B', url: '/b', parent: 0 },
        { kind: 'custom', label: 'C', url: '/c', parent: 1 },
      ]);
      expect(deep.statusCode).toBe(422);
      expect(deep.json().errors).toEqual([
        { field: 'items[2].parent', message: 'Menus nest one level deep: a sub-item cannot have sub-items' },
      ]);
      const loop = await save('header', [
        { kind: 'custom', label: 'A', url: '/a', parent: 1 },
        { kind: 'custom', label: 'B', url: '/b', parent: 0 },
      ]);
      expect(loop.statusCode).toBe(422);
      expect(loop.json().errors).toEqual([
        { field: 'items[0].parent', message: 'Items cannot sit under each other in a loop' },
        { field: 'items[1].parent', message: 'Items cannot sit under each other in a loop' },
      ]);
      const self = await save('header', [{ kind: 'custom', label: 'A', url: '/a', parent: 0 }]);
      expect(self.json().errors).toEqual([{ field: 'items[0].parent', message: 'An item cannot sit under itself' }]);
      const outside = await save('header', [{ kind: 'custom', label: 'A', url: '/a', parent: 4 }]);
      expect(outside.json().errors).toEqual([
        { field: 'items[0].parent', message: 'Parent must be the position of another item' },
      ]);
      expect((await read('header')).items).toEqual([]);
    });

    it('a page, tour or category that does not exist, and an item without its target', async () => {
      const about = await createTestPage(t, { slug: 'about', status: 'published' });
      for (const [kind, label] of [
        ['page', 'Page'],
        ['post', 'Tour'],
        ['category', 'Tour category'],
      ] as const) {
        const res = await save('footer', [
          { kind: 'page', target_id: about.id },
          { kind, target_id: 999_999 },
        ]);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual([{ field: 'items[1].target_id', message: `${label} 999999 does not exist` }]);
      }
      const missing = await save('footer', [{ kind: 'page' }]);
      expect(missing.json().errors).toEqual([{ field: 'items[0].target_id', message: 'Choose a Page' }]);
      const noUrl = await save('footer', [{ kind: 'custom', label: 'X' }]);
      expect(noUrl.json().errors).toEqual([{ field: 'items[0].url', message: 'A custom link needs an address' }]);
    });
  });

  describe('on the public site', () => {
    beforeEach(async () => {
      await createTestComponent(t, {
        name: 'Header',
        type: 'header',
        content:
          '<header class="bg-slate-900 text-white"><a href="/">Sunny</a><nav data-menu="header" class="ml-auto"></nav></header>',
      });
      await createTestComponent(t, {
        name: 'Footer',
        type: 'footer',
        content: '<footer><nav data-menu="footer" aria-label="More">Links</nav></footer>',
      });
    });

    it("fills the components' placeholders, marks the current page and shows a change at once", async () => {
      const home = await createTestPage(t, { title: 'Home', slug: 'home', status: 'published' });
      const about = await createTestPage(t, { title: 'About us', slug: 'about', status: 'published' });
      await save('header', [
        { kind: 'page', target_id: home.id },
        { kind: 'page', target_id: about.id },
        { kind: 'custom', label: 'Tours', url: '/tours' },
        { kind: 'custom', label: 'Crete', url: '/tours?q=crete', parent: 2 },
      ]);
      const aboutPage = await page('/about');
      expect(menuLinks(aboutPage, 'header')).toEqual([
        'Home → /',
        'About us → /about [current]',
        'Tours → /tours',
        'Crete → /tours?q=crete',
      ]);
      expect(aboutPage).toContain('<nav data-menu="header" class="ml-auto" aria-label="Header menu">');
      expect(aboutPage).toMatch(
        /<li><a href="\/tours">Tours<\/a><ul class="tcms-submenu"><li><a href="\/tours\?q=crete">/,
      );
      expect(menuLinks(await page('/'), 'header')[0]).toBe('Home → / [current]');
      // The footer's menu is empty: its placeholder shows nothing, and keeps the name staff gave it.
      expect(aboutPage).toContain('<nav data-menu="footer" aria-label="More"></nav>');

      await save('footer', [{ kind: 'page', target_id: about.id, label: 'Who we are' }]);
      expect(menuLinks(await page('/about'), 'footer')).toEqual(['Who we are → /about [current]']);
      const frame = await t.app.inject({ method: 'GET', url: '/frame/site/footer' });
      expect(menuLinks(frame.body, 'footer')).toEqual(['Who we are → /about']);
    });

    it('marks the current tour, category or catalogue in the header frame of the tour pages', async () => {
      const tour = await createTestTour(t, { title: 'Old Town Walk', slug: 'old-town' });
      const category = await createTestTerm(t, 'categories', { name: 'Day trips', slug: 'day-trips' });
      await save('header', [
        { kind: 'custom', label: 'Tours', url: '/tours' },
        { kind: 'post', target_id: tour.id },
        { kind: 'category', target_id: category.id },
      ]);
      const headerOf = async (url: string) => {
        const shell = (await t.app.inject({ method: 'GET', url })).body;
        const src = /<iframe class="chrome chrome-header" src="([^"]*)"/.exec(shell)![1]!.replace(/&amp;/g, '&');
        return menuLinks((await t.app.inject({ method: 'GET', url: src })).body, 'header');
      };
      expect(await headerOf('/tours/old-town')).toEqual([
        'Tours → /tours',
        'Old Town Walk → /tours/old-town [current]',
        'Day trips → /tours/category/day-trips',
      ]);
      expect(await headerOf('/tours/category/day-trips')).toEqual([
        'Tours → /tours',
        'Old Town Walk → /tours/old-town',
        'Day trips → /tours/category/day-trips [current]',
      ]);
      expect((await headerOf('/tours?q=walk'))[0]).toBe('Tours → /tours [current]');
      // Anything else in the frame's address marks nothing (and is not a document of its own).
      const odd = await t.app.inject({ method: 'GET', url: '/frame/site/header?current=/about' });
      expect(menuLinks(odd.body, 'header')).toEqual([
        'Tours → /tours',
        'Old Town Walk → /tours/old-town',
        'Day trips → /tours/category/day-trips',
      ]);
    });

    it("shows the menu in a draft page's preview link as on the site", async () => {
      const draft = await createTestPage(t, { title: 'Soon', slug: 'soon', status: 'draft' });
      await save('header', [{ kind: 'custom', label: 'Tours', url: '/tours' }]);
      const link = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: `/api/pages/${draft.id}/previews`,
        payload: {},
      });
      expect(link.statusCode, link.body).toBe(201);
      const preview = await t.app.inject({ method: 'GET', url: new URL(link.json().url, 'http://x').pathname });
      expect(menuLinks(frameDocumentOf(preview), 'header')).toEqual(['Tours → /tours']);
    });

    it('leaves out an item whose target is unpublished, trashed or deleted, and its children with it', async () => {
      const about = await createTestPage(t, { title: 'About us', slug: 'about', status: 'published' });
      const team = await createTestPage(t, { title: 'Team', slug: 'team', status: 'published' });
      const draft = await createTestPage(t, { title: 'Soon', slug: 'soon', status: 'draft' });
      const tour = await createTestTour(t, { title: 'Old Town Walk', slug: 'old-town' });
      const category = await createTestTerm(t, 'categories', { name: 'Day trips', slug: 'day-trips' });
      await save('header', [
        { kind: 'page', target_id: about.id },
        { kind: 'page', target_id: team.id, parent: 0 },
        { kind: 'page', target_id: draft.id },
        { kind: 'post', target_id: tour.id },
        { kind: 'category', target_id: category.id },
      ]);
      expect(menuLinks(await page('/about'), 'header')).toEqual([
        'About us → /about [current]',
        'Team → /team',
        'Old Town Walk → /tours/old-town',
        'Day trips → /tours/category/day-trips',
      ]);

      const remove = (url: string) => injectAs(t.app, t.tokens.editor, { method: 'DELETE', url });
      expect((await remove(`/api/posts/${tour.id}`)).statusCode).toBe(204);
      expect((await remove(`/api/categories/${category.id}`)).statusCode).toBe(204);
      expect(menuLinks(await page('/team'), 'header')).toEqual(['About us → /about', 'Team → /team [current]']);
      expect((await remove(`/api/pages/${about.id}`)).statusCode).toBe(204);
      expect(menuLinks(await page('/team'), 'header')).toEqual([]);

      // The menu keeps what it held: saved again unchanged, it is accepted, and a restored page comes back.
      const held = await read('header');
      expect(held.items.map((item) => item.target_title)).toEqual([null, 'Team', 'Soon', null, null]);
      const again = await save(
        'header',
        held.items.map(({ kind, target_id, label, url, parent }) => ({ kind, target_id, label, url, parent })),
      );
      expect(again.statusCode, again.body).toBe(200);
      const trash = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/trash/' })).json();
      const entry = trash.items.find((item: { item_type: string; item_id: number }) => item.item_type === 'page');
      const restored = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: `/api/trash/${entry.id}/restore`,
      });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(menuLinks(await page('/team'), 'header')).toEqual(['About us → /about', 'Team → /team [current]']);
    });
  });
});
