import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Post, Revision, RevisionList } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { createTestTerm, createTestTour, uploadTestMedia } from '../../test/page-fixtures.js';
import { makeImage } from '../../test/media-fixtures.js';

forEachDialect('post revisions', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const put = (token: string, post: Pick<Post, 'id'>, payload: Record<string, unknown>) =>
    injectAs(t.app, token, { method: 'PUT', url: `/api/posts/${post.id}`, payload });
  const history = async (post: Pick<Post, 'id'>, page = 1): Promise<RevisionList> =>
    (
      await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${post.id}/revisions?page=${page}` })
    ).json();
  const revision = async (post: Pick<Post, 'id'>, id: number): Promise<Revision> =>
    (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${post.id}/revisions/${id}` })).json();

  it('starts at version 1 and keeps the version every save replaces, with who saved it and when', async () => {
    const post = await createTestTour(t, { title: 'Sail', slug: 'sail', price: 79 });
    expect(post.version).toBe(1);
    const second = await put(t.tokens.admin, post, {
      title: 'Sail at dusk',
      slug: 'sail',
      status: 'published',
      price: 85,
    });
    expect(second.json()).toMatchObject({ title: 'Sail at dusk', version: 2 });
    await put(t.tokens.editor, post, { title: 'Sail at dusk', slug: 'sail', status: 'published', price: 99 });

    const list = await history(post);
    expect(list).toMatchObject({ total: 2, page: 1, page_size: 20 });
    expect(list.items.map((item) => [item.version, item.saved_by?.name])).toEqual([
      [2, 'Admin One'],
      [1, 'Editor One'],
    ]);
    const first = await revision(post, list.items[1]!.id);
    expect(first.data).toMatchObject({ title: 'Sail', price: 79, status: 'published', tag_ids: [] });
    expect(first.saved_at).toBe(post.updated_at);
  });

  it('keeps only the newest N versions per item once an administrator sets it, old history included', async () => {
    const post = await createTestTour(t, { title: 'Sail', slug: 'sail' });
    const other = await createTestTour(t, { title: 'Kayak', slug: 'kayak' });
    for (let price = 1; price <= 6; price++) {
      await put(t.tokens.editor, post, { title: 'Sail', slug: 'sail', price });
      await put(t.tokens.editor, other, { title: 'Kayak', slug: 'kayak', price });
    }
    expect((await history(post)).total).toBe(6);
    const settings = { site_name: 'Tours', currency: 'EUR' };
    const set = await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: { ...settings, revisions_keep: 4 },
    });
    expect(set.statusCode, set.body).toBe(200);
    // Applied to what was kept already, for every item...
    for (const item of [post, other]) expect((await history(item)).items.map((r) => r.version)).toEqual([6, 5, 4, 3]);
    // ...and to every save after.
    await put(t.tokens.editor, post, { title: 'Sail', slug: 'sail', price: 7 });
    expect((await history(post)).items.map((r) => r.version)).toEqual([7, 6, 5, 4]);
    // Back to keeping everything: nothing more is removed.
    await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: { ...settings, revisions_keep: null },
    });
    await put(t.tokens.editor, post, { title: 'Sail', slug: 'sail', price: 8 });
    expect((await history(post)).total).toBe(5);
  });

  it('refuses a save against an older version with 409 naming who saved the newer one, and changes nothing', async () => {
    const post = await createTestTour(t, { title: 'Sail', slug: 'sail' });
    expect((await put(t.tokens.admin, post, { title: 'First editor', slug: 'sail', version: 1 })).statusCode).toBe(200);
    const stale = await put(t.tokens.editor, post, { title: 'Second editor', slug: 'sail', version: 1 });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body).toEqual({
      detail: expect.stringContaining('changed by Admin One'),
      current_version: 2,
      updated_by: { id: expect.any(Number), name: 'Admin One' },
      updated_at: expect.any(String),
    });
    const now = (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${post.id}` })).json();
    expect(now).toMatchObject({ title: 'First editor', version: 2 });
    expect((await history(post)).total).toBe(1);
    // "Save anyway": the same save against the version it was told about.
    expect(
      (await put(t.tokens.editor, post, { title: 'Second editor', slug: 'sail', version: 2 })).json(),
    ).toMatchObject({ title: 'Second editor', version: 3 });
    // A client that sends no version saves as the spec says.
    expect((await put(t.tokens.editor, post, { title: 'No version', slug: 'sail' })).statusCode).toBe(200);
  });

  it('restores every field of a version as a new version, which can itself be undone', async () => {
    const category = await createTestTerm(t, 'categories', { name: 'Bay', slug: 'bay' });
    const tag = await createTestTerm(t, 'tags', { name: 'Sunset', slug: 'sunset' });
    const image = await uploadTestMedia(t, 'boat.png', await makeImage('png', 64, 48));
    const original = {
      title: 'Sail',
      slug: 'sail',
      content: '<p>Three hours</p>',
      excerpt: 'Evening',
      status: 'published' as const,
      price: 79.5,
      duration: '3 hours',
      age: '6+',
      location: 'Marina',
      button_label: 'Book',
      button_value: 'https://book.example.com/',
      calendar_time_iframe: '<iframe src="https://book.example.com/w"></iframe>',
      short_description: 'Golden hour',
      seo_title: 'Sail | Bay',
      seo_description: 'Sail the bay.',
      category_id: category.id,
      featured_image_id: image.id,
      tag_ids: [tag.id],
    };
    const post = await createTestTour(t, original);
    await put(t.tokens.editor, post, { title: 'Changed', slug: 'changed', status: 'draft' });
    const [v1] = (await history(post)).items;
    const restored = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${post.id}/revisions/${v1!.id}/restore`,
    });
    expect(restored.statusCode).toBe(200);
    const { tags, featured_image, version, ...fields } = restored.json() as Post;
    const { tag_ids: _tagIds, ...originalFields } = original;
    expect(fields).toMatchObject(originalFields);
    expect(tags.map((tg) => tg.id)).toEqual([tag.id]);
    expect(featured_image?.id).toBe(image.id);
    expect(version).toBe(3);
    // The version the restore replaced is history too: undoing the restore brings 'Changed' back.
    const undo = (await history(post)).items[0]!;
    expect(undo.version).toBe(2);
    const back = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${post.id}/revisions/${undo.id}/restore`,
    });
    expect(back.json()).toMatchObject({ title: 'Changed', slug: 'changed', status: 'draft', version: 4 });
  });

  it('leaves out of a restore what was deleted since (a category, a tag, an image)', async () => {
    const category = await createTestTerm(t, 'categories', { name: 'Bay', slug: 'bay' });
    const tag = await createTestTerm(t, 'tags', { name: 'Sunset', slug: 'sunset' });
    const post = await createTestTour(t, { slug: 'sail', category_id: category.id, tag_ids: [tag.id] });
    await put(t.tokens.editor, post, { title: 'Changed', slug: 'sail' });
    await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/categories/${category.id}` });
    await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/tags/${tag.id}` });
    const [v1] = (await history(post)).items;
    const restored = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${post.id}/revisions/${v1!.id}/restore`,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ category_id: null, tags: [] });
  });

  it('answers 404 for a version of another post, an unknown version or post, and changes nothing', async () => {
    const a = await createTestTour(t, { slug: 'a' });
    const b = await createTestTour(t, { slug: 'b' });
    await put(t.tokens.editor, a, { title: 'A2', slug: 'a' });
    const [aVersion] = (await history(a)).items;
    for (const url of [
      `/api/posts/${b.id}/revisions/${aVersion!.id}/restore`,
      `/api/posts/${a.id}/revisions/999999/restore`,
      `/api/posts/999999/revisions/${aVersion!.id}/restore`,
    ]) {
      const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url });
      expect(res.statusCode, url).toBe(404);
    }
    expect(
      (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${b.id}/revisions/${aVersion!.id}` }))
        .statusCode,
    ).toBe(404);
    expect((await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${b.id}` })).json()).toMatchObject({
      version: 1,
    });
  });

  it('pages the history, 20 versions at a time, newest first', async () => {
    const post = await createTestTour(t, { slug: 'busy' });
    for (let n = 2; n <= 23; n++) await put(t.tokens.editor, post, { title: `Take ${n}`, slug: 'busy' });
    const first = await history(post);
    expect(first.total).toBe(22);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.version).toBe(22);
    const second = await history(post, 2);
    expect(second.items.map((item) => item.version)).toEqual([2, 1]);
    expect(
      (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${post.id}/revisions?page=0` }))
        .statusCode,
    ).toBe(422);
  });

  it('lets a plain user read the history but not restore', async () => {
    const post = await createTestTour(t, { slug: 'sail' });
    await put(t.tokens.editor, post, { title: 'Changed', slug: 'sail' });
    const [v1] = (await history(post)).items;
    expect(
      (
        await injectAs(t.app, t.tokens.user, {
          method: 'POST',
          url: `/api/posts/${post.id}/revisions/${v1!.id}/restore`,
        })
      ).statusCode,
    ).toBe(403);
    expect((await injectAs(t.app, null, { method: 'GET', url: `/api/posts/${post.id}/revisions` })).statusCode).toBe(
      401,
    );
  });
});
