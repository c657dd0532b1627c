import { afterEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, type TestApp } from './test/test-app.js';
import { requestIdFrom } from './lifecycle.js';

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
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/', headers: { authorization: `Bearer ${t.tokens.user}` } })).statusCode).toBe(200);
  });

  it('gives every answer its request id, taking a proxy’s X-Request-Id only behind trusted proxies', async () => {
    t = await createTestApp(dialect);
    const own = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a' } });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await t.close();

    t = await createTestApp(dialect, { TRUST_PROXY: '1' });
    const proxied = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a' } });
    expect(proxied.headers['x-request-id']).toBe('lb-7f3a');
    const forged = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a\nfake log line' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

it('takes a request id only when it is short and holds nothing that could break a log line', () => {
  const fresh = () => 'generated';
  expect(requestIdFrom('abc-123_Z.9:x@y/z+w=', true, fresh)).toBe('abc-123_Z.9:x@y/z+w=');
  for (const bad of ['', 'a b', 'x'.repeat(129), 'line\nbreak', '"quoted"']) expect(requestIdFrom(bad, true, fresh)).toBe('generated');
  expect(requestIdFrom(['a', 'b'], true, fresh)).toBe('generated');
  expect(requestIdFrom('abc', false, fresh)).toBe('generated');
});
