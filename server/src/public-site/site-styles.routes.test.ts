import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SITE_CLASSES_MAX } from './styles/site-styles.js';
import { STYLE_BLOCKS_MAX_CHARS, STYLE_NESTING_MAX } from './styles/style-limits.js';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { createTestComponent, createTestPage, createTestTour } from '../test/page-fixtures.js';

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The srcdoc of a page's frame, unescaped. */
function frameDocumentOf(res: LightMyRequestResponse): string {
  const match = /<iframe [^>]*srcdoc="([^"]*)"/.exec(res.body);
  if (!match) throw new Error(`no srcdoc frame in ${res.body.slice(0, 300)}`);
  return match[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

const linksOf = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!);

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
    await createTestPage(t, {
      slug: 'home',
      status: 'published',
      content: '<h1 class="text-4xl font-extrabold md:text-5xl">Sail</h1>',
    });
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
    expect(
      (await get(t, href, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode,
    ).toBe(304);
    const unknown = await get(t, '/vendor/site/styles-AAAAAAAAAAAAAAAA.css');
    expect(unknown.statusCode).toBe(404);
  });

  it("changes the stylesheet's name, and every page that links it, when a component's classes are edited", async () => {
    const header = await createTestComponent(t, {
      name: 'Header',
      type: 'header',
      content: '<header class="bg-sky-700">Bay</header>',
      is_common: true,
      is_active: true,
    });
    await createTestPage(t, { slug: 'home', status: 'published', content: '<p class="text-lg">Home</p>' });
    await createTestPage(t, { slug: 'about', status: 'published', content: '<p>About</p>' });
    const homeBefore = await get(t, '/');
    const aboutBefore = await get(t, '/about');
    const before = stylesheetOf(frameDocumentOf(homeBefore));
    expect(stylesheetOf(frameDocumentOf(aboutBefore))).toBe(before);
    expect((await get(t, before)).body).toContain('.bg-sky-700{');

    const edit = {
      name: 'Header',
      type: 'header',
      content: '<header class="bg-orange-700 px-6">Bay</header>',
      is_common: true,
      is_active: true,
    };
    expect(
      (await injectAs(t.app, t.tokens.editor, { method: 'PUT', url: `/api/components/${header.id}`, payload: edit }))
        .statusCode,
    ).toBe(200);

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
    const draft = await createTestPage(t, {
      title: 'Soon',
      slug: 'soon',
      status: 'draft',
      content: '<p class="text-7xl">Soon</p>',
    });
    await createTestTour(t, { slug: 'sunset', content: '<div class="rounded-3xl p-9">On deck</div>' });
    let css = (await get(t, stylesheetOf(frameDocumentOf(await get(t, '/'))))).body;
    expect(css).toContain('.rounded-3xl{');
    expect(css).not.toContain('.text-7xl{');
    expect(stylesheetOf((await get(t, '/frame/site/tour/sunset')).body)).toBe(
      stylesheetOf(frameDocumentOf(await get(t, '/'))),
    );

    await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${draft.id}`,
      payload: { title: 'Soon', slug: 'soon', status: 'published', content: '<p class="text-7xl">Soon</p>' },
    });
    css = (await get(t, stylesheetOf(frameDocumentOf(await get(t, '/soon'))))).body;
    expect(css).toContain('.text-7xl{');
  });

  it("loads Font Awesome's cut-down styles and fonts only on pages that use its classes", async () => {
    await createTestPage(t, {
      slug: 'home',
      status: 'published',
      content: '<p><i class="fa-solid fa-phone" aria-hidden="true"></i> Call us</p>',
    });
    await createTestPage(t, { slug: 'plain', status: 'published', content: '<p class="text-lg">No icons here</p>' });
    const withIcons = linksOf(frameDocumentOf(await get(t, '/')));
    const icons = withIcons.find((href) => href.startsWith('/vendor/site/icons-'))!;
    expect(icons).toBeDefined();
    expect(linksOf(frameDocumentOf(await get(t, '/plain')))).toEqual([
      stylesheetOf(frameDocumentOf(await get(t, '/plain'))),
    ]);
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

  /** The CSS a document carries inline, compiled from its own Tailwind blocks; null when it has none. */
  const inlineCssOf = (html: string) => /<style data-page-styles>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? null;

  it('compiles a page\'s own <style type="text/tailwindcss"> blocks with its classes, as the previews\' browser build does', async () => {
    const block =
      '<style type="text/tailwindcss">@theme { --color-lagoon: #0a7e8c; } .ticket { @apply rounded-xl p-5; }</style>';
    await createTestPage(t, {
      slug: 'home',
      status: 'published',
      content: `${block}<div class="ticket bg-lagoon text-white">Board at nine</div>`,
    });
    await createTestPage(t, { slug: 'plain', status: 'published', content: '<p class="text-lg">Plain</p>' });
    const frame = frameDocumentOf(await get(t, '/'));
    const css = inlineCssOf(frame)!;
    expect(css).toContain('--color-lagoon:#0a7e8c');
    expect(css).toContain('.bg-lagoon{background-color:var(--color-lagoon)}');
    expect(css).toMatch(/\.ticket\{[^}]*border-radius:var\(--radius-xl\)/);
    expect(css).toContain('.text-white{');
    // In place of the site's stylesheet, which knows no `bg-lagoon`; other pages keep linking that one.
    expect(linksOf(frame).filter((href) => href.startsWith('/vendor/site/styles-'))).toEqual([]);
    const plain = frameDocumentOf(await get(t, '/plain'));
    expect(inlineCssOf(plain)).toBeNull();
    expect((await get(t, stylesheetOf(plain))).body).not.toContain('lagoon');

    // A tour's content and the common header get theirs the same way.
    await createTestTour(t, { slug: 'sunset', content: `${block}<p class="ticket">Deck</p>` });
    expect(inlineCssOf((await get(t, '/frame/site/tour/sunset')).body)).toMatch(/\.ticket\{/);
    await createTestComponent(t, {
      name: 'Header',
      type: 'header',
      content: `${block}<header class="bg-lagoon">Bay</header>`,
      is_common: true,
      is_active: true,
    });
    expect(inlineCssOf((await get(t, '/frame/site/header')).body)).toContain('.bg-lagoon{');
    expect(inlineCssOf(frameDocumentOf(await get(t, '/plain')))).toContain('.bg-lagoon{');
  });

  it("never lets a page's Tailwind blocks read the server's files or load modules, and still renders the page", async () => {
    for (const [slug, css] of [
      ['file', '@import "/etc/passwd";'],
      ['relative', '@import "../../package.json";'],
      ['plugin', '@import "tailwindcss"; @plugin "@tailwindcss/typography";'],
      ['config', '@import "tailwindcss"; @config "../../tailwind.config.js";'],
      ['broken', '@theme { color: red; }'],
    ] as const) {
      await createTestPage(t, {
        slug,
        status: 'published',
        content: `<style type="text/tailwindcss">${css}</style><p class="text-lg">${slug}</p>`,
      });
      const res = await get(t, `/${slug}`);
      expect(res.statusCode).toBe(200);
      const frame = frameDocumentOf(res);
      // The site's stylesheet instead, and nothing of the file named.
      expect(inlineCssOf(frame)).toBeNull();
      expect((await get(t, stylesheetOf(frame))).body).toContain('.text-lg{');
      expect(frame).not.toContain('root:x:0:0');
    }
  });

  it("keeps a </style> inside a page's compiled CSS from ending its style element", async () => {
    // `\3c` is `<` in CSS: a minifier may write it out as the character.
    const block = String.raw`<style type="text/tailwindcss">.note::after { content: "\3c/style><b id=escaped>"; }</style>`;
    await createTestPage(t, { slug: 'home', status: 'published', content: `${block}<p class="note">Note</p>` });
    const css = inlineCssOf(frameDocumentOf(await get(t, '/')))!;
    // The minifier wrote `<` out; escaped as `\\/`, which a CSS string reads as `/`, the rule ends where it should.
    expect(css).toContain(String.raw`.note:after{content:"<\/style><b id=escaped>"}`);
  });

  it("leaves out a page's style blocks that ask too much, renders it on the site's stylesheet, and tells its editor why", async () => {
    const deep = `${'.a { '.repeat(STYLE_NESTING_MAX + 1)}color: red;${' }'.repeat(STYLE_NESTING_MAX + 1)}`;
    for (const [slug, css, reason] of [
      // 200,000 classes ran the server out of memory; 30,000 held every request for 2.4 s.
      ['range', '@source inline("p-{0..100000}");', 'makes 100,001 classes; at most 2,000 are compiled'],
      ['ranges', '@source inline("{sm:,md:,lg:}m-{0..100}-{0..100}");', 'makes 30,603 classes'],
      ['imports', '@import "tailwindcss";'.repeat(5), 'imports more than 4 stylesheets'],
      ['deep', deep, `nested more than ${STYLE_NESTING_MAX} levels deep`],
      ['huge', `.x { color: red; }${' '.repeat(STYLE_BLOCKS_MAX_CHARS)}`, 'at most 100,000 are compiled'],
    ] as const) {
      const content = `<style type="text/tailwindcss">${css}</style><p class="text-lg">${slug}</p>`;
      await createTestPage(t, { slug, status: 'published', content });
      const res = await get(t, `/${slug}`);
      expect(res.statusCode).toBe(200);
      const frame = frameDocumentOf(res);
      expect(inlineCssOf(frame)).toBeNull();
      expect((await get(t, stylesheetOf(frame))).body).toContain('.text-lg{');
      const check = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/site-styles/check',
        payload: { html: content },
      });
      expect(check.statusCode).toBe(200);
      const { problem } = check.json<{ problem: string }>();
      expect(problem).toMatch(/^This style block was not applied: /);
      expect(problem).toContain(reason);
    }
    expect((await get(t, '/healthz')).statusCode).toBe(200);
  });

  it('tells the editor that style blocks within the limits apply, and answers editors only', async () => {
    const html = '<style type="text/tailwindcss">@source inline("bg-sky-{100..900..100}");</style><p>x</p>';
    const ask = (token: string | null) =>
      injectAs(t.app, token, { method: 'POST', url: '/api/site-styles/check', payload: { html } });
    expect((await ask(t.tokens.editor)).json()).toEqual({ problem: null });
    expect((await ask(t.tokens.user)).statusCode).toBe(403);
    expect((await ask(null)).statusCode).toBe(401);
  });
});
