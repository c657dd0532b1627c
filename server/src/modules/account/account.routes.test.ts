import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, forEachDialect, injectAs, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';

forEachDialect('account', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { LOGIN_MAX_FAILURES: '4' });
  });
  afterEach(async () => t.close());

  const account = (token: string) => injectAs(t.app, token, { method: 'GET', url: '/api/account' });
  const changePassword = (token: string, payload: object) =>
    injectAs(t.app, token, { method: 'PUT', url: '/api/account/password', payload });
  const canSignIn = async (username: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/token', payload: { username, password } })).statusCode ===
    200;

  it('answers the signed-in user’s own account, for every role', async () => {
    for (const [role, id] of [
      ['admin', 1],
      ['editor', 2],
      ['user', 3],
    ] as const) {
      const res = await account(t.tokens[role]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id,
        username: `${role}1`,
        full_name: expect.any(String),
        email: `${role}1@example.com`,
        role,
        two_factor_enabled: false,
        two_factor_required: false,
        recovery_codes_left: 0,
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
  });

  describe('profile', () => {
    it('changes one’s own full name and e-mail, which /auth/me then answers', async () => {
      const res = await injectAs(t.app, t.tokens.user, {
        method: 'PUT',
        url: '/api/account/profile',
        payload: { full_name: 'Uma User', email: 'uma@example.com', current_password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        full_name: 'Uma User',
        email: 'uma@example.com',
        username: 'user1',
        role: 'user',
      });
      expect((await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/auth/me' })).json()).toMatchObject({
        full_name: 'Uma User',
        email: 'uma@example.com',
      });
    });

    it('changes the e-mail address only with the current password, the name alone without it', async () => {
      const profile = (payload: Record<string, unknown>) =>
        injectAs(t.app, t.tokens.user, { method: 'PUT', url: '/api/account/profile', payload });
      for (const [password, message] of [
        [undefined, 'Enter your current password to change your e-mail address'],
        ['', 'Enter your current password to change your e-mail address'],
        ['not my password', 'Your current password is not right'],
      ] as const) {
        const res = await profile({
          full_name: 'Uma User',
          email: 'taken-over@example.net',
          current_password: password,
        });
        expect(res.statusCode, String(password)).toBe(422);
        expect(res.json().errors).toEqual([{ field: 'current_password', message }]);
      }
      expect((await account(t.tokens.user)).json()).toMatchObject({
        email: 'user1@example.com',
        full_name: 'User One',
      });
      // The same address in other capitals is no change; a new name needs nothing.
      const renamed = await profile({ full_name: 'Uma User', email: 'USER1@example.com' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ full_name: 'Uma User' });
    });

    it('ignores a role, username or active flag in the body: those are an administrator’s', async () => {
      const res = await injectAs(t.app, t.tokens.user, {
        method: 'PUT',
        url: '/api/account/profile',
        payload: { full_name: null, email: 'user1@example.com', role: 'admin', username: 'boss', is_active: false },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: 'user1', role: 'user', full_name: null });
      expect(await canSignIn('user1', TEST_PASSWORD)).toBe(true);
    });

    it('refuses an e-mail another user has (409) or an invalid one (422)', async () => {
      const taken = await injectAs(t.app, t.tokens.user, {
        method: 'PUT',
        url: '/api/account/profile',
        payload: { full_name: 'x', email: 'EDITOR1@example.com', current_password: TEST_PASSWORD },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toEqual([{ field: 'email', message: 'This email is already in use' }]);
      const invalid = await injectAs(t.app, t.tokens.user, {
        method: 'PUT',
        url: '/api/account/profile',
        payload: { full_name: 'x', email: 'nope' },
      });
      expect(invalid.statusCode).toBe(422);
      expect((await account(t.tokens.user)).json()).toMatchObject({ email: 'user1@example.com' });
    });
  });

  describe('password', () => {
    it('changes with the current password; every other session ends, this one stays', async () => {
      const elsewhere = await signIn(t.app, 'editor1', TEST_PASSWORD);
      const res = await changePassword(t.tokens.editor, {
        current_password: TEST_PASSWORD,
        new_password: 'a fresh sentence to type',
      });
      expect(res.statusCode).toBe(204);
      expect((await account(t.tokens.editor)).statusCode).toBe(200);
      expect((await account(elsewhere)).statusCode).toBe(401);
      expect(await canSignIn('editor1', 'a fresh sentence to type')).toBe(true);
      expect(await canSignIn('editor1', TEST_PASSWORD)).toBe(false);
    });

    it('refuses a wrong current password with 422 on its field, never a 401 that would end the session', async () => {
      const res = await changePassword(t.tokens.editor, {
        current_password: 'wrong password',
        new_password: 'a fresh sentence to type',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: 'Your current password is not right',
        errors: [{ field: 'current_password', message: 'Your current password is not right' }],
      });
      expect(await canSignIn('editor1', TEST_PASSWORD)).toBe(true);
    });

    it('throttles guesses of the current password like sign-ins', async () => {
      for (let i = 0; i < 4; i++)
        expect(
          (
            await changePassword(t.tokens.editor, {
              current_password: `guess ${i}`,
              new_password: 'a fresh sentence to type',
            })
          ).statusCode,
        ).toBe(422);
      const blocked = await changePassword(t.tokens.editor, {
        current_password: TEST_PASSWORD,
        new_password: 'a fresh sentence to type',
      });
      expect(blocked.statusCode).toBe(429);
      expect(await canSignIn('editor1', 'a fresh sentence to type')).toBe(false);
    });

    it.each([
      ['short1234', 'Password must be at least 10 characters'],
      [
        'password123',
        'This password is among the most common passwords, or close to one: choose one that is harder to guess',
      ],
      [
        'Password1234',
        'This password is among the most common passwords, or close to one: choose one that is harder to guess',
      ],
      [
        'qwertyuiop',
        'This password is among the most common passwords, or close to one: choose one that is harder to guess',
      ],
      ['editor1editor1', 'This password is too close to your username or e-mail address: choose another'],
    ])('refuses the weak new password %j with a reason', async (newPassword, message) => {
      const res = await changePassword(t.tokens.editor, { current_password: TEST_PASSWORD, new_password: newPassword });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'new_password', message }]);
      expect(await canSignIn('editor1', TEST_PASSWORD)).toBe(true);
    });
  });

  describe('the same password rules elsewhere', () => {
    it('apply when an administrator creates a user or sets a password on the Users screen', async () => {
      const created = await injectAs(t.app, t.tokens.admin, {
        method: 'POST',
        url: '/api/users/',
        payload: { username: 'guide', email: 'guide@example.com', password: 'iloveyou12' },
      });
      expect(created.statusCode).toBe(422);
      expect(created.json().errors).toEqual([
        { field: 'password', message: expect.stringMatching(/most common passwords/) },
      ]);
      const edited = await injectAs(t.app, t.tokens.admin, {
        method: 'PUT',
        url: '/api/users/2',
        payload: { username: 'editor1', email: 'editor1@example.com', password: 'sunshine2024' },
      });
      expect(edited.statusCode).toBe(422);
      // A blank password still keeps the current one, as the Users screen expects.
      expect(
        (
          await injectAs(t.app, t.tokens.admin, {
            method: 'PUT',
            url: '/api/users/2',
            payload: { username: 'editor1', email: 'editor1@example.com', password: '' },
          })
        ).statusCode,
      ).toBe(200);
      expect(await canSignIn('editor1', TEST_PASSWORD)).toBe(true);
    });

    it('apply to open registration, before anything else is said', async () => {
      await t.close();
      t = await createTestApp(dialect, { ALLOW_REGISTRATION: 'true' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'newbie', email: 'newbie@example.com', password: 'letmein1234' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].field).toBe('password');
    });
  });
});
