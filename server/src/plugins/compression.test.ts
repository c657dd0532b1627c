import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';

forEachDialect('compression', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    for (let i = 0; i < 40; i++) {
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/posts/',
        payload: { title: `Sunset tour number ${i}`, slug: `sunset-tour-${i}` },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterEach(async () => t.close());

  it('sends a large list compressed to a client that accepts it, and the same JSON once decoded', async () => {
    const plain = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/posts/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const posts = plain.json();
    expect(posts).toHaveLength(40);

    const br = await injectAs(t.app, t.tokens.user, {
      method: 'GET',
      url: '/api/posts/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(posts);

    const gzip = await injectAs(t.app, t.tokens.user, {
      method: 'GET',
      url: '/api/posts/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(posts);
  });

  it('compresses the whole list in one language too, names the coding it chose, and sends it plainly when asked', async () => {
    const ask = (encoding: string) =>
      injectAs(t.app, t.tokens.user, {
        method: 'GET',
        url: '/api/posts/?language=en',
        headers: { 'accept-encoding': encoding },
      });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const posts = plain.json();
    expect(posts).toHaveLength(40);
    for (const [encoding, coding, decode] of [
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['gzip, br', 'br', brotliDecompressSync],
    ] as const) {
      const res = await ask(encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      // Caches keep one answer per coding.
      expect(res.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(posts);
    }
  });

  it('leaves small answers alone', async () => {
    const me = await injectAs(t.app, t.tokens.user, {
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json().username).toBe('user1');
  });
});
