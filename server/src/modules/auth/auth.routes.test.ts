import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, forEachDialect, injectAs, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';
import { generateToken, hashToken } from '../sessions/tokens.js';
import { insertSession } from '../sessions/sessions.repository.js';
import { useTestClock } from '../../test/test-clock.js';

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
      const long = await tryPassword(t.app, 'u'.repeat(2_000), 'x');
      expect(long.statusCode).toBe(422);
      expect(long.json().errors).toEqual([{ field: 'username', message: 'Username is too long' }]);
    });

    // Review finding: sign-in and registration parsed up to 5 MB of JSON before refusing it.
    it('refuses a body of more than a few kilobytes with 413 before reading it, on sign-in and registration', async () => {
      for (const url of ['/api/auth/token', '/api/auth/register']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: { username: 'u'.repeat(100_000), password: 'x' },
        });
        expect(res.statusCode, url).toBe(413);
      }
      const open = await createTestApp(dialect, { ALLOW_REGISTRATION: 'true' });
      try {
        const res = await open.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { username: 'u'.repeat(100_000), email: 'a@b.c', password: 'x' },
        });
        expect(res.statusCode).toBe(413);
        expect(res.json().detail).toMatch(/too large/i);
      } finally {
        await open.close();
      }
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
      const proto = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': poisoned.contentType },
        payload: poisoned.payload,
      });
      expect(proto.statusCode).toBe(400);

      const withFile = await multipartForm({
        username: 'admin1',
        password: TEST_PASSWORD,
        file: new File(['hello'], 'a.txt'),
      });
      const file = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': withFile.contentType },
        payload: withFile.payload,
      });
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
        expect(res.json()).toEqual({
          id: 2,
          username: 'editor1',
          full_name: 'Editor One',
          email: 'editor1@example.com',
          role: 'editor',
          two_factor_enabled: false,
          two_factor_setup_required: false,
        });
      }
    });

    it('accepts the Bearer scheme in any case', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `bearer ${t.tokens.user}` },
      });
      expect(res.statusCode).toBe(200);
    });

    it('answers 401 Not authenticated without a token, with a forged one or with a malformed header', async () => {
      const headers = [
        {},
        { authorization: `Bearer ${generateToken()}` },
        { authorization: 'Bearer short' },
        { authorization: 'Bearer' },
        { authorization: `Token ${t.tokens.admin}` },
      ];
      for (const header of headers) {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: header });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(NOT_AUTHENTICATED);
      }
    });

    it('refuses an expired token', async () => {
      const token = generateToken();
      await insertSession(t.app.ctx.db, {
        user_id: 1,
        token_hash: hashToken(token),
        created_at: '2020-01-01T00:00:00.000Z',
        expires_at: '2020-01-02T00:00:00.000Z',
        last_used_at: null,
        ip_address: null,
        user_agent: null,
      });
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
    const clock = useTestClock();
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

    it('throttles a username at the address that failed, even with the right password', async () => {
      for (let n = 0; n < 3; n++)
        expect((await tryPassword(t.app, 'admin1', 'guess', '10.0.0.1')).statusCode).toBe(401);
      expectThrottled(await tryPassword(t.app, 'Admin1', TEST_PASSWORD, '10.0.0.1'));
    });

    it('lets an administrator locked out by strangers’ guesses sign in from their own address, and anywhere once the window has passed', async () => {
      // Guesses at admin1 from many addresses, each stopped at the limit: admin1 is locked out at every one of them.
      for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        for (let n = 0; n < 3; n++) expect((await tryPassword(t.app, 'admin1', 'guess', address)).statusCode).toBe(401);
        expectThrottled(await tryPassword(t.app, 'admin1', TEST_PASSWORD, address));
      }
      // Their own address never guessed: they sign in.
      expect((await tryPassword(t.app, 'admin1', TEST_PASSWORD, '10.0.0.7')).statusCode).toBe(200);
      // LOGIN_WINDOW_MINUTES (15) later, the addresses that guessed may try again: the lockout ends by itself.
      clock.advance(15 * 60_000 + 1000);
      expect((await tryPassword(t.app, 'admin1', TEST_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
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

    // Review finding: every address of an IPv6 /64 was a client of its own, so a subscriber could rotate them.
    it('counts IPv6 clients per /64', async () => {
      for (const [n, username] of ['admin1', 'editor1', 'nobody'].entries()) {
        expect((await tryPassword(t.app, username, 'guess', `2001:db8:1:2::${n + 1}`)).statusCode).toBe(401);
      }
      expectThrottled(await tryPassword(t.app, 'user1', TEST_PASSWORD, '2001:db8:1:2:abcd::9'));
      expect((await tryPassword(t.app, 'user1', TEST_PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
    });

    // Review finding: with TRUST_PROXY=true every hop of X-Forwarded-For was believed, so a client behind the
    // proxy named a new address of its own on each guess and escaped the throttle.
    it.each([
      ['a hop count', '1'],
      ['the proxy’s address', '10.0.0.100'],
      ['the proxy’s network', '10.0.0.0/24'],
    ])(
      'behind a proxy given by %s, counts the address the proxy saw, not one the client wrote',
      async (_name, trust) => {
        const behind = await createTestApp(dialect, { LOGIN_MAX_FAILURES: '3', TRUST_PROXY: trust });
        try {
          const viaProxy = (username: string, password: string, spoofed: string) =>
            behind.app.inject({
              method: 'POST',
              url: '/api/auth/token',
              payload: { username, password },
              remoteAddress: '10.0.0.100',
              headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.5` },
            });
          for (const [n, username] of ['admin1', 'editor1', 'nobody'].entries()) {
            expect((await viaProxy(username, 'guess', `198.51.100.${n}`)).statusCode).toBe(401);
          }
          expectThrottled(await viaProxy('user1', TEST_PASSWORD, '198.51.100.77'));
        } finally {
          await behind.close();
        }
      },
    );

    it('believes X-Forwarded-For only from a listed proxy', async () => {
      const behind = await createTestApp(dialect, { LOGIN_MAX_FAILURES: '3', TRUST_PROXY: '10.0.0.100' });
      try {
        for (const n of [1, 2, 3]) {
          const direct = await behind.app.inject({
            method: 'POST',
            url: '/api/auth/token',
            payload: { username: `nobody${n}`, password: 'guess' },
            remoteAddress: '192.0.2.50',
            headers: { 'x-forwarded-for': `198.51.100.${n}` },
          });
          expect(direct.statusCode).toBe(401);
        }
        const again = await behind.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: 'user1', password: TEST_PASSWORD },
          remoteAddress: '192.0.2.50',
        });
        expectThrottled(again);
      } finally {
        await behind.close();
      }
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

  // Review finding: password checks (64 MiB of argon2 each) had no global bound, so a flood of sign-ins to any
  // accounts took all memory and CPU.
  describe('bounding password checks', () => {
    it('answers 429 at once, without checking, when as many password checks as allowed are running', async () => {
      // At the production cost one check takes 100-300 ms here: the first sign-in's check is still running when
      // the others arrive, however loaded the machine (at the test cost, a check could end before the next began).
      const t = await createTestApp(dialect, { PASSWORD_CHECKS_MAX: '1' }, { productionPasswordCost: true });
      try {
        const created = await injectAs(t.app, t.tokens.admin, {
          method: 'POST',
          url: '/api/users/',
          payload: { username: 'slowhash', email: 'slow@example.com', full_name: 'Slow', password: 'a long password' },
        });
        expect(created.statusCode, created.body).toBe(201);
        const answers = await Promise.all(
          ['slowhash', 'slowhash', 'slowhash', 'nobody1', 'nobody2', 'nobody3'].map((username, n) =>
            tryPassword(t.app, username, 'guess', `10.1.0.${n}`),
          ),
        );
        const busy = answers.filter((res) => res.statusCode === 429);
        expect(busy.length).toBeGreaterThan(0);
        expect(answers.filter((res) => res.statusCode === 401).length).toBeGreaterThan(0);
        for (const res of busy) {
          expect(res.json().detail).toBe('The server is busy checking other sign-ins. Try again in a moment.');
          expect(res.headers['retry-after']).toBe('1');
        }
        // Once the checks are done, sign-in works again.
        expect((await tryPassword(t.app, 'editor1', TEST_PASSWORD, '10.1.1.1')).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  });

  describe('registration', () => {
    const newcomer = {
      username: 'newcomer',
      email: 'newcomer@example.com',
      full_name: 'New Comer',
      password: 'a long password',
    };

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

      const RECEIVED = {
        detail: 'Thank you. An administrator will review your registration; you can sign in once it is approved.',
      };

      // Review finding: a self-registered account was an active `user` at once, and so read every inquiry's
      // personal data.
      it('creates a plain user, ignoring a role in the body, who cannot sign in until an administrator approves', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register/',
          payload: { ...newcomer, role: 'admin', is_active: true },
        });
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual(RECEIVED);
        const users = (await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/users/' })).json() as {
          id: number;
          username: string;
          role: string;
          is_active: boolean;
        }[];
        const created = users.find((user) => user.username === 'newcomer')!;
        expect(created).toMatchObject({ role: 'user', is_active: false });
        const refused = await tryPassword(t.app, 'newcomer', newcomer.password);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: 'This account is inactive' });
        const approve = await injectAs(t.app, t.tokens.admin, {
          method: 'PUT',
          url: `/api/users/${created.id}`,
          payload: {
            username: 'newcomer',
            email: newcomer.email,
            full_name: newcomer.full_name,
            role: 'user',
            is_active: true,
          },
        });
        expect(approve.statusCode).toBe(200);
        const token = await signIn(t.app, 'newcomer', newcomer.password);
        expect((await me(t.app, token)).json()).toMatchObject({ username: 'newcomer', role: 'user' });
      });

      // Review finding: the answer told whether a username or e-mail had an account.
      it('answers a username or e-mail already taken exactly as a new one, and changes nothing', async () => {
        const before = (await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/users/' })).body;
        for (const payload of [
          { ...newcomer, username: 'EDITOR1' },
          { ...newcomer, email: 'Editor1@Example.com' },
        ]) {
          const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
          expect(res.statusCode).toBe(202);
          expect(res.json()).toEqual(RECEIVED);
        }
        expect((await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/users/' })).body).toBe(before);
      });

      // Review finding: registration was not throttled.
      it('accepts a handful of registrations per address an hour, then answers 429', async () => {
        for (let n = 0; n < 5; n++) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: { ...newcomer, username: `newcomer${n}`, email: `n${n}@example.com` },
            remoteAddress: '198.51.100.1',
          });
          expect(res.statusCode).toBe(202);
        }
        const refused = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { ...newcomer, username: 'one-more', email: 'more@example.com' },
          remoteAddress: '198.51.100.1',
        });
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        const elsewhere = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { ...newcomer, username: 'one-more', email: 'more@example.com' },
          remoteAddress: '198.51.100.2',
        });
        expect(elsewhere.statusCode).toBe(202);
      });

      it('answers 422 naming each invalid field', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { username: 'x', email: 'nope', password: 'short' },
        });
        expect(res.statusCode).toBe(422);
        expect(
          res
            .json()
            .errors.map((e: { field: string }) => e.field)
            .sort(),
        ).toEqual(['email', 'password', 'username']);
      });
    });
  });
});
