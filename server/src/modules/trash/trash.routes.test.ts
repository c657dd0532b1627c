import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TrashList } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { createTestComponent, createTestPage, createTestTerm, createTestTour } from '../../test/page-fixtures.js';

const DAY = 86_400_000;

forEachDialect('trash', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const as = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    injectAs(t.app, token, { method, url, payload });
  const trashList = async (query = ''): Promise<TrashList> =>
    (await as(t.tokens.editor, 'GET', `/api/trash/${query}`)).json();

  /** Makes one item of each kind with two versions, so there is a history to keep. */
  const kinds = [
    {
      type: 'post' as const,
      base: '/api/posts',
      async make() {
        const post = await createTestTour(t, { title: 'Sunset sail', slug: 'sunset-sail', price: 79 });
        await as(t.tokens.editor, 'PUT', `/api/posts/${post.id}`, {
          title: 'Sunset sail',
          slug: 'sunset-sail',
          status: 'published',
          price: 85,
        });
        return post.id;
      },
      rival: () => createTestTour(t, { title: 'Rival', slug: 'sunset-sail' }),
      title: 'Sunset sail',
    },
    {
      type: 'page' as const,
      base: '/api/pages',
      async make() {
        const page = await createTestPage(t, {
          title: 'About us',
          slug: 'about-us',
          status: 'published',
          content: '<p>One</p>',
        });
        await as(t.tokens.editor, 'PUT', `/api/pages/${page.id}`, {
          title: 'About us',
          slug: 'about-us',
          status: 'published',
          content: '<p>Two</p>',
        });
        return page.id;
      },
      rival: () => createTestPage(t, { title: 'Rival', slug: 'about-us' }),
      title: 'About us',
    },
    {
      type: 'component' as const,
      base: '/api/components',
      async make() {
        const component = await createTestComponent(t, {
          name: 'Main header',
          type: 'header',
          content: '<header>One</header>',
          is_common: true,
          is_active: true,
        });
        await as(t.tokens.editor, 'PUT', `/api/components/${component.id}`, {
          name: 'Main header',
          type: 'header',
          content: '<header>Two</header>',
          is_common: true,
          is_active: true,
        });
        return component.id;
      },
      rival: () =>
        createTestComponent(t, {
          name: 'Main header',
          type: 'footer',
          content: '<footer/>',
          is_common: true,
          is_active: false,
        }),
      title: 'Main header',
    },
  ];

  it.each(kinds.map((kind) => [kind.type, kind] as const))(
    'keeps a deleted %s in the trash (204, then 404) and restores it whole under its own id, history included',
    async (_type, kind) => {
      const id = await kind.make();
      const before = (await as(t.tokens.user, 'GET', `${kind.base}/${id}`)).json();
      const historyBefore = (await as(t.tokens.user, 'GET', `${kind.base}/${id}/revisions`)).json();

      expect((await as(t.tokens.editor, 'DELETE', `${kind.base}/${id}`)).statusCode).toBe(204);
      expect((await as(t.tokens.user, 'GET', `${kind.base}/${id}`)).statusCode).toBe(404);
      const list = await trashList();
      expect(list).toMatchObject({ total: 1, page: 1, page_size: 50 });
      const entry = list.items[0]!;
      expect(entry).toMatchObject({
        item_type: kind.type,
        item_id: id,
        title: kind.title,
        deleted_by: { name: 'Editor One' },
      });
      expect(Date.parse(entry.expires_at) - Date.parse(entry.deleted_at)).toBe(30 * DAY);

      const restored = await as(t.tokens.editor, 'POST', `/api/trash/${entry.id}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toEqual({ item_type: kind.type, item_id: id });
      expect((await as(t.tokens.user, 'GET', `${kind.base}/${id}`)).json()).toEqual(before);
      expect((await as(t.tokens.user, 'GET', `${kind.base}/${id}/revisions`)).json()).toEqual(historyBefore);
      expect((await trashList()).total).toBe(0);
      // A second restore of the same entry finds nothing.
      expect((await as(t.tokens.editor, 'POST', `/api/trash/${entry.id}/restore`)).statusCode).toBe(404);
    },
  );

  it('puts a published tour and page back on the site when restored', async () => {
    await createTestTour(t, { title: 'Sunset sail', slug: 'sunset-sail' });
    const page = await createTestPage(t, {
      title: 'About us',
      slug: 'about-us',
      status: 'published',
      content: '<p>Hi</p>',
    });
    const tour = (await as(t.tokens.user, 'GET', '/api/posts/slug/sunset-sail')).json();
    await as(t.tokens.editor, 'DELETE', `/api/posts/${tour.id}`);
    await as(t.tokens.editor, 'DELETE', `/api/pages/${page.id}`);
    expect((await t.app.inject({ method: 'GET', url: '/tours/sunset-sail' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/about-us' })).statusCode).toBe(404);
    for (const entry of (await trashList()).items) await as(t.tokens.editor, 'POST', `/api/trash/${entry.id}/restore`);
    expect((await t.app.inject({ method: 'GET', url: '/tours/sunset-sail' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/about-us' })).statusCode).toBe(200);
  });

  it.each(kinds.map((kind) => [kind.type, kind] as const))(
    'refuses to restore a %s whose slug another item took meanwhile (409), and keeps it in the trash',
    async (_type, kind) => {
      const id = await kind.make();
      await as(t.tokens.editor, 'DELETE', `${kind.base}/${id}`);
      await kind.rival();
      const entry = (await trashList()).items[0]!;
      const res = await as(t.tokens.editor, 'POST', `/api/trash/${entry.id}/restore`);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/now uses the slug/);
      expect((await trashList()).total).toBe(1);
      expect((await as(t.tokens.user, 'GET', `${kind.base}/${id}`)).statusCode).toBe(404);
    },
  );

  it('restores a tour without the category or tags deleted since, rather than refusing', async () => {
    const category = await createTestTerm(t, 'categories', { name: 'Boats', slug: 'boats' });
    const tag = await createTestTerm(t, 'tags', { name: 'Sunset', slug: 'sunset' });
    const tour = await createTestTour(t, { slug: 'sunset-sail', category_id: category.id, tag_ids: [tag.id] });
    await as(t.tokens.editor, 'DELETE', `/api/posts/${tour.id}`);
    await as(t.tokens.editor, 'DELETE', `/api/categories/${category.id}`);
    await as(t.tokens.editor, 'DELETE', `/api/tags/${tag.id}`);
    const entry = (await trashList()).items[0]!;
    expect((await as(t.tokens.editor, 'POST', `/api/trash/${entry.id}/restore`)).statusCode).toBe(200);
    expect((await as(t.tokens.user, 'GET', `/api/posts/${tour.id}`)).json()).toMatchObject({
      category_id: null,
      tags: [],
    });
  });

  it('lists by type, newest first', async () => {
    const page = await createTestPage(t, { title: 'Old page', slug: 'old-page' });
    const tour = await createTestTour(t, { title: 'Old tour', slug: 'old-tour' });
    await as(t.tokens.editor, 'DELETE', `/api/pages/${page.id}`);
    await as(t.tokens.editor, 'DELETE', `/api/posts/${tour.id}`);
    expect((await trashList()).items.map((entry) => entry.title)).toEqual(['Old tour', 'Old page']);
    expect((await trashList('?type=page')).items.map((entry) => entry.title)).toEqual(['Old page']);
    const bad = await as(t.tokens.editor, 'GET', '/api/trash/?type=user');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContainEqual({
      field: 'type',
      message: 'Type must be one of post, page, component, media',
    });
  });

  it('empties entries older than 30 days with their history, and keeps younger ones', async () => {
    const old = await kinds[0]!.make();
    await as(t.tokens.editor, 'DELETE', `/api/posts/${old}`);
    expect(await t.app.ctx.services.trash.purgeExpired(new Date(Date.now() + 29 * DAY).toISOString())).toBe(0);
    expect((await trashList()).total).toBe(1);
    expect(await t.app.ctx.services.trash.purgeExpired(new Date(Date.now() + 31 * DAY).toISOString())).toBe(1);
    expect((await trashList()).total).toBe(0);
    const kept = await t.app.ctx.db.kysely
      .selectFrom('revisions')
      .select('id')
      .where('item_type', '=', 'post')
      .where('item_id', '=', old)
      .execute();
    expect(kept).toEqual([]);
  });

  it('lets editors list and restore, administrators also delete for good; users and visitors neither', async () => {
    const tour = await createTestTour(t, { slug: 'gone' });
    await as(t.tokens.editor, 'DELETE', `/api/posts/${tour.id}`);
    const entry = (await trashList()).items[0]!;
    expect((await as(t.tokens.user, 'GET', '/api/trash/')).statusCode).toBe(403);
    expect((await as(null, 'GET', '/api/trash/')).statusCode).toBe(401);
    expect((await as(t.tokens.user, 'POST', `/api/trash/${entry.id}/restore`)).statusCode).toBe(403);
    expect((await as(t.tokens.editor, 'DELETE', `/api/trash/${entry.id}`)).statusCode).toBe(403);
    expect((await as(t.tokens.admin, 'DELETE', `/api/trash/${entry.id}`)).statusCode).toBe(204);
    expect((await trashList()).total).toBe(0);
    expect((await as(t.tokens.admin, 'DELETE', `/api/trash/${entry.id}`)).statusCode).toBe(404);
    expect((await as(t.tokens.editor, 'POST', '/api/trash/999999/restore')).statusCode).toBe(404);
  });
});
