import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, forEachDialect, injectAs, TEST_PASSWORD, type TestApp } from '../test/test-app.js';

/** Every error the API answers is JSON with a sentence in `detail`. */
function expectErrorBody(
  res: LightMyRequestResponse,
  status: number,
): { detail: string; errors?: { field: string; message: string }[] } {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(0);
  return body;
}

forEachDialect('errors and routing', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const postJson = (url: string, raw: string, token: string | null = t.tokens.admin) =>
    injectAs(t.app, token, { method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: raw });

  describe('routing', () => {
    it('answers 404 JSON for an unknown API route on both base paths', async () => {
      for (const url of ['/api/no-such-thing', '/admin_vendor_api/api/no-such-thing/', '/api/users/2/extra?x=1']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(expectErrorBody(res, 404).detail).toBe(`No API route for GET ${url.split('?')[0]}`);
        // With the API's headers, even where a site route (a language's /:language/:slug) matched it first.
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expectErrorBody(await t.app.inject({ method: 'POST', url: '/api/no-such-thing', payload: {} }), 404);
    });

    it('answers 404 for an unknown route outside the API', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/no/such/place' })).statusCode).toBe(404);
    });

    it('takes every API path with or without the trailing slash, on both base paths', async () => {
      for (const base of ['/api', '/admin_vendor_api/api']) {
        for (const path of ['/auth/me', '/auth/me/', '/users', '/users/', '/dashboard/stats', '/dashboard/stats/']) {
          expect(
            (await injectAs(t.app, t.tokens.admin, { method: 'GET', url: base + path })).statusCode,
            base + path,
          ).toBe(200);
        }
      }
    });

    it('answers /healthz with the database state', async () => {
      for (const url of ['/healthz', '/healthz/']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
      }
    });

    it('marks API answers, errors included, as data that is neither sniffed, framed nor cached', async () => {
      for (const res of [
        await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/users/' }),
        await t.app.inject({ method: 'GET', url: '/api/users/' }),
      ]) {
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it('answers 400 JSON for an address that does not decode and 414 for an over-long one', async () => {
      expect(expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' }), 400).detail).toBe(
        'The request address is not valid',
      );
      expect(
        expectErrorBody(
          await injectAs(t.app, t.tokens.admin, { method: 'PUT', url: `/api/users/${'1'.repeat(600)}`, payload: {} }),
          414,
        ).detail,
      ).toBe('The request address is too long');
    });
  });

  describe('malformed bodies', () => {
    it('answers 400 for invalid or empty JSON', async () => {
      expect(expectErrorBody(await postJson('/api/users/', '{"username": "abc",'), 400).detail).toBe(
        'The request body is not valid JSON',
      );
      expectErrorBody(await postJson('/api/users/', ''), 400);
      expectErrorBody(await postJson('/api/auth/token', '{username: admin1}', null), 400);
    });

    it('answers 422 for a JSON value that is not an object', async () => {
      for (const raw of ['[]', '[{"username":"abc"}]', 'null', '42', '"text"']) {
        const body = expectErrorBody(await postJson('/api/users/', raw), 422);
        expect(body.errors).toEqual([{ field: 'body', message: expect.any(String) }]);
      }
      expectErrorBody(await postJson('/api/auth/token', '[]', null), 422);
    });

    it('refuses prototype-poisoning keys with 400', async () => {
      const bodies = [
        '{"__proto__": {"role": "admin"}, "username": "sneaky", "email": "s@example.com", "password": "long enough"}',
        '{"constructor": {"prototype": {"role": "admin"}}, "username": "sneaky", "email": "s@example.com", "password": "long enough"}',
        '{"username": "sneaky", "nested": {"__proto__": {"isAdmin": true}}}',
      ];
      for (const raw of bodies) expectErrorBody(await postJson('/api/users/', raw), 400);
      expectErrorBody(
        await postJson(
          '/api/auth/token',
          `{"__proto__": {}, "username": "admin1", "password": "${TEST_PASSWORD}"}`,
          null,
        ),
        400,
      );
      expect(({} as Record<string, unknown>).role).toBeUndefined();
      const users = (await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/users/' })).json();
      expect(users).toHaveLength(3);
    });

    it('answers 413 for a 10 MB body, as JSON or as a form', async () => {
      const huge = 'x'.repeat(10 * 1024 * 1024);
      expect(expectErrorBody(await postJson('/api/users/', JSON.stringify({ username: huge })), 413).detail).toBe(
        'The request body is too large',
      );
      expectErrorBody(await postJson('/api/auth/token', JSON.stringify({ username: huge, password: 'x' }), null), 413);
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${huge}&password=x`,
      });
      expectErrorBody(form, 413);
    });

    it('answers 422 naming the field for a 100,000-character username', async () => {
      const body = expectErrorBody(
        await injectAs(t.app, t.tokens.admin, {
          method: 'POST',
          url: '/api/users/',
          payload: { username: 'u'.repeat(100_000), email: 'u@example.com', password: 'long enough' },
        }),
        422,
      );
      expect(body.errors).toEqual([{ field: 'username', message: 'Username must be at most 50 characters' }]);
    });

    it('answers 415 for a content type the route does not read', async () => {
      const res = await injectAs(t.app, t.tokens.admin, {
        method: 'POST',
        url: '/api/users/',
        headers: { 'content-type': 'application/xml' },
        payload: '<user/>',
      });
      expect(expectErrorBody(res, 415).detail).toBe('This content type is not supported here');
    });

    it('refuses NUL characters with 422 naming the field on both databases, storing nothing', async () => {
      const body = expectErrorBody(
        await injectAs(t.app, t.tokens.admin, {
          method: 'POST',
          url: '/api/users/',
          payload: { username: 'nul-user', email: 'nul@example.com', password: 'long enough', full_name: 'a\u0000b' },
        }),
        422,
      );
      expect(body.errors).toEqual([{ field: 'full_name', message: 'Must not contain a NUL character' }]);
      expectErrorBody(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: 'admin1\u0000', password: TEST_PASSWORD },
        }),
        422,
      );
      expect((await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/users/' })).json()).toHaveLength(3);
    });
  });

  it('never sends the detail of a failure on our side', async () => {
    t.app.get('/api/test-failure', async () => {
      throw new Error('connection to 10.1.2.3 refused: password authentication failed');
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(expectErrorBody(res, 500)).toEqual({ detail: 'Something went wrong on our side. Please try again.' });
  });
});
