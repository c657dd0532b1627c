import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { nowIso } from '../../core/clock.js';

forEachDialect('dashboard', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const stats = (token: string | null, url = '/api/dashboard/stats') => injectAs(t.app, token, { method: 'GET', url });

  async function seedContent(): Promise<void> {
    const db = t.app.ctx.db.kysely;
    const now = nowIso();
    const stamps = { created_at: now, updated_at: now };
    await db
      .insertInto('posts')
      .values(
        ['lisbon-walk', 'porto-wine'].map((slug) => ({
          title: slug,
          slug,
          status: 'published' as const,
          ...stamps,
          text_updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('pages')
      .values(
        ['home', 'about', 'contact'].map((slug) => ({
          title: slug,
          slug,
          status: slug === 'home' ? ('published' as const) : ('draft' as const),
          ...stamps,
          text_updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('contacts')
      .values(
        (['new', 'new', 'in-progress', 'resolved'] as const).map((status, i) => ({
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          subject: 'A question',
          message: 'Do you run tours in winter?',
          status,
          ...stamps,
        })),
      )
      .execute();
  }

  it('counts nothing but the users on a new site', async () => {
    const res = await stats(t.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_posts: 0,
      total_pages: 0,
      total_users: 3,
      total_contacts: 0,
      new_contacts: 0,
      booking_requests: 0,
    });
  });

  it('answers the real totals of posts, pages, users and contacts', async () => {
    await seedContent();
    const res = await stats(t.tokens.editor);
    expect(res.json()).toEqual({
      total_posts: 2,
      total_pages: 3,
      total_users: 3,
      total_contacts: 4,
      new_contacts: 2,
      booking_requests: 0,
    });
  });

  it('counts inactive users too, since they still exist', async () => {
    await t.app.ctx.db.kysely.updateTable('users').set({ is_active: 0 }).where('username', '=', 'user1').execute();
    expect((await stats(t.tokens.admin)).json()).toMatchObject({ total_users: 3 });
  });

  it('is readable by every signed-in role, on both base paths, with or without the trailing slash', async () => {
    await seedContent();
    for (const token of [t.tokens.admin, t.tokens.editor, t.tokens.user]) {
      for (const url of ['/api/dashboard/stats', '/admin_vendor_api/api/dashboard/stats/']) {
        const res = await stats(token, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.json()).toMatchObject({ total_posts: 2 });
      }
    }
  });

  it('answers 401 without a token', async () => {
    const res = await stats(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });
});
