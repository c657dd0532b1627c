import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredCoding } from '../../http/content-coding.js';
import { matchesEtag, RenderedCache, renderedResponse } from './rendered-cache.js';

describe('RenderedCache', () => {
  it('renders once per key until invalidated', async () => {
    const cache = new RenderedCache();
    let renders = 0;
    const render = async () => renderedResponse(`v${++renders}`, 'text/plain');
    expect((await cache.get('a', render))!.encodings.identity.bytes.toString()).toBe('v1');
    expect((await cache.get('a', render))!.encodings.identity.bytes.toString()).toBe('v1');
    cache.invalidate();
    expect((await cache.get('a', render))!.encodings.identity.bytes.toString()).toBe('v2');
  });

  it('shares one render between concurrent misses', async () => {
    const cache = new RenderedCache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return renderedResponse('x', 'text/plain');
    };
    await Promise.all([cache.get('a', render), cache.get('a', render), cache.get('a', render)]);
    expect(renders).toBe(1);
  });

  it('does not keep a render that began before an invalidation', async () => {
    const cache = new RenderedCache();
    let release!: () => void;
    const slow = cache.get(
      'a',
      () => new Promise((resolve) => (release = () => resolve(renderedResponse('stale', 'text/plain')))),
    );
    cache.invalidate();
    release();
    expect((await slow)!.encodings.identity.bytes.toString()).toBe('stale');
    expect(
      (await cache.get('a', async () => renderedResponse('fresh', 'text/plain')))!.encodings.identity.bytes.toString(),
    ).toBe('fresh');
  });

  it('keeps nothing for a null render', async () => {
    const cache = new RenderedCache();
    expect(await cache.get('missing', async () => null)).toBeNull();
    expect(cache.size).toBe(0);
  });

  // Review finding: the bound counted entries, not bytes, so a thousand big catalogue searches held gigabytes.
  it('holds no more bytes than its bound, the oldest going first, and never keeps one response too big for it', async () => {
    const cache = new RenderedCache(10_000);
    const body = (key: string) => `${key}:${'x'.repeat(900)}`; // under the compression threshold: 1 buffer each
    for (const key of 'abcdefghijklmnop') await cache.get(key, async () => renderedResponse(body(key), 'text/plain'));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(Math.floor(10_000 / 902));
    let rendered = false;
    await cache.get('a', async () => ((rendered = true), renderedResponse(body('a'), 'text/plain')));
    expect(rendered).toBe(true); // the oldest entry went first
    expect(cache.peek('p')).toBeDefined();
    await cache.get('huge', async () => renderedResponse('y'.repeat(3000), 'text/plain'));
    expect(cache.peek('huge')).toBeUndefined();
    cache.invalidate();
    expect(cache.bytes).toBe(0);
  });

  it('compresses a large body to brotli and gzip that decode to it, each with its own ETag', async () => {
    const text = 'Sunset sail along the coast. '.repeat(200);
    const response = await renderedResponse(text, 'text/html');
    expect(brotliDecompressSync(response.encodings.br.bytes).toString()).toBe(text);
    expect(gunzipSync(response.encodings.gzip.bytes).toString()).toBe(text);
    expect(
      new Set([response.encodings.br.etag, response.encodings.gzip.etag, response.encodings.identity.etag]).size,
    ).toBe(3);
  });
});

describe('matchesEtag', () => {
  it('matches exact, weak, listed and wildcard validators only', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});

describe('preferredCoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredCoding('gzip')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredCoding('*')).toBe('gzip');
    expect(preferredCoding('identity')).toBe('identity');
    expect(preferredCoding(undefined)).toBe('identity');
  });
});
