import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TAXONOMY_KINDS, type TaxonomyInput, type TaxonomyItem, type TaxonomyKind } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';

let counter = 0;

/** Creates a category or tag through the API as the editor; the slug is unique unless given. */
async function createItem(
  t: TestApp,
  kind: TaxonomyKind,
  overrides: Partial<TaxonomyInput> = {},
): Promise<TaxonomyItem> {
  counter += 1;
  const res = await injectAs(t.app, t.tokens.editor, {
    method: 'POST',
    url: `/api/${kind}/`,
    payload: { name: `Item ${counter}`, slug: `item-${counter}`, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

forEachDialect('taxonomy', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  describe.each(TAXONOMY_KINDS)('/%s/', (kind) => {
    const label = kind === 'categories' ? 'Category' : 'Tag';
    const lower = label.toLowerCase();

    it('creates an item and answers it whole with 201', async () => {
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: `/api/${kind}/`,
        payload: { name: 'Boat Tours', slug: 'boat-tours', description: 'On the water', parent_id: null },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        name: 'Boat Tours',
        slug: 'boat-tours',
        description: 'On the water',
        parent_id: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        updated_at: expect.any(String),
        language: 'en',
        translations: [],
      });
    });

    it('lists items by name for any signed-in user, on both base paths', async () => {
      await createItem(t, kind, { name: 'walking', slug: 'walking' });
      await createItem(t, kind, { name: 'Boat', slug: 'boat' });
      for (const base of ['/api', '/admin_vendor_api/api']) {
        const res = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `${base}/${kind}/` });
        expect(res.statusCode).toBe(200);
        expect(res.json().map((item: TaxonomyItem) => item.name)).toEqual(['Boat', 'walking']);
      }
    });

    it('updates an item and answers it whole', async () => {
      const item = await createItem(t, kind);
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/${kind}/${item.id}`,
        payload: { name: 'Renamed', slug: item.slug, description: '' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: item.id,
        name: 'Renamed',
        slug: item.slug,
        description: null,
        created_at: item.created_at,
      });
    });

    it('deletes an item with 204, after which it is not found', async () => {
      const item = await createItem(t, kind);
      const del = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/${kind}/${item.id}` });
      expect(del.statusCode).toBe(204);
      const get = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/${kind}/${item.id}` });
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ detail: `${label} not found` });
    });

    it('answers 404 for an unknown id on read, update and delete', async () => {
      const payload = { name: 'X', slug: 'x' };
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await injectAs(t.app, t.tokens.editor, {
          method,
          url: `/api/${kind}/999`,
          ...(method === 'PUT' ? { payload } : {}),
        });
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toEqual({ detail: `${label} not found` });
      }
    });

    it('refuses a missing name or slug, and a slug outside the rule, with 422 naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ slug: 'a' }, 'name'],
        [{ name: '   ', slug: 'a' }, 'name'],
        [{ name: 'A' }, 'slug'],
        [{ name: 'A', slug: 'Not A Slug!' }, 'slug'],
      ];
      for (const [payload, field] of cases) {
        const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: `/api/${kind}/`, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
        expect(res.json().detail).toEqual(expect.any(String));
      }
      const list = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/${kind}/` });
      expect(list.json()).toEqual([]);
    });

    it('refuses a duplicate slug with 409, on create and on update', async () => {
      const first = await createItem(t, kind, { slug: 'boat' });
      const second = await createItem(t, kind, { slug: 'bus' });
      const create = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: `/api/${kind}/`,
        payload: { name: 'Boat 2', slug: 'boat' },
      });
      expect(create.statusCode).toBe(409);
      expect(create.json()).toMatchObject({ detail: `A ${lower} with this slug already exists` });
      const update = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/${kind}/${second.id}`,
        payload: { name: 'Bus', slug: first.slug },
      });
      expect(update.statusCode).toBe(409);
      const unchanged = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/${kind}/${second.id}` });
      expect(unchanged.json().slug).toBe('bus');
    });

    it('keeps slugs unique per kind only: a category and a tag may share one', async () => {
      const other: TaxonomyKind = kind === 'categories' ? 'tags' : 'categories';
      await createItem(t, other, { slug: 'shared' });
      await createItem(t, kind, { slug: 'shared' });
    });

    it('accepts a top-level parent and answers parent_id', async () => {
      const parent = await createItem(t, kind);
      const child = await createItem(t, kind, { parent_id: parent.id });
      expect(child.parent_id).toBe(parent.id);
    });

    it('refuses an unknown parent with 422', async () => {
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: `/api/${kind}/`,
        payload: { name: 'A', slug: 'a', parent_id: 999 },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: `Parent ${lower} 999 does not exist`,
        errors: [{ field: 'parent_id', message: `Parent ${lower} 999 does not exist` }],
      });
    });

    it('refuses a parent that is itself a child (parents are one level deep)', async () => {
      const top = await createItem(t, kind);
      const child = await createItem(t, kind, { parent_id: top.id });
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: `/api/${kind}/`,
        payload: { name: 'A', slug: 'a', parent_id: child.id },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        { field: 'parent_id', message: `The parent must be a top-level ${lower}, not a child of another` },
      ]);
    });

    it('refuses an item as its own parent', async () => {
      const item = await createItem(t, kind);
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/${kind}/${item.id}`,
        payload: { name: item.name, slug: item.slug, parent_id: item.id },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(`A ${lower} cannot be its own parent`);
    });

    it('refuses to put an item that has children under another', async () => {
      const parent = await createItem(t, kind);
      await createItem(t, kind, { parent_id: parent.id });
      const other = await createItem(t, kind);
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/${kind}/${parent.id}`,
        payload: { name: parent.name, slug: parent.slug, parent_id: other.id },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].field).toBe('parent_id');
    });

    it('makes the children of a deleted parent top-level', async () => {
      const parent = await createItem(t, kind);
      const child = await createItem(t, kind, { parent_id: parent.id });
      const del = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/${kind}/${parent.id}` });
      expect(del.statusCode).toBe(204);
      const res = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/${kind}/${child.id}` });
      expect(res.json().parent_id).toBeNull();
    });

    it('refuses a non-integer id with 422', async () => {
      const res = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/${kind}/abc` });
      expect(res.statusCode).toBe(422);
    });

    it('lets a user read but not write, and a visitor do neither', async () => {
      const item = await createItem(t, kind);
      const read = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/${kind}/${item.id}` });
      expect(read.statusCode).toBe(200);
      const payload = { name: 'A', slug: 'a' };
      const writes = [
        { method: 'POST' as const, url: `/api/${kind}/`, payload },
        { method: 'PUT' as const, url: `/api/${kind}/${item.id}`, payload },
        { method: 'DELETE' as const, url: `/api/${kind}/${item.id}` },
      ];
      for (const request of writes) {
        const res = await injectAs(t.app, t.tokens.user, request);
        expect(res.statusCode, request.method).toBe(403);
        expect(res.json()).toEqual({ detail: 'You do not have permission to do this' });
      }
      const anonymous = await injectAs(t.app, null, { method: 'GET', url: `/api/${kind}/` });
      expect(anonymous.statusCode).toBe(401);
      const after = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/${kind}/` });
      expect(after.json()).toEqual([item]);
    });
  });

  it('leaves the posts of a deleted category uncategorised', async () => {
    const category = await createItem(t, 'categories');
    const create = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      payload: { title: 'Boat', slug: 'boat', category_id: category.id },
    });
    expect(create.json().category_id).toBe(category.id);
    const del = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/categories/${category.id}` });
    expect(del.statusCode).toBe(204);
    const post = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/posts/${create.json().id}` });
    expect(post.statusCode).toBe(200);
    expect(post.json().category_id).toBeNull();
  });
});
