import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { createTestPage } from '../test/page-fixtures.js';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request over a real connection (inject would bypass the server's request event, where the hot path sits). */
function request(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${path}`,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The headers that describe the answer (not the connection, the moment or the request's own id). */
function answerHeaders(res: RawResponse): Record<string, unknown> {
  const {
    date: _date,
    connection: _connection,
    'keep-alive': _keepAlive,
    'x-request-id': requestId,
    ...rest
  } = res.headers;
  expect(requestId).toMatch(/^[\w-]{36}$/);
  return rest;
}

forEachDialect('hot path', (dialect) => {
  let t: TestApp;
  afterEach(async () => t.close());

  async function listen(env: Record<string, string> = {}): Promise<string> {
    t = await createTestApp(dialect, env);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }

  it('answers a cached page again before Fastify, with the same status, headers and bytes in every coding', async () => {
    const origin = await listen();
    await createTestPage(t, {
      slug: 'home',
      status: 'published',
      content: `<p class="text-lg">${'Sunset sailing. '.repeat(100)}</p>`,
    });
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': acceptEncoding };
      const first = await request(origin, '/', { headers });
      const served = t.app.hotPath.served;
      const again = await request(origin, '/', { headers });
      expect(t.app.hotPath.served, acceptEncoding).toBe(served + 1);
      expect(again.status).toBe(200);
      expect(answerHeaders(again)).toEqual(answerHeaders(first));
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect(again.body.equals(first.body)).toBe(true);
    }
    const br = await request(origin, '/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-security-policy']).toContain('sandbox allow-scripts allow-forms allow-popups');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(br.body).toString('utf8')).toContain('Sunset sailing.');
  });

  it('keeps each language’s addresses apart: / and /de/ are each answered with their own document', async () => {
    const origin = await listen();
    const settings = await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: { site_name: 'Lisbon Walks', currency: 'EUR', default_language: 'en', languages: ['en', 'de'] },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const home = await createTestPage(t, { title: 'Home', slug: 'home', status: 'published' });
    const draft = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/pages/${home.id}/translations`,
      payload: { language: 'de' },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const saved = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${draft.json().id}`,
      payload: { title: 'Startseite', slug: draft.json().slug, language: 'de', status: 'published' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const headers = { 'accept-encoding': 'identity' };
    // The first visit of each renders it and remembers it; the next ones are the hot path's.
    await request(origin, '/', { headers });
    await request(origin, '/de/', { headers });
    const served = t.app.hotPath.served;
    for (let visit = 0; visit < 2; visit++) {
      const en = (await request(origin, '/', { headers })).body.toString('utf8');
      const de = (await request(origin, '/de/', { headers })).body.toString('utf8');
      expect(en).toContain('<html lang="en">');
      expect(en).toContain('<title>Home</title>');
      expect(de).toContain('<html lang="de">');
      expect(de).toContain('<title>Startseite</title>');
    }
    expect(t.app.hotPath.served).toBe(served + 4);
    // An address under no language of the site is the 404 screen, never remembered as a page.
    const unknown = await request(origin, '/xx/tours', { headers });
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString('utf8')).toContain('<h1>404 - Not Found</h1>');
  });

  it('answers 304 to a current ETag and HEAD without a body, and shows an edit at once', async () => {
    const origin = await listen();
    const page = await createTestPage(t, { slug: 'about', status: 'published', content: '<p>one</p>' });
    const first = await request(origin, '/about');
    await request(origin, '/about');
    const served = t.app.hotPath.served;
    const revalidated = await request(origin, '/about', { headers: { 'if-none-match': first.headers.etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    const head = await request(origin, '/about', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.body.length).toBe(0);
    expect(t.app.hotPath.served).toBe(served + 2);

    await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      payload: { title: 'About', slug: 'about', status: 'published', content: '<p>two</p>' },
    });
    const changed = await request(origin, '/about', { headers: { 'if-none-match': first.headers.etag! } });
    expect(changed.status).toBe(200);
    expect(changed.body.toString('utf8')).toContain('<p>two</p>');
  });

  it('keeps a client’s own X-Request-Id out of a cached answer unless it comes from a trusted proxy', async () => {
    const origin = await listen({ TRUST_PROXY: '10.0.0.2' });
    await createTestPage(t, { slug: 'home', status: 'published', content: '<p>home</p>' });
    const headers = { 'x-request-id': 'chosen-by-the-sender' };
    const first = await request(origin, '/', { headers });
    const served = t.app.hotPath.served;
    const again = await request(origin, '/', { headers });
    expect(t.app.hotPath.served).toBe(served + 1);
    for (const res of [first, again]) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves requests with a body, other methods and unknown addresses to the ordinary path', async () => {
    const origin = await listen();
    await createTestPage(t, { slug: 'home', status: 'published', content: '<p>home</p>' });
    await request(origin, '/');
    const served = t.app.hotPath.served;
    expect((await request(origin, '/', { method: 'POST' })).status).toBe(404);
    expect((await request(origin, '/nothing-here')).status).toBe(404);
    expect((await request(origin, '/', { headers: { 'content-length': '0' } })).status).toBe(200);
    expect(t.app.hotPath.served).toBe(served + 1);
    // A GET that carries a body is Fastify's to read (and its deadline's to time).
    expect((await request(origin, '/', { headers: { 'Content-Length': '5' }, body: 'hello' })).status).toBe(200);
    expect(t.app.hotPath.served).toBe(served + 1);
  });

  it('never answers one host with the document of another when the site has several', async () => {
    const origin = await listen({ SITE_HOSTS: 'a.example, b.example' });
    await createTestPage(t, { slug: 'home', status: 'published', content: '<p>home</p>' });
    await request(origin, '/', { headers: { host: 'a.example' } });
    await request(origin, '/', { headers: { host: 'a.example' } });
    const b = await request(origin, '/', { headers: { host: 'b.example' } });
    expect(b.body.toString('utf8')).toContain('<link rel="canonical" href="http://b.example/">');
    expect(t.app.hotPath.served).toBe(0);
  });

  it('serves the compiled stylesheet again with its year-long cache', async () => {
    const origin = await listen();
    await createTestPage(t, { slug: 'home', status: 'published', content: '<p class="text-lg">home</p>' });
    const href = /href=&quot;(\/vendor\/site\/styles-[\w-]+\.css)&quot;/.exec(
      (await request(origin, '/')).body.toString('utf8'),
    )![1]!;
    const first = await request(origin, href);
    const served = t.app.hotPath.served;
    const again = await request(origin, href);
    expect(t.app.hotPath.served).toBe(served + 1);
    expect(answerHeaders(again)).toEqual(answerHeaders(first));
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('a hot-path answer the visitor stops reading', () => {
  it('closes the connection once it has stalled for the idle timeout', async () => {
    const t = await createTestApp('sqlite', { IDLE_TIMEOUT_SECONDS: '1' });
    const socket = new net.Socket();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      // Larger than what the connection's buffers on both sides can hold, so the answer cannot be written whole.
      const body = { bytes: Buffer.alloc(32 * 1024 * 1024, 'a'), etag: '"large"' };
      t.app.hotPath.remember(
        '/large',
        { contentType: 'text/plain; charset=utf-8', encodings: { br: body, gzip: body, identity: body } },
        {},
      );
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('error', () => {}); // the server may end it with a reset
      socket.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
      // A first request read whole, so the connection is a kept-alive one between requests (Node has replaced the
      // idle timeout armed when it opened by its keep-alive timeout, and disarms that when the next one begins).
      let first = '';
      const read = (chunk: Buffer) => (first += chunk.toString('latin1'));
      socket.on('data', read);
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      while (!first.includes('"status"')) await sleep(20);
      socket.off('data', read);
      socket.pause();
      expect(first).toMatch(/^HTTP\/1\.1 200 /);
      // Then the large answer, which the visitor does not read.
      socket.write('GET /large HTTP/1.1\r\nHost: localhost\r\n\r\n');
      while (t.app.hotPath.served === 0) await sleep(20);
      // The stall outlasts the idle timeout: wait (10 s at most) until the server's side of the connection is gone.
      const openConnections = () =>
        new Promise<number>((resolve) => t.app.server.getConnections((_error, count) => resolve(count)));
      for (const giveUp = Date.now() + 10_000; Date.now() < giveUp && (await openConnections()) > 0;) await sleep(50);
      let received = 0;
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
      socket.resume();
      const outcome = await Promise.race([closed.then(() => 'closed'), sleep(10_000).then(() => 'still open')]);
      expect(outcome).toBe('closed');
      expect(received).toBeLessThan(body.bytes.length);
    } finally {
      socket.destroy();
      await t.close();
    }
  });
});
