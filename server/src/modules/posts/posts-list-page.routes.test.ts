import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Post, PostInput, PostListItem, TaxonomyItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { listPager } from '../../test/list-pages.js';

// GET /posts/ with parameters (issue 26): one page at a time, searched, filtered and sorted on the server.

forEachDialect('posts list pages', (dialect) => {
  let t: TestApp;
  let counter = 0;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  async function createPost(overrides: Partial<PostInput> = {}): Promise<Post> {
    counter += 1;
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      payload: { title: `Tour ${counter}`, slug: `tour-${counter}`, ...overrides },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  async function get(url: string) {
    return injectAs(t.app, t.tokens.user, { method: 'GET', url });
  }

  const { page, walk } = listPager<PostListItem>((url) => get(url), '/api/posts/');

  it('without parameters still answers the whole array; with any, a page with the total', async () => {
    for (let i = 0; i < 5; i += 1) await createPost();
    const whole = await get('/api/posts/');
    expect(Array.isArray(whole.json())).toBe(true);
    expect(whole.json()).toHaveLength(5);

    const first = await page('limit=2');
    expect(first.total).toBe(5);
    expect(first.items.map((p) => p.id)).toEqual(
      whole
        .json()
        .slice(0, 2)
        .map((p: PostListItem) => p.id),
    );
    expect(first.next_cursor).toEqual(expect.any(String));
    // The pages together are the whole array in its order (newest first), none twice, and the last has no cursor.
    expect((await walk('limit=2')).map((p) => p.id)).toEqual(whole.json().map((p: PostListItem) => p.id));
  });

  it('keeps its order under inserts: a post created between pages neither repeats nor skips a row', async () => {
    for (let i = 0; i < 4; i += 1) await createPost();
    const before = (await get('/api/posts/')).json().map((p: PostListItem) => p.id);
    const first = await page('limit=2');
    const added = await createPost();
    const second = await page(`limit=2&cursor=${first.next_cursor}`);
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual(before);
    expect(second.total).toBe(5);
    expect(second.items.map((p) => p.id)).not.toContain(added.id);
  });

  it('sorts by title both ways and pages within that sort', async () => {
    for (const title of ['Cave walk', 'alpine hike', 'Boat trip', 'Dune ride']) await createPost({ title });
    const titles = (await walk('sort=title&limit=3')).map((p) => p.title);
    expect(titles).toEqual([...titles].sort());
    expect(titles).toHaveLength(4);
    expect((await walk('sort=-title&limit=3')).map((p) => p.title)).toEqual([...titles].reverse());
    expect((await walk('sort=created_at&limit=3')).map((p) => p.title)).toEqual([
      'Cave walk',
      'alpine hike',
      'Boat trip',
      'Dune ride',
    ]);
  });

  it('searches title and slug ignoring case, filters by status and category, and counts what matches', async () => {
    const category = (
      await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/categories/',
        payload: { name: 'Sea', slug: 'sea' },
      })
    ).json() as TaxonomyItem;
    await createPost({ title: 'Sunset Boat', slug: 'sunset-boat', status: 'published', category_id: category.id });
    await createPost({ title: 'Harbour walk', slug: 'boat-free-walk', status: 'draft' });
    await createPost({ title: '100% Mountain', slug: 'mountain', status: 'published' });
    await createPost({ title: 'Forest', slug: 'forest', status: 'draft', category_id: category.id });

    const boat = await page('q=BOAT');
    expect(boat.total).toBe(2);
    expect(boat.items.map((p) => p.title).sort()).toEqual(['Harbour walk', 'Sunset Boat']);
    // The search's % is a character, not a wildcard.
    expect((await page('q=100%25')).items.map((p) => p.title)).toEqual(['100% Mountain']);
    expect((await page('q=0%25%20M')).total).toBe(1);
    expect((await page('q=%25%25')).total).toBe(0);

    const published = await page('status=published');
    expect(published.items.map((p) => p.title).sort()).toEqual(['100% Mountain', 'Sunset Boat']);
    expect((await page(`category=${category.id}&status=draft`)).items.map((p) => p.title)).toEqual(['Forest']);
    expect((await page(`category=${category.id}&q=boat`)).total).toBe(1);
    // Blank values (a cleared search box or select) are no filter.
    expect((await page('q=&status=&category=')).total).toBe(4);
  });

  it.each([
    ['limit=100000', 'limit'],
    ['limit=0', 'limit'],
    ['limit=two', 'limit'],
    ['cursor=garbage', 'cursor'],
    ['sort=password_hash', 'sort'],
    ['sort=content', 'sort'],
    ['author=1', 'author'],
    ['status=archived', 'status'],
    ['category=-1', 'category'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with 422 naming %s', async (query, field) => {
    const res = await get(`/api/posts/?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses a cursor made for another sort or another list', async () => {
    for (let i = 0; i < 3; i += 1) await createPost();
    const { next_cursor } = await page('limit=1&sort=title');
    const otherSort = await get(`/api/posts/?limit=1&sort=-title&cursor=${next_cursor}`);
    expect(otherSort.statusCode).toBe(422);
    expect(otherSort.json().errors).toEqual([{ field: 'cursor', message: 'Cursor was made for another sort' }]);
    const [, sort, key, id] = JSON.parse(Buffer.from(next_cursor!, 'base64url').toString()) as unknown[];
    const fromPages = Buffer.from(JSON.stringify(['pages', sort, key, id])).toString('base64url');
    const otherList = await get(`/api/posts/?limit=1&sort=title&cursor=${fromPages}`);
    expect(otherList.statusCode).toBe(422);
    expect(otherList.json().errors).toEqual([{ field: 'cursor', message: 'Cursor is not valid for this list' }]);
  });

  describe('access', () => {
    it('needs a signed-in user like the whole list', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/posts/?limit=5' });
      expect(res.statusCode).toBe(401);
    });
  });
});
