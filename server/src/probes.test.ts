import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, DIALECTS, forEachDialect, type TestApp } from './test/test-app.js';
import { requestIdFrom, trustedProxyCheck } from './lifecycle.js';

forEachDialect('readiness and request ids', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers /readyz 200 once ready, and 503 from the moment the process drains, while /healthz stays live', async () => {
    t = await createTestApp(dialect);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok' });

    t.app.lifecycle.startDraining();
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Requests in flight and new ones on open connections are still answered while the balancer catches up.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/posts/', headers: { authorization: `Bearer ${t.tokens.user}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('gives every answer its request id, taking a proxy’s X-Request-Id only behind trusted proxies', async () => {
    t = await createTestApp(dialect);
    const own = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a' } });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await t.close();

    t = await createTestApp(dialect, { TRUST_PROXY: '1' });
    const proxied = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a' } });
    expect(proxied.headers['x-request-id']).toBe('lb-7f3a');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a\nfake log line' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes X-Request-Id only from a proxy TRUST_PROXY names, never from a client that reaches the server itself', async () => {
    t = await createTestApp(dialect, { TRUST_PROXY: '10.0.0.2,192.168.5.0/24' });
    const ask = (remoteAddress: string) =>
      t!.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'chosen-by-the-sender' },
        remoteAddress,
      });
    expect((await ask('10.0.0.2')).headers['x-request-id']).toBe('chosen-by-the-sender');
    expect((await ask('192.168.5.77')).headers['x-request-id']).toBe('chosen-by-the-sender');
    for (const client of ['203.0.113.9', '10.0.0.3', '127.0.0.1'])
      expect((await ask(client)).headers['x-request-id'], client).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe.each(DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'a database that ends connections [%s]',
  (dialect) => {
    it('keeps answering when PostgreSQL ends the pool’s idle connections (a restart, a failover)', async () => {
      const t = await createTestApp(dialect);
      try {
        const posts = () =>
          t.app.inject({ method: 'GET', url: '/api/posts/', headers: { authorization: `Bearer ${t.tokens.user}` } });
        expect((await posts()).statusCode).toBe(200);
        const admin = new pg.Client({ connectionString: t.config.databaseUrl! });
        await admin.connect();
        try {
          const ended = await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle'`,
          );
          expect(ended.rowCount).toBeGreaterThan(0);
        } finally {
          await admin.end();
        }
        // The pool hears of each ended connection as an 'error' event: unheard, it would end the process (and this
        // test run). The next request is answered on a new connection.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await posts()).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  },
);

it('takes a request id only when it is short and holds nothing that could break a log line', () => {
  const fresh = () => 'generated';
  const anyone = () => true;
  expect(requestIdFrom('abc-123_Z.9:x@y/z+w=', '10.0.0.2', anyone, fresh)).toBe('abc-123_Z.9:x@y/z+w=');
  for (const bad of ['', 'a b', 'x'.repeat(129), 'line\nbreak', '"quoted"'])
    expect(requestIdFrom(bad, '10.0.0.2', anyone, fresh)).toBe('generated');
  expect(requestIdFrom(['a', 'b'], '10.0.0.2', anyone, fresh)).toBe('generated');
  expect(requestIdFrom('abc', '10.0.0.2', () => false, fresh)).toBe('generated');
});

it('reads TRUST_PROXY as a check of the connection’s peer', () => {
  expect(trustedProxyCheck(false)('10.0.0.2')).toBe(false);
  expect(trustedProxyCheck(1)('203.0.113.9')).toBe(true);
  const listed = trustedProxyCheck(['10.0.0.2', 'loopback']);
  expect([
    listed('10.0.0.2'),
    listed('127.0.0.1'),
    listed('::ffff:10.0.0.2'),
    listed('10.0.0.3'),
    listed(undefined),
  ]).toEqual([true, true, true, false, false]);
});
