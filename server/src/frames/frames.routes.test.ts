import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('sqlite');
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('frame documents', () => {
  it.each(['/frame/canvas.html', '/frame/preview.html'])(
    '%s carries its own sandboxing policy, framable only by our pages',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('sandbox allow-scripts allow-forms allow-popups allow-modals');
      expect(csp).not.toContain('allow-same-origin');
      expect(csp).toContain("frame-ancestors 'self'");
      // Review finding: a form in a frame could post anywhere.
      expect(csp).toContain("form-action 'self'");
      expect(csp).toMatch(/script-src [^;]*'unsafe-inline'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Everything the document loads comes from our own server.
      expect(res.body).toContain('<script src="/vendor/tailwind.js"></script>');
      expect(res.body).toContain('href="/vendor/fontawesome/css/all.min.css"');
      expect(res.body).toContain('src="/frame/runtime.js"');
      expect(res.body).not.toMatch(/(src|href)="https?:/);
    },
  );

  it('makes only the canvas editable', async () => {
    expect((await get('/frame/canvas.html')).body).toMatch(/id="tcms-root"[^>]*contenteditable="true"/);
    expect((await get('/frame/preview.html')).body).not.toContain('contenteditable');
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    const first = await get('/frame/preview.html');
    const again = await get('/frame/preview.html', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('vendor files', () => {
  it("serves Tailwind's browser build as a script any origin may load", async () => {
    const res = await get('/vendor/tailwind.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body.length).toBeGreaterThan(100_000);
  });

  it("serves Font Awesome's stylesheet and its fonts with CORS for the opaque-origin frames", async () => {
    const css = await get('/vendor/fontawesome/css/all.min.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('../webfonts/fa-solid-900.woff2');
    const font = await get('/vendor/fontawesome/webfonts/fa-solid-900.woff2');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['access-control-allow-origin']).toBe('*');
  });

  it.each([
    '/vendor/fontawesome/svgs/brands.svg',
    '/vendor/fontawesome/css/..%2Fpackage.json',
    '/vendor/fontawesome/webfonts/missing.woff2',
    '/vendor/fontawesome/css/LICENSE.txt',
    '/frame/..%2F..%2Fpackage.json',
    '/frame/index.html',
  ])('answers 404 for %s', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });
});
