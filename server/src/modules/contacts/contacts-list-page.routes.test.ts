import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Contact } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { listPager } from '../../test/list-pages.js';

// GET /contacts/ with parameters (issue 26): one page at a time, searched, filtered and sorted on the server.

forEachDialect('contacts list pages', (dialect) => {
  let t: TestApp;
  let counter = 0;
  beforeEach(async () => {
    t = await createTestApp(dialect, { CONTACT_MAX_PER_HOUR: '1000' });
  });
  afterEach(async () => t.close());

  /** An inquiry as the website sends it, then the stored contact (the newest, at the head of the whole array). */
  async function receive(fields: Partial<Record<'name' | 'email' | 'subject' | 'message', string>> = {}) {
    counter += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts/',
      payload: {
        name: `Visitor ${counter}`,
        email: `visitor${counter}@example.com`,
        subject: `Question ${counter}`,
        message: 'Is there room on Friday?',
        ...fields,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (await whole())[0]!;
  }

  async function get(url: string) {
    return injectAs(t.app, t.tokens.user, { method: 'GET', url });
  }

  async function whole(): Promise<Contact[]> {
    const res = await get('/api/contacts/');
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  const { page, walk } = listPager<Contact>((url) => get(url), '/api/contacts/');

  async function setStatus(id: number, status: string) {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/contacts/${id}/status?status=${status}`,
    });
    expect(res.statusCode).toBe(200);
  }

  it('without parameters still answers the whole array; with any, pages of whole contacts with the total', async () => {
    for (let i = 0; i < 5; i += 1) await receive();
    const all = await whole();
    expect(all).toHaveLength(5);
    const first = await page('limit=2');
    expect(first.total).toBe(5);
    expect(first.items).toEqual(all.slice(0, 2));
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(await walk('limit=2')).toEqual(all);
    expect((await walk('limit=2&sort=created_at')).map((c) => c.id)).toEqual(all.map((c) => c.id).reverse());
  });

  it('keeps its order under inserts: an inquiry arriving between pages neither repeats nor skips a row', async () => {
    for (let i = 0; i < 4; i += 1) await receive();
    const before = (await whole()).map((c) => c.id);
    const first = await page('limit=2');
    const added = await receive();
    const second = await page(`limit=2&cursor=${first.next_cursor}`);
    expect([...first.items, ...second.items].map((c) => c.id)).toEqual(before);
    expect(second.total).toBe(5);
    expect(second.items.map((c) => c.id)).not.toContain(added.id);
  });

  it('searches name, email and subject ignoring case (not the message), filters by status, and counts the matches', async () => {
    const ann = await receive({ name: 'Ann Walker', email: 'ann@example.com', subject: 'Sunset cruise' });
    await receive({ name: 'Bob Stone', email: 'bob@travel.test', subject: 'Group discount' });
    const cleo = await receive({ name: 'Cleo Park', email: 'cleo@example.com', subject: 'Refund: 100% please' });
    await setStatus(cleo.id, 'resolved');

    expect((await page('q=ANN')).items.map((c) => c.name)).toEqual(['Ann Walker']);
    expect((await page('q=travel.TEST')).items.map((c) => c.name)).toEqual(['Bob Stone']);
    expect((await page('q=discount')).items.map((c) => c.name)).toEqual(['Bob Stone']);
    expect((await page('q=example.com')).total).toBe(2);
    expect((await page('q=Friday')).total).toBe(0);
    // The search's % is a character, not a wildcard.
    expect((await page('q=100%25')).items.map((c) => c.name)).toEqual(['Cleo Park']);
    expect((await page('q=%25%25')).total).toBe(0);

    expect((await page('status=resolved')).items.map((c) => c.name)).toEqual(['Cleo Park']);
    const fresh = await page('status=new&q=example');
    expect(fresh.items).toEqual([ann]);
    expect(fresh.total).toBe(1);
    expect((await page('q=&status=')).total).toBe(3);
  });

  it('pages within a status in both orders', async () => {
    for (let i = 0; i < 5; i += 1) await receive();
    const all = await whole();
    for (const contact of all.filter((_, i) => i % 2 === 0)) await setStatus(contact.id, 'in-progress');
    const inProgress = all.filter((_, i) => i % 2 === 0).map((c) => c.id);
    expect((await walk('status=in-progress&limit=1')).map((c) => c.id)).toEqual(inProgress);
    expect((await walk('status=in-progress&limit=2&sort=created_at')).map((c) => c.id)).toEqual(
      [...inProgress].reverse(),
    );
    expect((await page('status=in-progress&limit=1')).total).toBe(3);
  });

  it('answers one inquiry by id for its details, and 404 for an unknown one', async () => {
    const contact = await receive({ subject: 'Private tour' });
    const res = await get(`/api/contacts/${contact.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(contact);
    const missing = await get(`/api/contacts/${contact.id + 100}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Contact not found' });
    expect((await t.app.inject({ method: 'GET', url: `/api/contacts/${contact.id}` })).statusCode).toBe(401);
  });

  it.each([
    ['limit=100000', 'limit'],
    ['limit=0', 'limit'],
    ['cursor=garbage', 'cursor'],
    ['sort=ip_address', 'sort'],
    ['sort=-name', 'sort'],
    ['sender_key=x', 'sender_key'],
    ['status=archived', 'status'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('refuses %s with 422 naming %s', async (query, field) => {
    const res = await get(`/api/contacts/?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses a cursor made for another sort or another list', async () => {
    for (let i = 0; i < 3; i += 1) await receive();
    const { next_cursor } = await page('limit=1');
    const otherSort = await get(`/api/contacts/?limit=1&sort=created_at&cursor=${next_cursor}`);
    expect(otherSort.statusCode).toBe(422);
    expect(otherSort.json().errors).toEqual([{ field: 'cursor', message: 'Cursor was made for another sort' }]);
    const posts = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      payload: { title: 'A', slug: 'a' },
    });
    expect(posts.statusCode).toBe(201);
    await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/posts/', payload: { title: 'B', slug: 'b' } });
    const postsCursor = (await get('/api/posts/?limit=1')).json().next_cursor as string;
    const fromPosts = await get(`/api/contacts/?limit=1&cursor=${postsCursor}`);
    expect(fromPosts.statusCode).toBe(422);
    expect(fromPosts.json().errors).toEqual([{ field: 'cursor', message: 'Cursor is not valid for this list' }]);
  });

  describe('access', () => {
    it('needs a signed-in user like the whole list', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/contacts/?limit=5' })).statusCode).toBe(401);
    });
  });
});
