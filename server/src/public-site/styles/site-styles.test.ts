import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createSiteStyles, SITE_ASSETS_PATH, SITE_CLASSES_MAX, type SiteStyleSources } from './site-styles.js';

/** Sources given with their HTML, each keyed by its content (a change of content is a new key). */
function sourcesOf(html: () => string[] | Promise<string[]>): SiteStyleSources {
  return {
    list: async () => (await html()).map((fragment, index) => ({ key: `${index}:${fragment}`, html: fragment })),
    read: async () => new Map(),
  };
}

/** The app's own kind of logger (Fastify's), whose lines are kept for the test to read. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { log: Fastify({ logger: { level: 'info', stream: sink } }).log, lines };
}

function cssOf(styles: ReturnType<typeof createSiteStyles>, href: string): string {
  const file = styles.file(href.slice(SITE_ASSETS_PATH.length));
  if (!file) throw new Error(`no file ${href}`);
  return file.encodings.identity.bytes.toString('utf8');
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('createSiteStyles', () => {
  it("compiles the classes of the site's HTML into one stylesheet named by its content", async () => {
    const { log } = recordingLogger();
    const styles = createSiteStyles(
      sourcesOf(() => ['<p class="text-xl md:grid-cols-3 hover:bg-sky-800 bg-[#123456]">x</p>']),
      log,
    );
    const { stylesheet, icons } = await styles.links();
    expect(stylesheet).toMatch(/^\/vendor\/site\/styles-[\w-]{16}\.css$/);
    expect(icons).toBeNull();
    const css = cssOf(styles, stylesheet);
    for (const rule of [
      '.text-xl{',
      '.md\\:grid-cols-3{',
      '.hover\\:bg-sky-800:hover{',
      '.bg-\\[\\#123456\\]{',
      '.hidden{display:none',
    ])
      expect(css).toContain(rule);
    expect(css).not.toContain('.text-2xl{');
  });

  it('keeps its stylesheet until told of a change, then builds a new one once for every caller', async () => {
    const { log } = recordingLogger();
    let html = '<p class="text-xl">x</p>';
    let reads = 0;
    const styles = createSiteStyles(
      sourcesOf(() => {
        reads += 1;
        return [html];
      }),
      log,
    );
    const first = await styles.links();
    html = '<p class="text-2xl">x</p>';
    expect(await styles.links()).toEqual(first);
    styles.invalidate();
    const [a, b] = await Promise.all([styles.links(), styles.links()]);
    expect(a).toEqual(b);
    expect(a.stylesheet).not.toBe(first.stylesheet);
    expect(reads).toBe(2);
    expect(cssOf(styles, a.stylesheet)).toContain('.text-2xl{');
    // Pages a visitor loaded before the change still find the stylesheet they name.
    expect(cssOf(styles, first.stylesheet)).toContain('.text-xl{');
  });

  it('reads again only the sources whose key changed since the last build', async () => {
    const { log } = recordingLogger();
    const versions = new Map([
      ['page:1', 1],
      ['post:2', 1],
    ]);
    const html = new Map([
      ['page:1', '<p class="text-xl">a</p>'],
      ['post:2', '<p class="text-2xl">b</p>'],
    ]);
    const readKeys: string[][] = [];
    const styles = createSiteStyles(
      {
        list: async () => [...versions].map(([item, version]) => ({ key: `${item}@${version}` })),
        read: async (keys) => {
          readKeys.push(keys);
          return new Map(keys.map((key) => [key, html.get(key.split('@')[0]!)!]));
        },
      },
      log,
    );
    await styles.links();
    html.set('post:2', '<p class="text-3xl">b</p>');
    versions.set('post:2', 2);
    styles.invalidate();
    const { stylesheet } = await styles.links();
    expect(readKeys).toEqual([['page:1@1', 'post:2@1'], ['post:2@2']]);
    const css = cssOf(styles, stylesheet);
    expect(css).toContain('.text-xl{');
    expect(css).toContain('.text-3xl{');
    expect(css).not.toContain('.text-2xl{');
  });

  it('builds again when a change comes while a build is under way', async () => {
    const { log } = recordingLogger();
    let html = '<p class="text-xl">x</p>';
    const styles = createSiteStyles(
      sourcesOf(() => [html]),
      log,
    );
    const before = styles.links();
    await flush();
    html = '<p class="text-2xl">x</p>';
    styles.invalidate();
    const after = await styles.links();
    expect(cssOf(styles, (await before).stylesheet)).toContain('.text-xl{');
    expect(cssOf(styles, after.stylesheet)).toContain('.text-2xl{');
  });

  it('keeps the last good stylesheet and logs the failure when the site uses too many classes', async () => {
    const { log, lines } = recordingLogger();
    let html = '<p class="text-xl">x</p>';
    const styles = createSiteStyles(
      sourcesOf(() => [html]),
      log,
    );
    const good = await styles.links();
    html = `<p class="${Array.from({ length: SITE_CLASSES_MAX + 1 }, (_, i) => `w-[${i}px]`).join(' ')}">x</p>`;
    styles.invalidate();
    expect(await styles.links()).toEqual(good);
    expect(lines.some((line) => line.level === 50 && line.msg.includes('the last good one stays'))).toBe(true);
  });

  it('falls back to the base styles when there has never been a good build', async () => {
    const { log, lines } = recordingLogger();
    const styles = createSiteStyles(
      sourcesOf(() => {
        throw new Error('database down');
      }),
      log,
    );
    const { stylesheet } = await styles.links();
    const css = cssOf(styles, stylesheet);
    expect(css).toContain('.hidden{display:none');
    expect(css).toContain('box-sizing:border-box');
    expect(lines.some((line) => line.level === 50 && line.msg.includes('using the base styles'))).toBe(true);
  });

  it('leaves out a class whose CSS is invalid, keeps every other rule, and logs it', async () => {
    const { log, lines } = recordingLogger();
    const styles = createSiteStyles(
      sourcesOf(() => [`<p class="flex before:content-['\\'] text-xl">x</p>`]),
      log,
    );
    const css = cssOf(styles, (await styles.links()).stylesheet);
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('.text-xl{');
    expect(css).not.toContain('content-\\[');
    expect(lines.some((line) => line.level === 40 && line.msg.includes('invalid CSS'))).toBe(true);
  });

  it('cuts Font Awesome down to the icons the site uses, with fonts of those glyphs only', async () => {
    const { log } = recordingLogger();
    const styles = createSiteStyles(
      sourcesOf(() => ['<i class="fa-solid fa-phone"></i> <i class="fa-brands fa-github"></i>']),
      log,
    );
    const { icons } = await styles.links();
    expect(icons).toMatch(/^\/vendor\/site\/icons-[\w-]{16}\.css$/);
    const css = cssOf(styles, icons!);
    expect(css).toContain('.fa-phone{--fa:"\\f095"}');
    expect(css).toContain('.fa-github{--fa:"\\f09b"}');
    expect(css).not.toContain('.fa-sailboat');
    const fonts = [...css.matchAll(/url\(\/vendor\/site\/([^)]+\.woff2)\)/g)].map((match) => match[1]!);
    expect(fonts.map((name) => name.replace(/-[\w-]{16}\.woff2$/, '')).sort()).toEqual([
      'fa-brands',
      'fa-regular',
      'fa-solid',
    ]);
    for (const name of fonts) {
      const font = styles.file(name)!.encodings.identity.bytes;
      expect(font.subarray(0, 4).toString('latin1')).toBe('wOF2');
      // The whole solid font is 120 KB.
      expect(font.length).toBeLessThan(4096);
    }
  });
});
