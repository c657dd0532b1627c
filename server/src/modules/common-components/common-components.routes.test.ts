import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Component, ComponentInput } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';

const header: ComponentInput = {
  name: 'Main Header',
  type: 'header',
  content:
    '<header class="bg-white shadow"><nav data-dropdown><button data-dropdown-toggle>Tours</button>' +
    '<ul data-dropdown-menu class="hidden"><li><a href="/crete">Crete</a></li></ul></nav>' +
    '<script>document.body.dataset.ready = "1"</script></header>',
  description: 'The header of every page',
  is_common: true,
  is_active: true,
};

async function create(t: TestApp, input: Record<string, unknown> = header): Promise<Component> {
  const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/components/', payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function get(t: TestApp, url: string, token: string | null = t.tokens.user) {
  return injectAs(t.app, token, { method: 'GET', url });
}

forEachDialect('components', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  describe('create', () => {
    it('answers 201 with the whole component, the slug made from the name and the content kept byte for byte', async () => {
      const created = await create(t);
      expect(created).toEqual({
        id: expect.any(Number),
        ...header,
        slug: 'main-header',
        version: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        text_updated_at: expect.any(String),
        language: 'en',
        translations: [],
      });
    });

    it('defaults the type to header and both flags to true, and stores a blank description as null', async () => {
      const created = await create(t, { name: 'Bare', content: '<p>Hi</p>', description: '  ' });
      expect(created).toMatchObject({
        type: 'header',
        is_common: true,
        is_active: true,
        description: null,
        slug: 'bare',
      });
    });

    it('takes a slug given by the client', async () => {
      expect(await create(t, { ...header, slug: 'top-bar' })).toMatchObject({ slug: 'top-bar' });
    });

    it('answers 409 when another component already has the slug the name gives', async () => {
      await create(t);
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/components/',
        payload: { ...header, name: 'main  header!' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        detail: 'A component with this slug already exists',
        errors: [{ field: 'slug' }],
      });
    });

    it.each([
      [{ ...header, name: '   ' }, 'name', 'Name is required'],
      [{ ...header, content: '' }, 'content', 'Content is required'],
      [{ ...header, content: ' \n ' }, 'content', 'Content is required'],
      [{ ...header, type: 'banner' }, 'type', 'Type must be one of header, footer, navigation, sidebar'],
      [{ ...header, is_common: 'yes' }, 'is_common', 'is_common must be true or false'],
      [{ ...header, slug: 'Not A Slug' }, 'slug', 'Slug may contain only lowercase letters, digits and single hyphens'],
      [{ ...header, name: '!!!' }, 'name', 'Name must contain at least one letter or digit'],
      [{ type: 'footer' }, 'name', 'Name is required'],
    ])('answers 422 naming the field for %j', async (payload, field, message) => {
      const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/components/', payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toContainEqual({ field, message });
    });

    it('refuses writes from a plain user (403) and from nobody (401)', async () => {
      expect(
        (await injectAs(t.app, t.tokens.user, { method: 'POST', url: '/api/components/', payload: header })).statusCode,
      ).toBe(403);
      expect(
        (await injectAs(t.app, null, { method: 'POST', url: '/api/components/', payload: header })).statusCode,
      ).toBe(401);
    });
  });

  describe('read', () => {
    it('lists every component for a signed-in user, and filters on ?is_common', async () => {
      const common = await create(t);
      const local = await create(t, { ...header, name: 'Landing nav', type: 'navigation', is_common: false });
      const all = await get(t, '/api/components/');
      expect(all.statusCode).toBe(200);
      expect((all.json() as Component[]).map((c) => c.id).sort()).toEqual([common.id, local.id].sort());
      expect((await get(t, '/api/components/?is_common=true')).json()).toEqual([common]);
      expect((await get(t, '/api/components/?is_common=false')).json()).toEqual([local]);
      expect((await get(t, '/api/components/?is_common=maybe')).statusCode).toBe(422);
      expect((await get(t, '/api/components/', null)).statusCode).toBe(401);
    });

    it('answers /components/common without a token, with active common components only', async () => {
      const live = await create(t);
      await create(t, { ...header, name: 'Old footer', type: 'footer', is_active: false });
      await create(t, { ...header, name: 'Promo sidebar', type: 'sidebar', is_common: false });
      const res = await get(t, '/api/components/common', null);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([live]);
      expect((await get(t, '/admin_vendor_api/api/components/common/', null)).json()).toEqual([live]);
    });

    it('finds one component by id or by slug, and answers 404 "Component not found" otherwise', async () => {
      const created = await create(t);
      expect((await get(t, `/api/components/${created.id}`)).json()).toEqual(created);
      expect((await get(t, '/api/components/main-header')).json()).toEqual(created);
      for (const missing of ['/api/components/9999', '/api/components/no-such-thing']) {
        const res = await get(t, missing);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Component not found' });
      }
    });

    it('finds a component whose slug is all digits when no id matches', async () => {
      const created = await create(t, { ...header, name: '2026' });
      expect((await get(t, '/api/components/2026')).json()).toEqual(created);
    });
  });

  describe('update', () => {
    it('replaces every field and answers 200 with the whole component; the slug follows a new name', async () => {
      const { id, created_at } = await create(t);
      const changes = {
        name: 'Site Footer',
        type: 'footer',
        content: '<footer>©</footer>',
        description: null,
        is_common: false,
        is_active: false,
      };
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/components/${id}`,
        payload: changes,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id,
        ...changes,
        slug: 'site-footer',
        version: 2,
        created_at,
        updated_at: expect.any(String),
        text_updated_at: expect.any(String),
        language: 'en',
        translations: [],
      });
    });

    it('keeps the slug when the name is unchanged, even if the slug was chosen by hand', async () => {
      const { id } = await create(t, { ...header, slug: 'top-bar' });
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/components/${id}`,
        payload: { ...header, content: '<p>new</p>' },
      });
      expect(res.json()).toMatchObject({ slug: 'top-bar', content: '<p>new</p>' });
    });

    it("answers 409 when the new name takes another component's slug, and 404 for an unknown id", async () => {
      await create(t);
      const other = await create(t, { ...header, name: 'Footer' });
      const clash = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/components/${other.id}`,
        payload: header,
      });
      expect(clash.statusCode).toBe(409);
      const missing = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: '/api/components/9999',
        payload: header,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Component not found' });
      const badId = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: '/api/components/abc',
        payload: header,
      });
      expect(badId.statusCode).toBe(422);
    });
  });

  describe('delete', () => {
    it('answers 204, then 404 for the same id', async () => {
      const { id } = await create(t);
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/components/${id}` })).statusCode,
      ).toBe(204);
      expect((await get(t, `/api/components/${id}`)).statusCode).toBe(404);
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/components/${id}` })).statusCode,
      ).toBe(404);
      expect(
        (await injectAs(t.app, t.tokens.user, { method: 'DELETE', url: `/api/components/${id}` })).statusCode,
      ).toBe(403);
    });
  });

  describe('duplicate', () => {
    it('copies a component as "… (copy)" with a fresh unique slug, inactive, and answers 201', async () => {
      const source = await create(t);
      const dup = async () => {
        const res = await injectAs(t.app, t.tokens.editor, {
          method: 'POST',
          url: `/api/components/${source.id}/duplicate`,
        });
        expect(res.statusCode).toBe(201);
        return res.json() as Component;
      };
      const first = await dup();
      expect(first).toEqual({
        ...source,
        id: expect.any(Number),
        name: 'Main Header (copy)',
        slug: 'main-header-copy',
        is_active: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        text_updated_at: expect.any(String),
      });
      expect(first.id).not.toBe(source.id);
      expect((await dup()).slug).toBe('main-header-copy-2');
      expect((await dup()).slug).toBe('main-header-copy-3');
      expect((await get(t, '/api/components/')).json()).toHaveLength(4);
      // The copies are not on the live site.
      expect((await get(t, '/api/components/common', null)).json()).toEqual([source]);
    });

    it('keeps a copy of a name at the length limit within it', async () => {
      const source = await create(t, { ...header, name: 'N'.repeat(100) });
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: `/api/components/${source.id}/duplicate`,
      });
      expect(res.json().name).toBe(`${'N'.repeat(93)} (copy)`);
    });

    it('answers 404 for an unknown id and 403 for a plain user', async () => {
      const missing = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/components/9999/duplicate' });
      expect(missing.statusCode).toBe(404);
      const { id } = await create(t);
      expect(
        (await injectAs(t.app, t.tokens.user, { method: 'POST', url: `/api/components/${id}/duplicate` })).statusCode,
      ).toBe(403);
    });
  });
});
