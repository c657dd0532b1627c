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
