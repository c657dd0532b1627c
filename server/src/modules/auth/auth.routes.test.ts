import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, forEachDialect, injectAs, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';
import { generateToken, hashToken } from '../sessions/tokens.js';
import { insertSession } from '../sessions/sessions.repository.js';

const WRONG_CREDENTIALS = { detail: 'Incorrect username or password' };
const NOT_AUTHENTICATED = { detail: 'Not authenticated' };

/** A multipart/form-data body as a browser's FormData would send it. */
async function multipartForm(fields: Record<string, string | Blob>): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

function tryPassword(app: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/token', payload: { username, password }, remoteAddress });
}

function me(app: FastifyInstance, token: string) {
  return injectAs(app, token, { method: 'GET', url: '/api/auth/me' });
}

forEachDialect('auth', (dialect) => {
  describe('sign-in', () => {
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
      expect(res.json()).toEqual({ token_type: 'bearer', access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      expect((await me(t.app, res.json().access_token)).json()).toMatchObject({ username: 'admin1' });
    });

    it('signs in with a multipart form, as the admin app sends it', async () => {
      const form = await multipartForm({ username: 'editor1', password: TEST_PASSWORD });
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin_vendor_api/api/auth/token',
        headers: { 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(200);
      expect((await me(t.app, res.json().access_token)).json()).toMatchObject({ username: 'editor1', role: 'editor' });
    });

    it('signs in with a JSON body', async () => {
      const res = await tryPassword(t.app, 'user1', TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect((await me(t.app, res.json().access_token)).json()).toMatchObject({ username: 'user1', role: 'user' });
    });

    it('matches the username without regard to case', async () => {
      expect((await tryPassword(t.app, 'ADMIN1', TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('gives a wrong password and an unknown user the same 401, so usernames cannot be probed', async () => {
      const wrongPassword = await tryPassword(t.app, 'admin1', 'not the password');
      const unknownUser = await tryPassword(t.app, 'nobody', 'not the password');
      for (const res of [wrongPassword, unknownUser]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(WRONG_CREDENTIALS);
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }
    });

    it('refuses an inactive user with the right password (403) and answers a wrong one as for anyone (401)', async () => {
      await t.app.ctx.db.kysely.updateTable('users').set({ is_active: 0 }).where('username', '=', 'editor1').execute();
      const right = await tryPassword(t.app, 'editor1', TEST_PASSWORD);
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({ detail: 'This account is inactive' });
      const wrong = await tryPassword(t.app, 'editor1', 'not the password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(WRONG_CREDENTIALS);
    });

    it('answers 422 naming the field for a missing or absurdly long username', async () => {
      const missing = await t.app.inject({ method: 'POST', url: '/api/auth/token', payload: { password: 'x' } });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual([{ field: 'username', message: 'Username is required' }]);
      const long = await tryPassword(t.app, 'u'.repeat(100_000), 'x');
      expect(long.statusCode).toBe(422);
      expect(long.json().errors).toEqual([{ field: 'username', message: 'Username is too long' }]);
    });

    it('answers 400 for a malformed multipart form and refuses files in it', async () => {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="username"\r\n\r\nadmin1',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ detail: 'The form data could not be read' });

      const noBoundary = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'garbage',
      });
      expect(noBoundary.statusCode).toBe(400);

      const poisoned = await multipartForm({ username: 'admin1', password: TEST_PASSWORD, ['__proto__']: 'x' });
      const proto = await t.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': poisoned.contentType }, payload: poisoned.payload });
      expect(proto.statusCode).toBe(400);

      const withFile = await multipartForm({ username: 'admin1', password: TEST_PASSWORD, file: new File(['hello'], 'a.txt') });
      const file = await t.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': withFile.contentType }, payload: withFile.payload });
      expect(file.statusCode).toBe(413);
      expect(file.json()).toEqual({ detail: 'This form takes no files' });
    });
  });

  describe('bearer tokens', () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
    });
    afterEach(async () => t.close());

    it('answers the signed-in user at /auth/me on both base paths', async () => {
      for (const base of ['/api', '/admin_vendor_api/api']) {
        const res = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `${base}/auth/me` });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ id: 2, username: 'editor1', full_name: 'Editor One', email: 'editor1@example.com', role: 'editor' });
      }
    });

    it('accepts the Bearer scheme in any case', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `bearer ${t.tokens.user}` } });
      expect(res.statusCode).toBe(200);
    });

    it('answers 401 Not authenticated without a token, with a forged one or with a malformed header', async () => {
      const headers = [{}, { authorization: `Bearer ${generateToken()}` }, { authorization: 'Bearer short' }, { authorization: 'Bearer' }, { authorization: `Token ${t.tokens.admin}` }];
      for (const header of headers) {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: header });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(NOT_AUTHENTICATED);
      }
    });

    it('refuses an expired token', async () => {
      const token = generateToken();
      await insertSession(t.app.ctx.db, 1, hashToken(token), '2020-01-01T00:00:00.000Z', '2020-01-02T00:00:00.000Z');
      const res = await me(t.app, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(NOT_AUTHENTICATED);
    });

    it('revokes the token on logout, and only that one', async () => {
      const second = await signIn(t.app, 'user1', TEST_PASSWORD);
      const out = await injectAs(t.app, t.tokens.user, { method: 'POST', url: '/api/auth/logout' });
      expect(out.statusCode).toBe(204);
      const revoked = await me(t.app, t.tokens.user);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual(NOT_AUTHENTICATED);
      expect((await me(t.app, second)).statusCode).toBe(200);
    });

    it('takes a token only from the Authorization header: never a query string, a cookie or Basic credentials', async () => {
      const token = t.tokens.admin;
      const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
      const attempts = [
        { url: `/api/auth/me?access_token=${token}` },
        { url: `/api/auth/me?token=${token}` },
        { url: '/api/auth/me', headers: { cookie: `token=${token}` } },
        { url: '/api/auth/me', headers: { cookie: `access_token=${token}` } },
        { url: '/api/auth/me', headers: { authorization: basic(`admin1:${TEST_PASSWORD}`) } },
        { url: '/api/auth/me', headers: { authorization: basic(`${token}:`) } },
        { url: '/api/auth/me', headers: { authorization: `Basic ${token}` } },
      ];
      for (const attempt of attempts) {
        const res = await t.app.inject({ method: 'GET', ...attempt });
        expect(res.statusCode, attempt.url).toBe(401);
        expect(res.json()).toEqual(NOT_AUTHENTICATED);
      }
    });

    it('refuses a still-valid token of a user switched off behind the API (403)', async () => {
      await t.app.ctx.db.kysely.updateTable('users').set({ is_active: 0 }).where('username', '=', 'user1').execute();
      const res = await me(t.app, t.tokens.user);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'This account is inactive' });
    });

    it('signs a user out everywhere when an admin changes their password', async () => {
      const second = await signIn(t.app, 'editor1', TEST_PASSWORD);
      const res = await injectAs(t.app, t.tokens.admin, {
        method: 'PUT',
        url: '/api/users/2',
        payload: { username: 'editor1', email: 'editor1@example.com', password: 'a brand new secret' },
      });
      expect(res.statusCode).toBe(200);
      for (const token of [t.tokens.editor, second]) expect((await me(t.app, token)).statusCode).toBe(401);
      expect((await me(t.app, t.tokens.admin)).statusCode).toBe(200);
      expect((await tryPassword(t.app, 'editor1', TEST_PASSWORD)).statusCode).toBe(401);
      expect((await tryPassword(t.app, 'editor1', 'a brand new secret')).statusCode).toBe(200);
    });

    it('signs a user out everywhere when an admin deactivates them', async () => {
      const res = await injectAs(t.app, t.tokens.admin, {
        method: 'PUT',
        url: '/api/users/3',
        payload: { username: 'user1', email: 'user1@example.com', is_active: false },
      });
      expect(res.statusCode).toBe(200);
      const revoked = await me(t.app, t.tokens.user);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toEqual(NOT_AUTHENTICATED);
      expect((await me(t.app, t.tokens.editor)).statusCode).toBe(200);
    });

    it('keeps the sessions of a user whose other details change', async () => {
      const res = await injectAs(t.app, t.tokens.admin, {
        method: 'PUT',
        url: '/api/users/3',
        payload: { username: 'user1', email: 'user1@example.com', full_name: 'Renamed', password: '' },
      });
      expect(res.statusCode).toBe(200);
      expect((await me(t.app, t.tokens.user)).json()).toMatchObject({ full_name: 'Renamed' });
    });
  });

  describe('throttling failed sign-ins', () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect, { LOGIN_MAX_FAILURES: '3' });
    });
    afterEach(async () => t.close());

    function expectThrottled(res: Awaited<ReturnType<typeof tryPassword>>) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ detail: 'Too many failed sign-in attempts. Try again later.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }

    it('throttles a username after its failures, from whatever address, even with the right password', async () => {
      for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
        expect((await tryPassword(t.app, 'admin1', 'guess', address)).statusCode).toBe(401);
      }
      expectThrottled(await tryPassword(t.app, 'Admin1', TEST_PASSWORD, '10.0.0.4'));
      expect((await tryPassword(t.app, 'editor1', TEST_PASSWORD, '10.0.0.4')).statusCode).toBe(200);
    });

    it('throttles an address after its failures, whatever the usernames', async () => {
      for (const username of ['admin1', 'editor1', 'nobody']) {
        expect((await tryPassword(t.app, username, 'guess', '10.0.0.9')).statusCode).toBe(401);
      }
      expectThrottled(await tryPassword(t.app, 'user1', TEST_PASSWORD, '10.0.0.9'));
      expect((await tryPassword(t.app, 'user1', TEST_PASSWORD, '10.0.0.10')).statusCode).toBe(200);
    });

    it('counts guesses sent in parallel, so they cannot all slip past the limit', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => tryPassword(t.app, 'admin1', 'guess')));
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    });

    it('clears a username’s failures on success but keeps the address’s other failures', async () => {
      expect((await tryPassword(t.app, 'admin1', 'guess', '10.0.0.1')).statusCode).toBe(401);
      expect((await tryPassword(t.app, 'nobody', 'guess', '10.0.0.1')).statusCode).toBe(401);
      expect((await tryPassword(t.app, 'admin1', TEST_PASSWORD, '10.0.0.1')).statusCode).toBe(200);
      expect((await tryPassword(t.app, 'admin1', 'guess', '10.0.0.2')).statusCode).toBe(401);
      expect((await tryPassword(t.app, 'admin1', 'guess', '10.0.0.3')).statusCode).toBe(401);
      expect((await tryPassword(t.app, 'admin1', TEST_PASSWORD, '10.0.0.4')).statusCode).toBe(200);
      expect((await tryPassword(t.app, 'someone', 'guess', '10.0.0.1')).statusCode).toBe(401);
      expectThrottled(await tryPassword(t.app, 'editor1', TEST_PASSWORD, '10.0.0.1'));
    });
  });

  describe('registration', () => {
    const newcomer = { username: 'newcomer', email: 'newcomer@example.com', full_name: 'New Comer', password: 'a long password' };

    it('is refused with 403 unless ALLOW_REGISTRATION=true, whatever the body', async () => {
      const t = await createTestApp(dialect);
      try {
        for (const payload of [newcomer, {}, [1]]) {
          const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ detail: 'Registration is disabled' });
        }
        expect((await tryPassword(t.app, 'newcomer', newcomer.password)).statusCode).toBe(401);
      } finally {
        await t.close();
      }
    });

    describe('when open', () => {
      let t: TestApp;
      beforeEach(async () => {
        t = await createTestApp(dialect, { ALLOW_REGISTRATION: 'true' });
      });
      afterEach(async () => t.close());

      it('creates a plain user (201), ignoring a role in the body, who can then sign in', async () => {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/register/', payload: { ...newcomer, role: 'admin', is_active: false } });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({
          id: 4,
          username: 'newcomer',
          email: 'newcomer@example.com',
          full_name: 'New Comer',
          role: 'user',
          is_active: true,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        });
        const token = await signIn(t.app, 'newcomer', newcomer.password);
        expect((await me(t.app, token)).json()).toMatchObject({ username: 'newcomer', role: 'user' });
      });

      it('answers 409 for a username or email already taken, in any case', async () => {
        const takenName = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...newcomer, username: 'EDITOR1' } });
        expect(takenName.statusCode).toBe(409);
        expect(takenName.json()).toMatchObject({ detail: 'A user with this username already exists' });
        const takenEmail = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...newcomer, email: 'Editor1@Example.com' } });
        expect(takenEmail.statusCode).toBe(409);
        expect(takenEmail.json()).toMatchObject({ detail: 'A user with this email already exists' });
      });

      it('answers 422 naming each invalid field', async () => {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'x', email: 'nope', password: 'short' } });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password', 'username']);
      });
    });
  });
});
