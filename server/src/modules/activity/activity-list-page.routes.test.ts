import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityPage } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { listPager } from '../../test/list-pages.js';
import { createTestPage, createTestTerm } from '../../test/page-fixtures.js';

// GET /activity/ with `limit` or `cursor` (issue 26): the log at a million entries pages by cursor with a total.

forEachDialect('activity list pages', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  async function get(url: string, token = t.tokens.admin) {
    return injectAs(t.app, token, { method: 'GET', url });
  }

  const { page, walk } = listPager<ActivityEntry>((url, token) => get(url, token), '/api/activity/');

  /** The whole log as the numbered pages show it (newest first). */
  async function numbered(query = ''): Promise<ActivityEntry[]> {
    const res = await get(`/api/activity/?page_size=50${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ActivityPage).entries;
  }

  it('pages the same entries as the numbered pages, newest first, with the total, and a bare GET keeps its shape', async () => {
    for (let i = 0; i < 5; i += 1) await createTestPage(t);
    const all = await numbered();
    const first = await page('limit=2');
    expect(first.total).toBe(all.length);
    expect(first.items).toEqual(all.slice(0, 2));
    expect(await walk('limit=3')).toEqual(all);
    const bare = (await get('/api/activity/')).json() as ActivityPage;
    expect(bare.page).toBe(1);
    expect(bare.entries.map((e) => e.id)).toEqual(all.map((e) => e.id).slice(0, bare.page_size));
  });

  it('keeps its place as entries arrive: the next page neither repeats nor skips one, where a numbered page shifts', async () => {
    for (let i = 0; i < 4; i += 1) await createTestPage(t);
    const before = (await numbered()).map((e) => e.id);
    const first = await page('limit=2');
    await createTestPage(t);
    const second = await page(`limit=2&cursor=${first.next_cursor}`);
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual(before.slice(0, 4));
    const shifted = (await get('/api/activity/?page=2&page_size=2')).json() as ActivityPage;
    expect(shifted.entries[0]!.id).toBe(before[1]);
    expect(second.total).toBe(before.length + 1);
  });

  it('filters by person, type of item and day, and counts what matches; a non-admin sees only their own', async () => {
    await createTestPage(t, { title: 'About us' });
    await createTestTerm(t, 'categories', { name: 'Sea', slug: 'sea' });
    await createTestPage(t, { title: 'Contact' });
    const pages = await page('item_type=page&limit=1');
    expect(pages.total).toBe(2);
    expect((await walk('item_type=page&limit=1')).map((e) => e.item_title)).toEqual(['Contact', 'About us']);
    const editorId = pages.items[0]!.user_id!;
    expect((await page(`user_id=${editorId}&limit=50`)).total).toBe((await numbered(`&user_id=${editorId}`)).length);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`from=${today}&to=${today}&item_type=category&limit=5`)).items.map((e) => e.item_title)).toEqual(
      ['Sea'],
    );
    expect((await page('from=2000-01-01&to=2000-01-02&limit=5')).total).toBe(0);
    expect((await page('item_type=&user_id=&limit=5')).total).toBe((await numbered()).length);

    const own = await page('limit=50', t.tokens.user);
    expect(own.items.every((e) => e.actor_name === own.items[0]?.actor_name)).toBe(true);
    expect((await page(`user_id=${editorId}&limit=50`, t.tokens.user)).total).toBe(0);
  });

  it.each([
    ['limit=100000', 'limit'],
    ['limit=0', 'limit'],
    ['cursor=garbage', 'cursor'],
    ['limit=5&sort=password_hash', 'sort'],
    ['limit=5&sort=occurred_at', 'sort'],
    ['limit=5&q=admin', 'q'],
    ['limit=5&ip_address=1', 'ip_address'],
    ['limit=5&item_type=password', 'item_type'],
    ['limit=5&from=2026-02-30', 'from'],
    // The numbered reading refuses what it does not know too.
    ['sort=password_hash', 'sort'],
    ['page=1&actor=1', 'actor'],
  ])('refuses %s with 422 naming %s', async (query, field) => {
    const res = await get(`/api/activity/?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses a cursor made for another list', async () => {
    for (let i = 0; i < 3; i += 1) await createTestPage(t);
    const { next_cursor } = await page('limit=1');
    const [, sort, key, id] = JSON.parse(Buffer.from(next_cursor!, 'base64url').toString()) as unknown[];
    const fromPages = Buffer.from(JSON.stringify(['pages', sort, key, id])).toString('base64url');
    const otherList = await get(`/api/activity/?limit=1&cursor=${fromPages}`);
    expect(otherList.statusCode).toBe(422);
    expect(otherList.json().errors).toEqual([{ field: 'cursor', message: 'Cursor is not valid for this list' }]);
  });

  describe('access', () => {
    it('needs a signed-in user', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/activity/?limit=5' })).statusCode).toBe(401);
    });
  });
});
