import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaListItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { listPager } from '../../test/list-pages.js';
import { makePdf, multipartBody, type MultipartPart } from '../../test/media-fixtures.js';

// GET /media/ with parameters and GET /media/folders (issue 26): the Media Library a page at a time.

forEachDialect('media list pages', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  async function upload(name: string, folder?: string): Promise<MediaListItem> {
    const parts: MultipartPart[] = [];
    if (folder !== undefined) parts.push({ name: 'folder', value: folder });
    parts.push({ name: 'file', filename: name, content: makePdf() });
    const { payload, headers } = multipartBody(parts);
    const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/media/upload', payload, headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  async function get(url: string) {
    return injectAs(t.app, t.tokens.user, { method: 'GET', url });
  }

  async function whole(): Promise<MediaListItem[]> {
    return (await get('/api/media/')).json();
  }

  const { page, walk } = listPager<MediaListItem>((url) => get(url), '/api/media/');

  it('without parameters still answers the whole array; with any, pages of the same items with the total', async () => {
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf']) await upload(name);
    const all = await whole();
    expect(Array.isArray(all)).toBe(true);
    const first = await page('limit=2');
    expect(first.total).toBe(5);
    expect(first.items).toEqual(all.slice(0, 2));
    expect(await walk('limit=2')).toEqual(all);
    expect((await walk('limit=3&sort=created_at')).map((m) => m.id)).toEqual(all.map((m) => m.id).reverse());
  });

  it('keeps its order under uploads: a file added between pages neither repeats nor skips one', async () => {
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']) await upload(name);
    const before = (await whole()).map((m) => m.id);
    const first = await page('limit=2');
    const added = await upload('late.pdf');
    const second = await page(`limit=2&cursor=${first.next_cursor}`);
    expect([...first.items, ...second.items].map((m) => m.id)).toEqual(before);
    expect(second.total).toBe(5);
    expect(second.items.map((m) => m.id)).not.toContain(added.id);
  });

  it('searches the original name ignoring case, filters on the exact folder, counts uses, and leaves out the trash', async () => {
    await upload('Beach.pdf', 'Tours');
    await upload('beach-map.pdf');
    const sunset = await upload('Sunset 100%.pdf', 'Tours');
    await upload('cruise.pdf', 'Videos');
    const gone = await upload('Beach old.pdf', 'Tours');
    expect(
      (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${gone.id}` })).statusCode,
    ).toBe(204);
    const post = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      payload: { title: 'Sunset', slug: 'sunset', content: `<p><a href="/${sunset.file_path}">plan</a></p>` },
    });
    expect(post.statusCode).toBe(201);

    expect((await page('q=BEACH')).items.map((m) => m.original_name)).toEqual(['beach-map.pdf', 'Beach.pdf']);
    expect((await page('folder=Tours')).items.map((m) => m.original_name)).toEqual(['Sunset 100%.pdf', 'Beach.pdf']);
    expect((await page('folder=Tours&q=beach')).total).toBe(1);
    expect((await page('folder=Tour')).total).toBe(0);
    expect((await page('q=100%25')).items.map((m) => m.original_name)).toEqual(['Sunset 100%.pdf']);
    expect((await page('q=&folder=')).total).toBe(4);
    // The use count is the whole list's.
    const counts = (await whole()).map((m) => [m.id, m.usage_count]);
    expect((await page('limit=10')).items.map((m) => [m.id, m.usage_count])).toEqual(counts);
    expect((await page(`q=sunset`)).items[0]!.usage_count).toBe(1);
    // The item at a file path (the selector's file in use), and none for a path no live item has.
    expect((await page(`path=${encodeURIComponent(sunset.file_path)}&limit=1`)).items.map((m) => m.id)).toEqual([
      sunset.id,
    ]);
    expect((await page(`path=${encodeURIComponent(gone.file_path)}`)).total).toBe(0);
  });

  it('lists the folders that hold a file out of the trash, sorted as the tabs show them', async () => {
    await upload('a.pdf', 'porto');
    await upload('b.pdf', 'Lisbon');
    await upload('c.pdf');
    await upload('d.pdf', 'Lisbon');
    const gone = await upload('e.pdf', 'Algarve');
    await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${gone.id}` });
    const res = await get('/api/media/folders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['Lisbon', 'porto']);
    expect((await t.app.inject({ method: 'GET', url: '/api/media/folders' })).statusCode).toBe(401);
  });

  it.each([
    ['limit=100000', 'limit'],
    ['cursor=garbage', 'cursor'],
    ['sort=file_path', 'sort'],
    ['sort=uploaded_by', 'sort'],
    ['mime_type=image', 'mime_type'],
    ['folder=..%2Fetc', 'folder'],
    [`folder=${'f'.repeat(101)}`, 'folder'],
    [`path=${'p'.repeat(2049)}`, 'path'],
  ])('refuses %s with 422 naming %s', async (query, field) => {
    const res = await get(`/api/media/?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses a cursor made for another sort or another list', async () => {
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) await upload(name);
    const { next_cursor } = await page('limit=1');
    const otherSort = await get(`/api/media/?limit=1&sort=created_at&cursor=${next_cursor}`);
    expect(otherSort.statusCode).toBe(422);
    expect(otherSort.json().errors).toEqual([{ field: 'cursor', message: 'Cursor was made for another sort' }]);
    const [, sort, key, id] = JSON.parse(Buffer.from(next_cursor!, 'base64url').toString()) as unknown[];
    const fromContacts = Buffer.from(JSON.stringify(['contacts', sort, key, id])).toString('base64url');
    const otherList = await get(`/api/media/?limit=1&cursor=${fromContacts}`);
    expect(otherList.statusCode).toBe(422);
    expect(otherList.json().errors).toEqual([{ field: 'cursor', message: 'Cursor is not valid for this list' }]);
  });

  describe('access', () => {
    it('needs a signed-in user like the whole list', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/media/?limit=5' })).statusCode).toBe(401);
    });
  });
});
