import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SITE_CLASSES_MAX } from './site-styles.js';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { createTestComponent, createTestPage, createTestTour } from '../test/page-fixtures.js';

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The srcdoc of a page's frame, unescaped. */
function frameDocumentOf(res: LightMyRequestResponse): string {
  const match = /<iframe [^>]*srcdoc="([^"]*)"/.exec(res.body);
  if (!match) throw new Error(`no srcdoc frame in ${res.body.slice(0, 300)}`);
  return match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

const linksOf = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!);

/** The one compiled stylesheet a document links. */
function stylesheetOf(html: string): string {
  const [href, ...rest] = linksOf(html).filter((link) => link.startsWith('/vendor/site/styles-'));
  expect(rest).toEqual([]);
  return href!;
}

forEachDialect('compiled site styles', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  it('serves the stylesheet a page links for a year, compressed, with its ETag, to frames of any origin', async () => {
    await createTestPage(t, { slug: 'home', status: 'published', content: '<h1 class="text-4xl font-extrabold md:text-5xl">Sail</h1>' });
    const href = stylesheetOf(frameDocumentOf(await get(t, '/')));
    const plain = await get(t, href);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    for (const rule of ['.text-4xl{', '.font-extrabold{', '.md\\:text-5xl{']) expect(plain.body).toContain(rule);
    const br = await get(t, href, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect((await get(t, href, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode).toBe(304);
    const unknown = await get(t, '/vendor/site/styles-AAAAAAAAAAAAAAAA.css');
    expect(unknown.statusCode).toBe(404);
  });

  it("changes the stylesheet's name, and every page that links it, when a component's classes are edited", async () => {
    const header = await createTestComponent(t, { name: 'Header', type: 'header', content: '<header class="bg-sky-700">Bay</header>', is_common: true, is_active: true });
    await createTestPage(t, { slug: 'home', status: 'published', content: '<p class="text-lg">Home</p>' });
    await createTestPage(t, { slug: 'about', status: 'published', content: '<p>About</p>' });
    const homeBefore = await get(t, '/');
    const aboutBefore = await get(t, '/about');
    const before = stylesheetOf(frameDocumentOf(homeBefore));
    expect(stylesheetOf(frameDocumentOf(aboutBefore))).toBe(before);
    expect((await get(t, before)).body).toContain('.bg-sky-700{');

    const edit = { name: 'Header', type: 'header', content: '<header class="bg-orange-700 px-6">Bay</header>', is_common: true, is_active: true };
    expect((await injectAs(t.app, t.tokens.editor, { method: 'PUT', url: `/api/components/${header.id}`, payload: edit })).statusCode).toBe(200);

    const homeAfter = await get(t, '/', { 'if-none-match': homeBefore.headers.etag as string });
    const aboutAfter = await get(t, '/about', { 'if-none-match': aboutBefore.headers.etag as string });
    expect(homeAfter.statusCode).toBe(200);
    expect(aboutAfter.statusCode).toBe(200);
    const after = stylesheetOf(frameDocumentOf(homeAfter));
    expect(after).not.toBe(before);
    expect(stylesheetOf(frameDocumentOf(aboutAfter))).toBe(after);
    const css = (await get(t, after)).body;
    expect(css).toContain('.bg-orange-700{');
    expect(css).toContain('.px-6{');
    expect(css).not.toContain('.bg-sky-700{');
    // The frames of a tour page link the new one too.
    expect(stylesheetOf((await get(t, '/frame/site/header')).body)).toBe(after);
  });

  it('compiles the classes of published pages and tours only, not of drafts', async () => {
    await createTestPage(t, { slug: 'home', status: 'published', content: '<p class="text-lg">Home</p>' });
    const draft = await createTestPage(t, { title: 'Soon', slug: 'soon', status: 'draft', content: '<p class="text-7xl">Soon</p>' });
    await createTestTour(t, { slug: 'sunset', content: '<div class="rounded-3xl p-9">On deck</div>' });
    let css = (await get(t, stylesheetOf(frameDocumentOf(await get(t, '/'))))).body;
    expect(css).toContain('.rounded-3xl{');
    expect(css).not.toContain('.text-7xl{');
    expect(stylesheetOf((await get(t, '/frame/site/tour/sunset')).body)).toBe(stylesheetOf(frameDocumentOf(await get(t, '/'))));

    await injectAs(t.app, t.tokens.editor, { method: 'PUT', url: `/api/pages/${draft.id}`, payload: { title: 'Soon', slug: 'soon', status: 'published', content: '<p class="text-7xl">Soon</p>' } });
    css = (await get(t, stylesheetOf(frameDocumentOf(await get(t, '/soon'))))).body;
    expect(css).toContain('.text-7xl{');
  });

  it("loads Font Awesome's cut-down styles and fonts only on pages that use its classes", async () => {
    await createTestPage(t, { slug: 'home', status: 'published', content: '<p><i class="fa-solid fa-phone" aria-hidden="true"></i> Call us</p>' });
    await createTestPage(t, { slug: 'plain', status: 'published', content: '<p class="text-lg">No icons here</p>' });
    const withIcons = linksOf(frameDocumentOf(await get(t, '/')));
    const icons = withIcons.find((href) => href.startsWith('/vendor/site/icons-'))!;
    expect(icons).toBeDefined();
    expect(linksOf(frameDocumentOf(await get(t, '/plain')))).toEqual([stylesheetOf(frameDocumentOf(await get(t, '/plain')))]);
    const css = (await get(t, icons)).body;
    expect(css).toContain('.fa-phone{');
    const font = /url\((\/vendor\/site\/fa-solid-[\w-]+\.woff2)\)/.exec(css)![1]!;
    const res = await get(t, font, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.rawPayload.length).toBeLessThan(4096);
  });

  it('publishes and renders a page with more distinct classes than the compiler takes, on the last good stylesheet', async () => {
    await createTestPage(t, { slug: 'home', status: 'published', content: '<p class="text-lg">Home</p>' });
    const good = stylesheetOf(frameDocumentOf(await get(t, '/')));
    const classes = Array.from({ length: SITE_CLASSES_MAX + 1 }, (_, i) => `w-[${i}px]`).join(' ');
    await createTestPage(t, { slug: 'huge', status: 'published', content: `<p class="${classes}">Many</p>` });
    const huge = await get(t, '/huge');
    expect(huge.statusCode).toBe(200);
    expect(stylesheetOf(frameDocumentOf(huge))).toBe(good);
    expect(stylesheetOf(frameDocumentOf(await get(t, '/')))).toBe(good);
    expect((await get(t, good)).statusCode).toBe(200);
  });
});
