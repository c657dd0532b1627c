import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityPage } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';
import {
  createTestComponent,
  createTestPage,
  createTestTerm,
  createTestTour,
  uploadTestMedia,
} from '../../test/page-fixtures.js';
import { makeImage } from '../../test/media-fixtures.js';
import { enableTwoFactor, totpCode } from '../../test/totp.js';

forEachDialect('activity', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const page = async (token: string, query = ''): Promise<ActivityPage> => {
    const res = await injectAs(t.app, token, { method: 'GET', url: `/api/activity/${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The newest entries, as `action item_type "title": summary` lines. */
  const lines = async (query = '', token = t.tokens.admin) =>
    (await page(token, query)).entries.map(
      (e) => `${e.actor_name} ${e.action} ${e.item_type} "${e.item_title}"${e.summary ? `: ${e.summary}` : ''}`,
    );
  const as = (role: 'admin' | 'editor' | 'user', method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    injectAs(t.app, t.tokens[role], { method, url: `/api${url}`, payload, remoteAddress: '198.51.100.20' });

  describe('recording', () => {
    it('records a tour’s create, update, publish, status change, delete and restore with who, when, where and what changed', async () => {
      const tour = await createTestTour(t, { title: 'Sunset cruise', status: 'draft' });
      expect(
        (
          await as('editor', 'PUT', `/posts/${tour.id}`, {
            title: 'Sunset sail',
            slug: tour.slug,
            status: 'draft',
            price: 79,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await as('editor', 'PUT', `/posts/${tour.id}`, {
            title: 'Sunset sail',
            slug: tour.slug,
            status: 'published',
            price: 79,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await as('editor', 'PUT', `/posts/${tour.id}`, {
            title: 'Sunset sail',
            slug: tour.slug,
            status: 'pending',
            price: 79,
          })
        ).statusCode,
      ).toBe(200);
      expect((await as('editor', 'DELETE', `/posts/${tour.id}`)).statusCode).toBe(204);
      const [entry] = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/trash/' })).json().items;
      expect((await as('editor', 'POST', `/trash/${entry.id}/restore`)).statusCode).toBe(200);

      expect(await lines('?item_type=post')).toEqual([
        'Editor One restore post "Sunset sail": Restored from the trash',
        'Editor One delete post "Sunset sail": Moved to the trash',
        'Editor One status post "Sunset sail": Changed status published → pending',
        'Editor One publish post "Sunset sail": Changed status draft → published',
        'Editor One update post "Sunset sail": Changed title and price',
        'Editor One create post "Sunset cruise": Status draft',
      ]);
      const newest = (await page(t.tokens.admin, '?item_type=post')).entries[0]!;
      expect(newest).toEqual({
        id: expect.any(Number),
        occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        user_id: 2,
        actor_name: 'Editor One',
        ip_address: '198.51.100.20',
        action: 'restore',
        item_type: 'post',
        item_id: tour.id,
        item_title: 'Sunset sail',
        summary: 'Restored from the trash',
      });
    });

    it('records the writes of every other resource', async () => {
      const pageItem = await createTestPage(t, { title: 'About us' });
      await as('editor', 'PUT', `/pages/${pageItem.id}`, {
        title: 'About us',
        slug: pageItem.slug,
        status: 'published',
      });
      const component = await createTestComponent(t, {
        name: 'Header',
        type: 'header',
        content: '<header>Hi</header>',
      });
      await as('editor', 'POST', `/components/${component.id}/duplicate`);
      const media = await uploadTestMedia(t, 'bay.png', await makeImage('png'));
      await as('editor', 'DELETE', `/media/${media.id}`);
      const category = await createTestTerm(t, 'categories', { name: 'Boats', slug: 'boats' });
      await as('editor', 'PUT', `/categories/${category.id}`, { name: 'Boat trips', slug: 'boats' });
      const tag = await createTestTerm(t, 'tags', { name: 'Family', slug: 'family' });
      await as('editor', 'DELETE', `/tags/${tag.id}`);
      const module = (await as('editor', 'POST', '/modules/', { name: 'Hero', type: 'banner' })).json();
      await as('editor', 'DELETE', `/modules/${module.id}`);
      await t.app.inject({
        method: 'POST',
        url: '/api/contacts/',
        payload: { name: 'Ann', email: 'ann@example.com', subject: 'Dates', message: 'Hello' },
        remoteAddress: '203.0.113.5',
      });
      const contact = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/contacts/' })).json()[0];
      await as('editor', 'PUT', `/contacts/${contact.id}/status?status=resolved`);
      await as('admin', 'POST', '/users/', {
        username: 'guide',
        email: 'guide@example.com',
        password: 'walks and talks',
        role: 'editor',
      });
      await as('admin', 'PUT', '/users/3', {
        username: 'user1',
        email: 'user1@example.com',
        full_name: 'User One',
        role: 'editor',
      });
      await as('admin', 'PUT', '/settings', { site_name: 'Island Tours', currency: 'EUR' });
      await as('admin', 'POST', '/redirects/', { from_path: '/old', to: '/new', status_code: 301 });

      expect((await lines('?page_size=50')).reverse()).toEqual([
        'Editor One create page "About us": Status draft',
        'Editor One publish page "About us": Changed status draft → published',
        'Editor One create component "Header": Type header',
        'Editor One create component "Header (copy)": Duplicated from "Header"',
        'Editor One create media "bay.png": Uploaded',
        'Editor One delete media "bay.png": Moved to the trash',
        'Editor One create category "Boats"',
        'Editor One update category "Boat trips": Changed name',
        'Editor One create tag "Family"',
        'Editor One delete tag "Family"',
        'Editor One create module "Hero": Type banner',
        'Editor One delete module "Hero"',
        'Website visitor create contact "Ann: Dates": Sent from the website',
        'Editor One status contact "Ann: Dates": Status new → resolved',
        'Admin One create user "guide": Role editor',
        'Admin One update user "user1": Changed role user → editor',
        'Admin One update settings "Site settings": Changed site name',
        'Admin One create redirect "/old → /new": 301',
      ]);
      const visitor = (await page(t.tokens.admin, '?item_type=contact')).entries.at(-1)!;
      expect(visitor).toMatchObject({ user_id: null, ip_address: '203.0.113.5' });
    });

    it('records sign-ins, failed sign-ins, sign-outs, two-factor changes and ended sessions', async () => {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: 'editor1', password: 'wrong password' },
        remoteAddress: '203.0.113.9',
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: 'nobody', password: 'wrong password' },
        remoteAddress: '203.0.113.9',
      });
      const token = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: 'editor1', password: TEST_PASSWORD },
        })
      ).json().access_token;
      const { secret } = await enableTwoFactor(t.app, token);
      const { challenge } = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: 'editor1', password: TEST_PASSWORD },
        })
      ).json();
      await t.app.inject({ method: 'POST', url: '/api/auth/token/two-factor', payload: { challenge, code: '000000' } });
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/token/two-factor',
        payload: { challenge, code: totpCode(secret, 1) },
      });
      await injectAs(t.app, token, { method: 'POST', url: '/api/account/sessions/end-others' });
      await injectAs(t.app, token, { method: 'POST', url: '/api/auth/logout' });
      await as('admin', 'DELETE', '/users/2/two-factor');

      expect((await lines('?item_type=user')).reverse()).toEqual([
        'Editor One sign_in_failed user "editor1": Wrong password or unknown username',
        'Unknown user "nobody" sign_in_failed user "nobody": Wrong password or unknown username',
        'Editor One sign_in user "editor1": With password',
        'Editor One two_factor user "editor1": Turned on two-factor sign-in; their other sessions ended',
        expect.stringMatching(/^Editor One sign_in_failed user "editor1": Second step refused: The code is not right/),
        'Editor One sign_in user "editor1": With password and authenticator code',
        'Editor One sessions user "editor1": Signed out everywhere else (1 session)',
        'Editor One sign_out user "editor1"',
        'Admin One two_factor user "editor1": Reset two-factor sign-in',
      ]);
      const unknown = (await page(t.tokens.admin, '?item_type=user')).entries.find((e) =>
        e.actor_name.startsWith('Unknown'),
      )!;
      expect(unknown).toMatchObject({ user_id: null, ip_address: '203.0.113.9' });
    });

    it('records a scheduled publish by the periodic job as the system', async () => {
      const tour = await createTestTour(t, {
        title: 'Night walk',
        status: 'scheduled',
        publish_at: new Date(Date.now() + 60_000).toISOString(),
      });
      await t.app.ctx.services.posts.publishDue(new Date(Date.now() + 120_000).toISOString());
      const [entry] = (await page(t.tokens.admin, '?item_type=post')).entries;
      expect(entry).toMatchObject({
        user_id: null,
        actor_name: 'System',
        action: 'publish',
        item_id: tour.id,
        item_title: 'Night walk',
        summary: expect.stringMatching(/^Published on schedule/),
      });
    });

    it('writes nothing for a refused write: the entry lives and dies with its write', async () => {
      const tour = await createTestTour(t, { slug: 'taken' });
      const before = (await page(t.tokens.admin)).entries.length;
      expect((await as('editor', 'POST', '/posts/', { title: 'Again', slug: 'taken' })).statusCode).toBe(409);
      expect(
        (await as('editor', 'PUT', `/posts/${tour.id}`, { title: 'Stale', slug: 'taken', version: 99 })).statusCode,
      ).toBe(409);
      expect((await as('user', 'DELETE', `/posts/${tour.id}`)).statusCode).toBe(403);
      expect((await as('editor', 'DELETE', '/modules/999')).statusCode).toBe(404);
      expect((await page(t.tokens.admin)).entries).toHaveLength(before);
    });
  });

  describe('reading', () => {
    it('shows administrators everyone’s entries, newest first, and anyone else only their own', async () => {
      await createTestTour(t, { title: 'By the editor' });
      await as('admin', 'POST', '/modules/', { name: 'By the admin', type: 'text' });
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: 'user1', password: TEST_PASSWORD },
      });
      expect((await page(t.tokens.admin)).entries.map((e) => e.item_title)).toEqual([
        'user1',
        'By the admin',
        'By the editor',
      ]);
      expect((await page(t.tokens.editor)).entries.map((e) => e.item_title)).toEqual(['By the editor']);
      expect((await page(t.tokens.user)).entries.map((e) => e.item_title)).toEqual(['user1']);
      // Asking for someone else's is an empty page, not theirs.
      expect((await page(t.tokens.editor, '?user_id=1')).entries).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/activity/' })).statusCode).toBe(401);
    });

    it('filters by person, type of item and date, and pages', async () => {
      for (let i = 1; i <= 5; i++) await createTestTour(t, { title: `Tour ${i}` });
      await as('admin', 'POST', '/modules/', { name: 'Hero', type: 'text' });
      expect((await page(t.tokens.admin, '?user_id=1')).entries.map((e) => e.item_title)).toEqual(['Hero']);
      expect((await page(t.tokens.admin, '?item_type=module')).entries).toHaveLength(1);
      const today = new Date().toISOString().slice(0, 10);
      expect((await page(t.tokens.admin, `?from=${today}&to=${today}`)).entries).toHaveLength(6);
      expect((await page(t.tokens.admin, '?to=2020-01-01')).entries).toEqual([]);
      expect((await page(t.tokens.admin, '?from=2999-01-01')).entries).toEqual([]);

      const first = await page(t.tokens.admin, '?page_size=4');
      expect(first).toMatchObject({ page: 1, page_size: 4, has_more: true });
      const second = await page(t.tokens.admin, '?page_size=4&page=2');
      expect(second).toMatchObject({ page: 2, has_more: false });
      expect([...first.entries, ...second.entries].map((e) => e.item_title)).toEqual([
        'Hero',
        'Tour 5',
        'Tour 4',
        'Tour 3',
        'Tour 2',
        'Tour 1',
      ]);
      expect((await page(t.tokens.admin, '?page=99')).entries).toEqual([]);
      // A blank filter (an empty select) is no filter.
      expect((await page(t.tokens.admin, '?user_id=&item_type=&from=&to=')).entries).toHaveLength(6);
    });

    it('answers junk filters with 422 naming them, or an empty page, never a 500', async () => {
      const junk = [
        'user_id=abc',
        'user_id=-1',
        'user_id=1.5',
        'item_type=spaceship',
        'from=yesterday',
        'to=2026-02-30',
        'page=0',
        'page=abc',
        'page=99999999999',
        'page_size=1000',
        'from=2026-13-01',
      ];
      for (const query of junk) {
        const res = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: `/api/activity/?${query}` });
        expect(res.statusCode, query).toBe(422);
        expect(res.json().errors[0].field, query).toBe(query.split('=')[0]);
      }
      for (const query of ['user_id=999999', 'from=2026-12-31&to=2026-01-01', 'user_id=2147483647']) {
        expect((await page(t.tokens.admin, `?${query}`)).entries, query).toEqual([]);
      }
    });

    it('gives the dashboard the ten newest entries its viewer may see', async () => {
      for (let i = 1; i <= 12; i++) await createTestTour(t, { title: `Tour ${i}` });
      await as('admin', 'POST', '/modules/', { name: 'Admin module', type: 'text' });
      const recent = async (token: string): Promise<ActivityEntry[]> =>
        (await injectAs(t.app, token, { method: 'GET', url: '/api/activity/recent' })).json();
      expect((await recent(t.tokens.admin)).map((e) => e.item_title)).toEqual([
        'Admin module',
        ...Array.from({ length: 9 }, (_, i) => `Tour ${12 - i}`),
      ]);
      expect((await recent(t.tokens.editor)).map((e) => e.item_title)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Tour ${12 - i}`),
      );
      expect(await recent(t.tokens.user)).toEqual([]);
    });
  });

  describe('retention', () => {
    it('removes entries older than the retention setting (a year unless changed) and keeps the rest', async () => {
      const { db } = t.app.ctx;
      const entry = {
        user_id: 2,
        actor_name: 'Editor One',
        ip_address: null,
        action: 'create',
        item_type: 'module',
        item_id: null,
        summary: '',
      } as const;
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      await db.kysely
        .insertInto('activity')
        .values([
          { ...entry, occurred_at: daysAgo(400), item_title: 'ancient' },
          { ...entry, occurred_at: daysAgo(200), item_title: 'old' },
          { ...entry, occurred_at: daysAgo(1), item_title: 'recent' },
        ])
        .execute();
      expect(await t.app.ctx.services.settings.get()).toMatchObject({ activity_retention_days: 365 });
      expect(await t.app.ctx.services.activity.purgeOlderThan(365)).toBe(1);
      expect((await page(t.tokens.admin)).entries.map((e) => e.item_title)).toEqual(['recent', 'old']);

      const saved = await as('admin', 'PUT', '/settings', {
        site_name: 'Tours CMS',
        currency: 'EUR',
        activity_retention_days: 30,
      });
      expect(saved.json()).toMatchObject({ activity_retention_days: 30 });
      expect(await t.app.ctx.services.activity.purgeOlderThan(30)).toBe(1);
      expect((await page(t.tokens.admin)).entries.map((e) => e.item_title)).toEqual(['Site settings', 'recent']);
      for (const days of [0, -5, 1.5, 100_000, 'a year']) {
        expect(
          (
            await as('admin', 'PUT', '/settings', {
              site_name: 'Tours CMS',
              currency: 'EUR',
              activity_retention_days: days,
            })
          ).statusCode,
          String(days),
        ).toBe(422);
      }
    });

    it('cannot be set below 30 days, and the log keeps 30 days even under an older, shorter setting', async () => {
      for (const days of [1, 7, 29]) {
        const res = await as('admin', 'PUT', '/settings', {
          site_name: 'Tours CMS',
          currency: 'EUR',
          activity_retention_days: days,
        });
        expect(res.statusCode, String(days)).toBe(422);
        expect(res.json()).toEqual({
          detail: 'activity_retention_days: Days to keep activity must be at least 30',
          errors: [{ field: 'activity_retention_days', message: 'Days to keep activity must be at least 30' }],
        });
      }
      expect(await t.app.ctx.services.settings.get()).toMatchObject({ activity_retention_days: 365 });

      const { db } = t.app.ctx;
      const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      await db.kysely
        .insertInto('activity')
        .values([
          {
            user_id: 2,
            actor_name: 'Editor One',
            ip_address: null,
            action: 'create',
            item_type: 'module',
            item_id: null,
            summary: '',
            occurred_at: daysAgo(40),
            item_title: 'last month',
          },
          {
            user_id: 2,
            actor_name: 'Editor One',
            ip_address: null,
            action: 'create',
            item_type: 'module',
            item_id: null,
            summary: '',
            occurred_at: daysAgo(5),
            item_title: 'last week',
          },
        ])
        .execute();
      // A retention of one day, as an earlier version let administrators save.
      expect(await t.app.ctx.services.activity.purgeOlderThan(1)).toBe(1);
      expect((await page(t.tokens.admin)).entries.map((e) => e.item_title)).toEqual(['last week']);
    });

    it('has no route to edit or delete an entry', async () => {
      await createTestTour(t);
      const [entry] = (await page(t.tokens.admin)).entries;
      for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
        expect(
          (await injectAs(t.app, t.tokens.admin, { method, url: `/api/activity/${entry!.id}`, payload: {} }))
            .statusCode,
        ).toBe(404);
      }
    });
  });
});
