import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, forEachDialect, injectAs, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';
import { enableTwoFactor, totpCode } from '../../test/totp.js';

function passwordStep(app: FastifyInstance, username: string, password = TEST_PASSWORD, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/token', payload: { username, password }, remoteAddress });
}

function codeStep(app: FastifyInstance, challenge: string, code: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/token/two-factor', payload: { challenge, code }, remoteAddress });
}

/** The first step for an account with two-factor sign-in on: its challenge. */
async function challengeOf(app: FastifyInstance, username: string): Promise<string> {
  const res = await passwordStep(app, username);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({ two_factor_required: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  return body.challenge as string;
}

forEachDialect('two-factor sign-in', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { LOGIN_MAX_FAILURES: '5' });
  });
  afterEach(async () => t.close());

  const me = (token: string) => injectAs(t.app, token, { method: 'GET', url: '/api/auth/me' });
  const account = (token: string) => injectAs(t.app, token, { method: 'GET', url: '/api/account' });

  describe('setting it up', () => {
    it('gives a secret, its otpauth URL and a QR code, and turns on with a first code, answering ten recovery codes once', async () => {
      const setup = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/account/two-factor/setup' });
      expect(setup.statusCode).toBe(200);
      const { secret, otpauth_url, qr_code_svg } = setup.json();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauth_url).toBe(
        `otpauth://totp/Tours%20CMS:editor1?issuer=Tours%20CMS&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
      );
      expect(qr_code_svg).toMatch(/^<svg [^>]*viewBox/);
      // Not on until the first code confirms it.
      expect((await account(t.tokens.editor)).json()).toMatchObject({
        two_factor_enabled: false,
        recovery_codes_left: 0,
      });

      const enabled = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/account/two-factor/enable',
        payload: { code: totpCode(secret), password: TEST_PASSWORD },
      });
      expect(enabled.statusCode).toBe(200);
      const codes: string[] = enabled.json().recovery_codes;
      expect(codes).toHaveLength(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
      expect(new Set(codes).size).toBe(10);
      expect((await account(t.tokens.editor)).json()).toMatchObject({
        two_factor_enabled: true,
        recovery_codes_left: 10,
      });
      expect((await me(t.tokens.editor)).json()).toMatchObject({
        two_factor_enabled: true,
        two_factor_setup_required: false,
      });
    });

    it('turns on only with the account’s password, and ends the user’s other sessions, this one staying', async () => {
      const elsewhere = (await passwordStep(t.app, 'editor1')).json().access_token as string;
      const { secret } = (
        await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/account/two-factor/setup' })
      ).json();
      const enable = (payload: Record<string, unknown>) =>
        injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/account/two-factor/enable', payload });
      const missing = await enable({ code: totpCode(secret) });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual([{ field: 'password', message: 'Current password is required' }]);
      const wrong = await enable({ code: totpCode(secret), password: 'not my password' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual([{ field: 'password', message: 'Your current password is not right' }]);
      expect((await account(t.tokens.editor)).json()).toMatchObject({ two_factor_enabled: false });
      expect((await me(elsewhere)).statusCode).toBe(200);

      expect((await enable({ code: totpCode(secret), password: TEST_PASSWORD })).statusCode).toBe(200);
      expect((await me(t.tokens.editor)).statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
      // Other users' sessions are not touched.
      expect((await me(t.tokens.admin)).statusCode).toBe(200);
    });

    it('keeps only hashes of the recovery codes and never answers the secret again', async () => {
      const { secret, recoveryCodes } = await enableTwoFactor(t.app, t.tokens.editor);
      const rows = await t.app.ctx.db.kysely
        .selectFrom('recovery_codes')
        .select('code_hash')
        .where('user_id', '=', 2)
        .execute();
      expect(rows).toHaveLength(10);
      const stored = JSON.stringify(rows);
      for (const code of recoveryCodes) {
        expect(stored).not.toContain(code);
        expect(stored).not.toContain(code.replaceAll('-', ''));
      }
      expect((await account(t.tokens.editor)).body).not.toContain(secret);
      expect((await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/users/' })).body).not.toContain(secret);
      const again = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/account/two-factor/setup' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: 'Two-factor sign-in is already on' });
    });

    it('refuses a wrong or malformed first code with 422 on the field, and a code with no setup begun with 409', async () => {
      const none = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/account/two-factor/enable',
        payload: { code: '123456', password: TEST_PASSWORD },
      });
      expect(none.statusCode).toBe(409);
      expect(none.json().detail).toMatch(/start the setup again/);
      const { secret } = (
        await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/account/two-factor/setup' })
      ).json();
      const wrongCode = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
      for (const code of [wrongCode, 'abcdef', '12345', '']) {
        const res = await injectAs(t.app, t.tokens.editor, {
          method: 'POST',
          url: '/api/account/two-factor/enable',
          payload: { code, password: TEST_PASSWORD },
        });
        expect(res.statusCode, code).toBe(422);
        expect(res.json().errors).toEqual([{ field: 'code', message: expect.any(String) }]);
      }
      expect((await account(t.tokens.editor)).json()).toMatchObject({ two_factor_enabled: false });
      // The session survives every refusal: none of them is a 401.
      expect((await me(t.tokens.editor)).statusCode).toBe(200);
    });
  });

  describe('signing in', () => {
    it('leaves POST /auth/token unchanged for accounts without it', async () => {
      const res = await passwordStep(t.app, 'user1');
      expect(res.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    });

    it('takes two steps: the password answers a challenge, the code exchanges it for the token', async () => {
      const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
      const challenge = await challengeOf(t.app, 'editor1');
      const res = await codeStep(t.app, challenge, totpCode(secret, 1));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), token_type: 'bearer' });
      expect((await me(res.json().access_token)).json()).toMatchObject({
        username: 'editor1',
        two_factor_enabled: true,
      });
      // A challenge signs in once.
      const again = await codeStep(t.app, challenge, totpCode(secret, 1));
      expect(again.statusCode).toBe(401);
      expect(again.json().detail).toMatch(/expired or is not valid/);
    });

    it('accepts a form body for the second step too, with spaces in the code', async () => {
      const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
      const challenge = await challengeOf(t.app, 'editor1');
      const code = totpCode(secret, 1);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token/two-factor',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `challenge=${challenge}&code=${code.slice(0, 3)}%20${code.slice(3)}`,
      });
      expect(res.statusCode).toBe(200);
    });

    it('accepts a code once: the same code again is refused as used, even in a new sign-in', async () => {
      const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
      const code = totpCode(secret, 1);
      expect((await codeStep(t.app, await challengeOf(t.app, 'editor1'), code)).statusCode).toBe(200);
      const replay = await codeStep(t.app, await challengeOf(t.app, 'editor1'), code);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ detail: 'This code was already used: wait for the next one' });
      // An earlier code of the window is no better once a later one was used.
      const earlier = await codeStep(t.app, await challengeOf(t.app, 'editor1'), totpCode(secret, 0));
      expect(earlier.statusCode).toBe(401);
    });

    it('lets only one of two requests carrying the same code at once through', async () => {
      const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
      const code = totpCode(secret, 1);
      const [first, second] = [await challengeOf(t.app, 'editor1'), await challengeOf(t.app, 'editor1')];
      const answers = await Promise.all([codeStep(t.app, first, code), codeStep(t.app, second, code)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    });

    it('refuses wrong, malformed and expired answers with a clear detail', async () => {
      const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
      const challenge = await challengeOf(t.app, 'editor1');
      const wrong = await codeStep(
        t.app,
        challenge,
        String((Number(totpCode(secret, 1)) + 7) % 1_000_000).padStart(6, '0'),
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().detail).toMatch(/^The code is not right/);
      const malformed = await codeStep(t.app, challenge, 'not a code');
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().errors).toEqual([{ field: 'code', message: expect.stringMatching(/6-digit code/) }]);
      for (const [i, bad] of ['x'.repeat(43), 'short', '../../etc'].entries()) {
        const res = await codeStep(t.app, bad, totpCode(secret, 1), `198.51.100.${i}`);
        expect(res.statusCode, bad).toBe(401);
        expect(res.json().detail).toMatch(/expired or is not valid/);
      }
      const missing = await t.app.inject({ method: 'POST', url: '/api/auth/token/two-factor', payload: { challenge } });
      expect(missing.statusCode).toBe(422);
      // An expired challenge (its five minutes passed) is refused like an unknown one.
      await t.app.ctx.db.kysely
        .updateTable('two_factor_challenges')
        .set({ expires_at: '2020-01-01T00:00:00.000Z' })
        .execute();
      const expired = await codeStep(t.app, challenge, totpCode(secret, 1), '198.51.100.50');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().detail).toMatch(/expired or is not valid/);
    });

    it('spends a challenge after five wrong codes', async () => {
      const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
      const challenge = await challengeOf(t.app, 'editor1');
      // From different addresses, so that the address throttle is not what stops them.
      for (let i = 0; i < 5; i++)
        expect((await codeStep(t.app, challenge, '000000', `198.51.100.${i}`)).statusCode).toBe(401);
      const right = await codeStep(t.app, challenge, totpCode(secret, 1), '198.51.100.9');
      expect(right.statusCode).toBe(401);
      expect(right.json().detail).toMatch(/expired or is not valid/);
    });

    it('counts wrong codes with the password throttle: the user is then refused 429, even with the right code', async () => {
      const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
      const spare = await challengeOf(t.app, 'editor1');
      // Malformed, from ever-new addresses: every one counts against the user all the same.
      for (let i = 0; i < 5; i++)
        expect(
          (await codeStep(t.app, await challengeOf(t.app, 'editor1'), 'garbage', `203.0.113.${i}`)).statusCode,
        ).toBe(422);
      const blocked = await passwordStep(t.app, 'editor1', TEST_PASSWORD, '203.0.113.99');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
      // A challenge won before the limit is no way around it.
      const late = await codeStep(t.app, spare, totpCode(secret, 1), '203.0.113.98');
      expect(late.statusCode).toBe(429);
    });

    it('does not let a known password reset the count of code guesses', async () => {
      await enableTwoFactor(t.app, t.tokens.editor);
      for (let i = 0; i < 4; i++)
        await codeStep(t.app, await challengeOf(t.app, 'editor1'), '000000', `203.0.113.${i}`);
      // The password is right again: it must not clear the four wrong codes.
      await codeStep(t.app, await challengeOf(t.app, 'editor1'), '000000', '203.0.113.20');
      expect((await passwordStep(t.app, 'editor1', TEST_PASSWORD, '203.0.113.30')).statusCode).toBe(429);
    });

    it('signs in with a recovery code, which is then gone', async () => {
      const { recoveryCodes } = await enableTwoFactor(t.app, t.tokens.editor);
      const code = recoveryCodes[3]!;
      const res = await codeStep(t.app, await challengeOf(t.app, 'editor1'), code.toUpperCase().replaceAll('-', ' '));
      expect(res.statusCode).toBe(200);
      expect((await account(res.json().access_token)).json()).toMatchObject({ recovery_codes_left: 9 });
      const reused = await codeStep(t.app, await challengeOf(t.app, 'editor1'), code);
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toEqual({ detail: 'This recovery code is not valid or was already used' });
      // Another user's code is no code of this one.
      const { recoveryCodes: adminCodes } = await enableTwoFactor(t.app, t.tokens.admin);
      expect((await codeStep(t.app, await challengeOf(t.app, 'editor1'), adminCodes[0]!)).statusCode).toBe(401);
    });

    it('refuses an inactive account at the second step too', async () => {
      const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
      const challenge = await challengeOf(t.app, 'editor1');
      await t.app.ctx.db.kysely.updateTable('users').set({ is_active: 0 }).where('id', '=', 2).execute();
      const res = await codeStep(t.app, challenge, totpCode(secret, 1));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'This account is inactive' });
    });
  });

  describe('turning it off and new recovery codes', () => {
    it('turns off with the password; a wrong password is 422 and changes nothing', async () => {
      await enableTwoFactor(t.app, t.tokens.editor);
      const wrong = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/account/two-factor/disable',
        payload: { password: 'not my password' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        detail: 'Your current password is not right',
        errors: [{ field: 'password', message: 'Your current password is not right' }],
      });
      expect((await account(t.tokens.editor)).json()).toMatchObject({ two_factor_enabled: true });
      const off = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/account/two-factor/disable',
        payload: { password: TEST_PASSWORD },
      });
      expect(off.statusCode).toBe(204);
      expect((await account(t.tokens.editor)).json()).toMatchObject({
        two_factor_enabled: false,
        recovery_codes_left: 0,
      });
      expect((await passwordStep(t.app, 'editor1')).json()).toEqual({
        access_token: expect.any(String),
        token_type: 'bearer',
      });
    });

    it('makes new recovery codes with the password, the old ones no longer valid', async () => {
      const { recoveryCodes } = await enableTwoFactor(t.app, t.tokens.editor);
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/account/two-factor/recovery-codes',
        payload: { password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().recovery_codes).toHaveLength(10);
      expect((await codeStep(t.app, await challengeOf(t.app, 'editor1'), recoveryCodes[0]!)).statusCode).toBe(401);
      expect(
        (await codeStep(t.app, await challengeOf(t.app, 'editor1'), res.json().recovery_codes[0])).statusCode,
      ).toBe(200);
    });
  });

  describe('administrators', () => {
    const requireFor = (roles: string[]) =>
      injectAs(t.app, t.tokens.admin, {
        method: 'PUT',
        url: '/api/settings',
        payload: { site_name: 'Tours CMS', currency: 'EUR', two_factor_roles: roles },
      });

    it('require it for a role: its users may do nothing but set it up, then everything again', async () => {
      expect((await requireFor(['editor'])).json()).toMatchObject({ two_factor_roles: ['editor'] });
      expect((await me(t.tokens.editor)).json()).toMatchObject({
        two_factor_enabled: false,
        two_factor_setup_required: true,
      });
      const posts = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/posts/' });
      expect(posts.statusCode).toBe(403);
      expect(posts.json()).toEqual({
        detail: 'Your role requires two-factor sign-in: set it up on your Account screen to continue',
      });
      // Other roles are not touched.
      expect((await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/posts/' })).statusCode).toBe(200);
      // A fresh sign-in gives a token (there is no second factor yet) that is held to the same rule.
      const fresh = (await passwordStep(t.app, 'editor1')).json();
      expect(fresh).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
      expect((await injectAs(t.app, fresh.access_token, { method: 'GET', url: '/api/pages/' })).statusCode).toBe(403);

      await enableTwoFactor(t.app, t.tokens.editor);
      expect((await me(t.tokens.editor)).json()).toMatchObject({
        two_factor_enabled: true,
        two_factor_setup_required: false,
      });
      expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/posts/' })).statusCode).toBe(200);
      // And it cannot be turned off while the role requires it.
      const off = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/account/two-factor/disable',
        payload: { password: TEST_PASSWORD },
      });
      expect(off.statusCode).toBe(403);
      expect((await account(t.tokens.editor)).json()).toMatchObject({
        two_factor_enabled: true,
        two_factor_required: true,
      });
    });

    it('reset it for a user who lost their device: the password alone signs them in again', async () => {
      await enableTwoFactor(t.app, t.tokens.editor);
      expect(
        (await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/users/' }))
          .json()
          .find((u: { id: number }) => u.id === 2),
      ).toMatchObject({ two_factor_enabled: true });
      const reset = await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: '/api/users/2/two-factor' });
      expect(reset.statusCode).toBe(204);
      expect((await passwordStep(t.app, 'editor1')).json()).toEqual({
        access_token: expect.any(String),
        token_type: 'bearer',
      });
      expect(
        await t.app.ctx.db.kysely.selectFrom('recovery_codes').selectAll().where('user_id', '=', 2).execute(),
      ).toEqual([]);
    });

    it('are the only ones who may reset it (403) or require it (403); an unknown user is 404', async () => {
      await enableTwoFactor(t.app, t.tokens.admin);
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: '/api/users/1/two-factor' })).statusCode,
      ).toBe(403);
      expect(
        (
          await injectAs(t.app, t.tokens.editor, {
            method: 'PUT',
            url: '/api/settings',
            payload: { site_name: 'x', currency: 'EUR', two_factor_roles: [] },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: '/api/users/999/two-factor' })).statusCode,
      ).toBe(404);
      const junk = await requireFor(['owner']);
      expect(junk.statusCode).toBe(422);
      expect((await account(t.tokens.admin)).json()).toMatchObject({ two_factor_enabled: true });
    });
  });
});
