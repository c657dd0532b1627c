import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Redirect } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { createTestPage, createTestTour } from '../../test/page-fixtures.js';

forEachDialect('redirects', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const list = async (): Promise<Redirect[]> =>
    (await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/redirects/' })).json();
  const create = (payload: Record<string, unknown>, token = t.tokens.admin) =>
    injectAs(t.app, token, { method: 'POST', url: '/api/redirects/', payload });
  const renamePage = (id: number, slug: string, status = 'published') =>
    injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${id}`,
      payload: { title: 'About', slug, status },
    });

  describe('slug changes', () => {
    it('keeps a published page’s old address as a permanent redirect to the new one, and counts its hits', async () => {
      const page = await createTestPage(t, { title: 'About', slug: 'about', status: 'published' });
      expect((await renamePage(page.id, 'about-us')).statusCode).toBe(200);
      const old = await visit('/about');
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/about-us');
      expect(old.headers['cache-control']).toBe('no-cache');
      expect((await visit('/about-us')).statusCode).toBe(200);
      expect(await list()).toEqual([
        expect.objectContaining({ from_path: '/about', to: '/about-us', status_code: 301, hits: 1, automatic: true }),
      ]);
    });

    it('counts a flood of hits without a write per hit, and shows them all on the Redirects screen', async () => {
      const page = await createTestPage(t, { title: 'About', slug: 'about', status: 'published' });
      await renamePage(page.id, 'about-us');
      const stored = async () =>
        Number(
          (
            await t.app.ctx.db.kysely
              .selectFrom('redirects')
              .select('hits')
              .where('from_path', '=', '/about')
              .executeTakeFirstOrThrow()
          ).hits,
        );
      for (let i = 0; i < 50; i++) expect((await visit('/about')).statusCode).toBe(301);
      // Nothing written yet: the hits wait in memory for the next flush.
      expect(await stored()).toBe(0);
      expect(await list()).toEqual([expect.objectContaining({ from_path: '/about', hits: 50 })]);
      expect(await stored()).toBe(50);
      await visit('/about');
      await t.app.ctx.services.redirects.flushHits();
      expect(await stored()).toBe(51);
    });

    it('does the same for a published tour, under /tours', async () => {
      const tour = await createTestTour(t, { title: 'Sail', slug: 'sail' });
      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${tour.id}`,
        payload: { title: 'Sail', slug: 'sunset-sail', status: 'published' },
      });
      const old = await visit('/tours/sail');
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/tours/sunset-sail');
    });

    it('keeps a translation’s old address under its language’s prefix, and honours redirects from language paths before the 404', async () => {
      await injectAs(t.app, t.tokens.admin, {
        method: 'PUT',
        url: '/api/settings',
        payload: { site_name: 'Lisbon Walks', currency: 'EUR', languages: ['en', 'de'] },
      });
      const tour = await createTestTour(t, { title: 'Alfama walk', slug: 'alfama-walk' });
      const german = (
        await injectAs(t.app, t.tokens.editor, {
          method: 'POST',
          url: `/api/posts/${tour.id}/translations`,
          payload: { language: 'de' },
        })
      ).json();
      const saveGerman = (slug: string) =>
        injectAs(t.app, t.tokens.editor, {
          method: 'PUT',
          url: `/api/posts/${german.id}`,
          payload: { title: 'Alfama-Spaziergang', slug, status: 'published' },
        });
      expect((await saveGerman('alfama-spaziergang')).statusCode).toBe(200);
      expect((await saveGerman('altstadt-spaziergang')).statusCode).toBe(200);
      // The German tour moved from /de/tours/alfama-spaziergang: that address, not /tours/..., now redirects.
      const old = await visit('/de/tours/alfama-spaziergang');
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/de/tours/altstadt-spaziergang');
      expect((await visit('/de/tours/altstadt-spaziergang')).statusCode).toBe(200);
      expect(await list()).toEqual([
        expect.objectContaining({ from_path: '/de/tours/alfama-spaziergang', to: '/de/tours/altstadt-spaziergang' }),
      ]);

      // Redirects staff add from addresses under a language's prefix, at any depth.
      const page = await createTestPage(t, { title: 'About', slug: 'about', status: 'published' });
      const ueber = (
        await injectAs(t.app, t.tokens.editor, {
          method: 'POST',
          url: `/api/pages/${page.id}/translations`,
          payload: { language: 'de' },
        })
      ).json();
      await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/pages/${ueber.id}`,
        payload: { title: 'Über uns', slug: 'ueber-uns', status: 'published' },
      });
      // A live page under a language's prefix is never hidden by a redirect from it.
      const hiding = await create({ from_path: '/de/ueber-uns', to: '/about' });
      expect(hiding.statusCode, hiding.body).toBe(201);
      expect((await visit('/de/ueber-uns')).statusCode).toBe(200);
      await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: `/api/redirects/${hiding.json().id}` });
      for (const [from, to] of [
        ['/de/alt', '/de/ueber-uns'],
        ['/de/tours/bootsfahrt', '/de/tours/altstadt-spaziergang'],
        ['/de/2019/sommer', '/de/tours'],
        ['/fr/a-propos', '/about'],
      ] as const) {
        const made = await create({ from_path: from, to });
        expect(made.statusCode, made.body).toBe(201);
        const res = await visit(from);
        expect(res.statusCode, from).toBe(301);
        expect(res.headers.location, from).toBe(to);
      }
    });

    it('leaves no redirect for a draft, and makes no chains: every old address leads to the newest one', async () => {
      const draft = await createTestPage(t, { title: 'Draft', slug: 'draft', status: 'draft' });
      await renamePage(draft.id, 'draft-2', 'draft');
      expect(await list()).toEqual([]);

      const page = await createTestPage(t, { title: 'About', slug: 'a', status: 'published' });
      await renamePage(page.id, 'b');
      await renamePage(page.id, 'c');
      expect((await list()).map((r) => [r.from_path, r.to])).toEqual([
        ['/a', '/c'],
        ['/b', '/c'],
      ]);
      // Back to an old address: it is live again, so its redirect goes; the others lead to it.
      await renamePage(page.id, 'a');
      expect((await list()).map((r) => [r.from_path, r.to])).toEqual([
        ['/b', '/a'],
        ['/c', '/a'],
      ]);
      expect((await visit('/a')).statusCode).toBe(200);
    });
  });

  describe('the Redirects screen’s API', () => {
    it('lets administrators add, edit and remove redirects, to a path or a URL, 301 or 302', async () => {
      const made = await create({
        from_path: '/old-brochure.pdf',
        to: 'https://files.azurebay.example/brochure.pdf',
        status_code: 302,
      });
      expect(made.statusCode, made.body).toBe(201);
      const redirect = made.json() as Redirect;
      expect(redirect).toMatchObject({ from_path: '/old-brochure.pdf', status_code: 302, hits: 0, automatic: false });
      const followed = await visit('/old-brochure.pdf');
      expect(followed.statusCode).toBe(302);
      expect(followed.headers.location).toBe('https://files.azurebay.example/brochure.pdf');
      const nested = await create({ from_path: '/2019/summer/', to: '/tours?tag=sunset' });
      expect(nested.json()).toMatchObject({ from_path: '/2019/summer', to: '/tours?tag=sunset', status_code: 301 });
      expect(
        (await t.app.inject({ method: 'GET', url: '/2019/summer', headers: { accept: 'application/json' } })).headers
          .location,
      ).toBe('/tours?tag=sunset');
      const edited = await injectAs(t.app, t.tokens.admin, {
        method: 'PUT',
        url: `/api/redirects/${redirect.id}`,
        payload: { from_path: '/old-brochure.pdf', to: '/contact', status_code: 301 },
      });
      expect(edited.json()).toMatchObject({ to: '/contact', status_code: 301 });
      expect(
        (await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: `/api/redirects/${redirect.id}` })).statusCode,
      ).toBe(204);
      expect((await visit('/old-brochure.pdf')).statusCode).toBe(404);
    });

    it.each([
      [{ from_path: '/admin/x', to: '/' }, 'from_path'],
      [{ from_path: '/api', to: '/' }, 'from_path'],
      [{ from_path: '/uploads/2026/a.jpg', to: '/' }, 'from_path'],
      [{ from_path: 'no-slash', to: '/' }, 'from_path'],
      [{ from_path: '/', to: '/tours' }, 'from_path'],
      [{ from_path: '/x', to: 'javascript:alert(1)' }, 'to'],
      [{ from_path: '/x', to: '//evil.example' }, 'to'],
      [{ from_path: '/x', to: '/x' }, 'to'],
      [{ from_path: '/x', to: '/y', status_code: 307 }, 'status_code'],
    ])('refuses %j with 422 naming %s, and stores nothing', async (payload, field) => {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0].field).toBe(field);
      expect(await list()).toEqual([]);
    });

    it('refuses chains both ways and a second redirect from one path', async () => {
      expect((await create({ from_path: '/a', to: '/b' })).statusCode).toBe(201);
      const onward = await create({ from_path: '/z', to: '/a' });
      expect(onward.statusCode).toBe(422);
      expect(onward.json().errors[0].field).toBe('to');
      const into = await create({ from_path: '/b', to: '/c' });
      expect(into.statusCode).toBe(422);
      expect(into.json().errors[0].field).toBe('from_path');
      expect((await create({ from_path: '/a', to: '/d' })).statusCode).toBe(409);
    });

    it('never hides a live page', async () => {
      await createTestPage(t, { title: 'Live', slug: 'live', status: 'published' });
      expect((await create({ from_path: '/live', to: '/elsewhere' })).statusCode).toBe(201);
      expect((await visit('/live')).statusCode).toBe(200);
    });

    it('is for administrators only', async () => {
      expect((await create({ from_path: '/a', to: '/b' }, t.tokens.editor)).statusCode).toBe(403);
      expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/redirects/' })).statusCode).toBe(403);
    });
  });
});
