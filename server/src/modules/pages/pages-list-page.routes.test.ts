import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PageListItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { listPager } from '../../test/list-pages.js';
import { createTestPage } from '../../test/page-fixtures.js';

// GET /pages/ with parameters (issue 26): one page of the list at a time, searched, filtered and sorted on the server.

forEachDialect('pages list pages', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  async function get(url: string) {
    return injectAs(t.app, t.tokens.user, { method: 'GET', url });
  }

  async function whole(): Promise<PageListItem[]> {
    return (await get('/api/pages/')).json();
  }

  const { page, walk } = listPager<PageListItem>((url) => get(url), '/api/pages/');

  it('without parameters still answers the whole array; with any, pages of the same rows with the total', async () => {
    for (let i = 0; i < 4; i += 1) await createTestPage(t);
    await createTestPage(t, { template_data: '{"blocks":[]}' });
    const all = await whole();
    expect(all).toHaveLength(5);
    const first = await page('limit=2');
    expect(first.total).toBe(5);
    expect(first.items).toEqual(all.slice(0, 2));
    expect(first.items[0]!.has_template_data).toBe(true);
    expect(await walk('limit=2')).toEqual(all);
    expect((await walk('limit=3&sort=created_at')).map((p) => p.id)).toEqual(all.map((p) => p.id).reverse());
  });

  it('keeps its order under inserts: a page created between pages neither repeats nor skips a row', async () => {
    for (let i = 0; i < 4; i += 1) await createTestPage(t);
    const before = (await whole()).map((p) => p.id);
    const first = await page('limit=2');
    const added = await createTestPage(t);
    const second = await page(`limit=2&cursor=${first.next_cursor}`);
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual(before);
    expect(second.total).toBe(5);
    expect(second.items.map((p) => p.id)).not.toContain(added.id);
  });

  it('sorts by title both ways, searches the title alone ignoring case, filters by status and counts', async () => {
    await createTestPage(t, { title: 'Greek Islands', slug: 'islands', status: 'published' });
    await createTestPage(t, { title: 'about us', slug: 'about-greek', status: 'draft' });
    await createTestPage(t, { title: 'Winter Offers', slug: 'winter', status: 'pending' });
    await createTestPage(t, { title: '50% Off', slug: 'sale', status: 'draft' });
    const titles = (await walk('sort=title&limit=3')).map((p) => p.title);
    expect(titles).toHaveLength(4);
    expect(titles).toEqual([...titles].sort());
    expect((await walk('sort=-title&limit=1')).map((p) => p.title)).toEqual([...titles].reverse());

    // The spec's search is on the title: a slug holding the text does not match.
    expect((await page('q=GREEK')).items.map((p) => p.title)).toEqual(['Greek Islands']);
    expect((await page('q=50%25')).items.map((p) => p.title)).toEqual(['50% Off']);
    expect((await page('q=%25%25')).total).toBe(0);
    expect((await page('status=draft&sort=title')).items.map((p) => p.title)).toEqual(['about us', '50% Off'].sort());
    expect((await page('status=draft&q=off')).total).toBe(1);
    expect((await page('q=&status=')).total).toBe(4);
  });

  it.each([
    ['limit=100000', 'limit'],
    ['cursor=garbage', 'cursor'],
    ['sort=content', 'sort'],
    ['sort=template_data', 'sort'],
    ['author_id=1', 'author_id'],
    ['status=archived', 'status'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with 422 naming %s', async (query, field) => {
    const res = await get(`/api/pages/?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses a cursor made for another sort or another list', async () => {
    for (let i = 0; i < 3; i += 1) await createTestPage(t);
    const { next_cursor } = await page('limit=1&sort=title');
    const otherSort = await get(`/api/pages/?limit=1&sort=-title&cursor=${next_cursor}`);
    expect(otherSort.statusCode).toBe(422);
    expect(otherSort.json().errors).toEqual([{ field: 'cursor', message: 'Cursor was made for another sort' }]);
    const [, sort, key, id] = JSON.parse(Buffer.from(next_cursor!, 'base64url').toString()) as unknown[];
    const fromPosts = Buffer.from(JSON.stringify(['posts', sort, key, id])).toString('base64url');
    const otherList = await get(`/api/pages/?limit=1&sort=title&cursor=${fromPosts}`);
    expect(otherList.statusCode).toBe(422);
    expect(otherList.json().errors).toEqual([{ field: 'cursor', message: 'Cursor is not valid for this list' }]);
  });

  describe('access', () => {
    it('needs a signed-in user like the whole list', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/pages/?limit=5' })).statusCode).toBe(401);
    });
  });
});
