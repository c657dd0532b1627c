import net from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, type TestApp } from './test/test-app.js';
import { createTestTour } from './test/page-fixtures.js';
import { SEARCHES_PER_MINUTE } from './public-site/tour-site.routes.js';

/** Sends raw bytes to the listening app and resolves with the first answer's status line and headers. */
function rawRequest(port: number, head: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head + body));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
  });
}

forEachDialect('bounded unauthenticated work', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  it('answers a POST to an unknown route 404 before its body arrives, and closes the connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    for (const path of ['/nowhere', '/api/nowhere', '/tours/x/y']) {
      // Announces 100 MB and sends ten bytes: the answer comes without waiting for the rest.
      const answer = await rawRequest(
        port,
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n`,
        '{"a":"bbbb',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 404 /);
      expect(answer.toLowerCase()).toContain('connection: close');
    }
  });

  it('renders free-text searches up to a limit per address a minute, then answers 429 with Retry-After', async () => {
    await createTestTour(t, { title: 'Sunset sail', slug: 'sunset-sail' });
    const search = (q: string, remoteAddress = '203.0.113.7') =>
      t.app.inject({ method: 'GET', url: `/tours?q=${encodeURIComponent(q)}`, remoteAddress });
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++)
      expect((await search(i === 0 ? 'sunset' : `sail ${i}`)).statusCode).toBe(200);
    const refused = await search('sail again');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body).toContain('Too many searches from your address');
    // A search already rendered costs nothing and is answered; so are the catalogue and other addresses.
    const cached = await search('sunset');
    expect(cached.statusCode).toBe(200);
    expect(cached.body).toContain('Sunset sail');
    expect((await t.app.inject({ method: 'GET', url: '/tours', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    expect((await search('sail again', '198.51.100.4')).statusCode).toBe(200);
  });
});

forEachDialect('the public site’s cache under visitors’ searches', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    // A 1 MB cache, so that a test can fill it; the origin is where the server listens (the hot path is on); the
    // test's requests name their visitors' addresses as a proxy would.
    t = await createTestApp(dialect, { SITE_CACHE_MB: '1', TRUST_PROXY: 'loopback' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => t.close());

  it('keeps published pages however many searches and price ranges visitors ask for; pages alone take turns', async () => {
    const { port } = t.app.server.address() as net.AddressInfo;
    const get = async (url: string, address: number) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        headers: { 'X-Forwarded-For': `203.0.113.${address}` },
      });
      expect(res.status, url).toBe(200);
      return res.text();
    };
    await createTestTour(t, { title: 'Sunset sail', slug: 'sunset-sail' });
    expect(await get('/tours/sunset-sail', 1)).toContain('Sunset sail');
    // Changed behind the cache's back (no site-change signal): the page shows the new title only once it is
    // rendered again, so the old one shows that it was answered from the cache.
    await t.app.ctx.db.kysely
      .updateTable('posts')
      .set({ title: 'Renamed quietly' })
      .where('slug', '=', 'sunset-sail')
      .execute();
    expect(await get('/tours/sunset-sail', 1)).toContain('Sunset sail');

    // 100 different searches and 100 price ranges, each kind more than 1 MB rendered, from addresses under their
    // limit.
    const rendered = { searches: 0, prices: 0 };
    for (let i = 0; i < 100; i++) {
      rendered.searches += (await get(`/tours?q=${encodeURIComponent(`sail number ${i}`)}`, 10 + (i % 50))).length;
      rendered.prices += (await get(`/tours?price_min=${i}&price_max=${1000 + i}`, 60 + (i % 50))).length;
    }
    expect(rendered.searches).toBeGreaterThan(1024 * 1024);
    expect(rendered.prices).toBeGreaterThan(1024 * 1024);
    expect(await get('/tours/sunset-sail', 1)).toContain('Sunset sail');

    // Published documents do take turns in the bound: ten tours' frames (65 KB, with their
    // compressed forms 120 KB each) push the page out, and the hot path forgets it with the cache.
    for (let i = 0; i < 10; i++) {
      const words = Array.from({ length: 8_000 }, (_, w) => `w${(w * 7919 + i * 104_729) % 1_000_003}`).join(' ');
      await createTestTour(t, { slug: `long-${i}`, content: `<p>${words}</p>` });
    }
    // The new tours' writes dropped the cache: the page is rendered again, under its quiet title, and kept.
    expect(await get('/tours/sunset-sail', 1)).toContain('Renamed quietly');
    await t.app.ctx.db.kysely
      .updateTable('posts')
      .set({ title: 'Renamed twice' })
      .where('slug', '=', 'sunset-sail')
      .execute();
    expect(await get('/tours/sunset-sail', 1)).toContain('Renamed quietly');
    for (let i = 0; i < 10; i++)
      expect(await get(`/frame/site/tour/long-${i}`, 2)).toContain(`w${(i * 104_729) % 1_000_003}`);
    expect(await get('/tours/sunset-sail', 1)).toContain('Renamed twice');
    // 200 catalogue renders and ten tours: 2 s alone, over 20 s with the whole suite on two cores.
  }, 90_000);
});
