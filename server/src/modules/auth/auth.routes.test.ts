import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, injectAs, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';

forEachDialect('auth', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  it('signs in with a urlencoded form and answers a bearer token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=admin1&password=${encodeURIComponent(TEST_PASSWORD)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
  });

  it('answers the signed-in user at /auth/me on both base paths', async () => {
    for (const base of ['/api', '/admin_vendor_api/api']) {
      const res = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `${base}/auth/me` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 2, username: 'editor1', full_name: 'Editor One', email: 'editor1@example.com', role: 'editor' });
    }
  });

  it('revokes the token on logout', async () => {
    const out = await injectAs(t.app, t.tokens.user, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(204);
    const me = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ detail: 'Not authenticated' });
  });
});
