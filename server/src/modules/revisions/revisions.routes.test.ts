import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RevisionList } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { createTestComponent, createTestPage } from '../../test/page-fixtures.js';

/** Pages and common components keep their history the way posts do (post-revisions.routes.test.ts). */
forEachDialect('page and component revisions', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const history = async (base: string, id: number): Promise<RevisionList> =>
    (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/${base}/${id}/revisions` })).json();

  const kinds = [
    {
      base: 'pages',
      create: async () =>
        createTestPage(t, {
          title: 'About',
          slug: 'about',
          content: '<p>We sail.</p>',
          status: 'published',
          seo_title: 'About us',
        }),
      change: { title: 'About us', slug: 'about-us', content: '<p>We sail and walk.</p>', status: 'draft' },
      original: {
        title: 'About',
        slug: 'about',
        content: '<p>We sail.</p>',
        status: 'published',
        seo_title: 'About us',
      },
    },
    {
      base: 'components',
      create: async () =>
        createTestComponent(t, {
          name: 'Header',
          type: 'header',
          content: '<header>Bay</header>',
          description: 'Main',
        }),
      change: { name: 'Top bar', type: 'header', content: '<header>Bay Tours</header>', is_active: false },
      original: {
        name: 'Header',
        slug: 'header',
        type: 'header',
        content: '<header>Bay</header>',
        description: 'Main',
        is_active: true,
      },
    },
  ] as const;

  for (const kind of kinds) {
    describe(kind.base, () => {
      it('keeps the version every save replaces and restores it whole, as a new version', async () => {
        const item = await kind.create();
        expect(item.version).toBe(1);
        const saved = await injectAs(t.app, t.tokens.admin, {
          method: 'PUT',
          url: `/api/${kind.base}/${item.id}`,
          payload: kind.change,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json().version).toBe(2);
        const list = await history(kind.base, item.id);
        expect(list.items.map((r) => r.version)).toEqual([1]);
        const restored = await injectAs(t.app, t.tokens.editor, {
          method: 'POST',
          url: `/api/${kind.base}/${item.id}/revisions/${list.items[0]!.id}/restore`,
        });
        expect(restored.statusCode, restored.body).toBe(200);
        expect(restored.json()).toMatchObject({ ...kind.original, version: 3 });
        expect((await history(kind.base, item.id)).items.map((r) => [r.version, r.saved_by?.name])).toEqual([
          [2, 'Admin One'],
          [1, 'Editor One'],
        ]);
      });

      it('refuses a stale save with 409 naming who saved the newer version, and changes nothing', async () => {
        const item = await kind.create();
        await injectAs(t.app, t.tokens.admin, {
          method: 'PUT',
          url: `/api/${kind.base}/${item.id}`,
          payload: { ...kind.change, version: 1 },
        });
        const stale = await injectAs(t.app, t.tokens.editor, {
          method: 'PUT',
          url: `/api/${kind.base}/${item.id}`,
          payload: { ...kind.original, version: 1 },
        });
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({ current_version: 2, updated_by: { name: 'Admin One' } });
        expect((await history(kind.base, item.id)).total).toBe(1);
      });

      it('answers 404 for a version of another item and for unknown ones', async () => {
        const a = await kind.create();
        await injectAs(t.app, t.tokens.admin, {
          method: 'PUT',
          url: `/api/${kind.base}/${a.id}`,
          payload: kind.change,
        });
        const [version] = (await history(kind.base, a.id)).items;
        for (const url of [
          `/api/${kind.base}/${a.id + 1000}/revisions/${version!.id}/restore`,
          `/api/${kind.base}/${a.id}/revisions/${version!.id + 1000}/restore`,
        ]) {
          expect((await injectAs(t.app, t.tokens.editor, { method: 'POST', url })).statusCode, url).toBe(404);
        }
      });
    });
  }

  it('shows a restored page on the public site at once', async () => {
    const page = await createTestPage(t, {
      title: 'About',
      slug: 'about',
      content: '<p id="v">first</p>',
      status: 'published',
    });
    await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { title: 'About', slug: 'about', content: '<p id="v">second</p>', status: 'published' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/about' })).body).toContain('second');
    const [first] = (await history('pages', page.id)).items;
    await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/pages/${page.id}/revisions/${first!.id}/restore`,
    });
    expect((await t.app.inject({ method: 'GET', url: '/about' })).body).toContain('first');
  });
});
