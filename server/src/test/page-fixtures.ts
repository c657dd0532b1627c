import { expect } from 'vitest';
import type {
  Component,
  ComponentInput,
  MediaItem,
  Page,
  PageInput,
  Post,
  PostInput,
  TaxonomyItem,
} from '@tours-cms/contract';
import { injectAs, type TestApp } from './test-app.js';
import { multipartBody } from './media-fixtures.js';

let counter = 0;

/** Creates a page through the API as the editor; title and slug are unique unless given. */
export async function createTestPage(t: TestApp, overrides: Partial<PageInput> = {}): Promise<Page> {
  counter += 1;
  const res = await injectAs(t.app, t.tokens.editor, {
    method: 'POST',
    url: '/api/pages/',
    payload: { title: `Page ${counter}`, slug: `page-${counter}`, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Uploads a file to the media library as the editor. */
export async function uploadTestMedia(t: TestApp, filename: string, content: Buffer): Promise<MediaItem> {
  const { payload, headers } = multipartBody([{ name: 'file', filename, content }]);
  const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/media/upload', payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Creates a common component through the API as the editor. */
export async function createTestComponent(t: TestApp, input: ComponentInput): Promise<Component> {
  const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/components/', payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let tourCounter = 0;

/** Creates a post (a tour) through the API as the editor, published unless told otherwise. */
export async function createTestTour(t: TestApp, overrides: Partial<PostInput> = {}): Promise<Post> {
  tourCounter += 1;
  const res = await injectAs(t.app, t.tokens.editor, {
    method: 'POST',
    url: '/api/posts/',
    payload: { title: `Tour ${tourCounter}`, slug: `tour-${tourCounter}`, status: 'published', ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Creates a category or a tag through the API as the editor. */
export async function createTestTerm(
  t: TestApp,
  kind: 'categories' | 'tags',
  input: { name: string; slug: string; description?: string },
): Promise<TaxonomyItem> {
  const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: `/api/${kind}/`, payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Puts the site in English, German and Portuguese (Portugal), English the default: the languages tests' site. */
export async function useTestLanguages(t: TestApp): Promise<void> {
  const res = await injectAs(t.app, t.tokens.admin, {
    method: 'PUT',
    url: '/api/settings',
    payload: { site_name: 'Lisbon Walks', currency: 'EUR', default_language: 'en', languages: ['en', 'de', 'pt-PT'] },
  });
  expect(res.statusCode, res.body).toBe(200);
}
