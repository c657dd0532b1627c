import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Module, ModuleInput } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';

const banner: ModuleInput = {
  name: 'Summer hero',
  type: 'banner',
  heading: 'Island hopping',
  subtitle: 'Seven days, four islands',
  description: 'Our most loved tour.',
  video_url: null,
  button_label: 'Book now',
  button_link: 'https://tours.example.com/book?tour=islands',
};

async function createModule(t: TestApp, input: Record<string, unknown> = banner): Promise<Module> {
  const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/modules/', payload: input });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function listModules(t: TestApp): Promise<Module[]> {
  const res = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/modules/' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

forEachDialect('modules', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  it('creates a module and answers 201 with the whole object', async () => {
    const created = await createModule(t);
    expect(created).toEqual({
      id: expect.any(Number),
      ...banner,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await listModules(t)).toEqual([created]);
  });

  it('stores blank optional fields as null', async () => {
    const created = await createModule(t, {
      name: 'Plain',
      type: 'text',
      heading: '',
      video_url: '',
      button_link: '   ',
    });
    expect(created).toMatchObject({ type: 'text', heading: null, subtitle: null, video_url: null, button_link: null });
  });

  it('refuses a module without a type with 422 naming the field, on create and update, and saves nothing', async () => {
    const create = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/modules/',
      payload: { name: 'No type' },
    });
    expect(create.statusCode).toBe(422);
    expect(create.json()).toEqual({
      detail: 'Type is required',
      errors: [{ field: 'type', message: 'Type is required' }],
    });
    expect(await listModules(t)).toEqual([]);
    const existing = await createModule(t);
    const update = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/modules/${existing.id}`,
      payload: { name: 'No type' },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual([{ field: 'type', message: 'Type is required' }]);
    expect(await listModules(t)).toEqual([existing]);
  });

  it('updates a module and answers 200 with the whole object', async () => {
    const { id, created_at } = await createModule(t);
    const changes = {
      ...banner,
      name: 'Intro video',
      type: 'video',
      video_url: 'http://videos.example.com/intro.mp4',
      button_link: null,
    };
    const res = await injectAs(t.app, t.tokens.editor, { method: 'PUT', url: `/api/modules/${id}`, payload: changes });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, ...changes, created_at, updated_at: expect.any(String) });
    expect((await listModules(t))[0]).toMatchObject({ name: 'Intro video', type: 'video' });
  });

  it('deletes a module, then answers 404 for it', async () => {
    const { id } = await createModule(t);
    expect((await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/modules/${id}` })).statusCode).toBe(
      204,
    );
    expect(await listModules(t)).toEqual([]);
    const again = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/modules/${id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Module not found' });
  });

  it('answers 404 when updating an unknown module', async () => {
    const res = await injectAs(t.app, t.tokens.editor, { method: 'PUT', url: '/api/modules/999', payload: banner });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Module not found' });
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', 'Name is required'],
    ['a blank name', { name: '  ' }, 'name', 'Name is required'],
    ['an unknown type', { type: 'carousel' }, 'type', 'Type must be one of banner, heading, video, button, text'],
    [
      'a javascript: button link',
      { button_link: 'javascript:alert(document.cookie)' },
      'button_link',
      'Button link must be a web address starting with http:// or https://',
    ],
    [
      'a JavaScript: link in capitals',
      { button_link: 'JavaScript:alert(1)' },
      'button_link',
      'Button link must be a web address starting with http:// or https://',
    ],
    [
      'a data: video URL',
      { video_url: 'data:text/html,<script>alert(1)</script>' },
      'video_url',
      'Video URL must be a web address starting with http:// or https://',
    ],
    [
      'a relative button link',
      { button_link: '/book' },
      'button_link',
      'Button link must be a web address starting with http:// or https://',
    ],
  ])('refuses %s with 422 and stores nothing', async (_case, change, field, message) => {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/modules/',
      payload: { ...banner, ...change },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await listModules(t)).toEqual([]);
  });

  it('refuses a javascript: link on update and keeps the module as it was', async () => {
    const created = await createModule(t);
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/modules/${created.id}`,
      payload: { ...banner, button_link: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(422);
    expect(await listModules(t)).toEqual([created]);
  });

  it('lets a plain user read modules but not write them', async () => {
    const created = await createModule(t);
    const post = await injectAs(t.app, t.tokens.user, { method: 'POST', url: '/api/modules/', payload: banner });
    expect(post.statusCode).toBe(403);
    const del = await injectAs(t.app, t.tokens.user, { method: 'DELETE', url: `/api/modules/${created.id}` });
    expect(del.statusCode).toBe(403);
    expect(await listModules(t)).toEqual([created]);
    expect((await t.app.inject({ method: 'GET', url: '/api/modules/' })).statusCode).toBe(401);
  });
});
