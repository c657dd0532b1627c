import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, TEST_PASSWORD, type TestApp } from '../../test/test-app.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';

forEachDialect('sessions', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  /** Signs in as a browser would, from an address with a user agent; answers the token. */
  async function signInFrom(username: string, remoteAddress: string, userAgent = FIREFOX): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username, password: TEST_PASSWORD },
      remoteAddress,
      headers: { 'user-agent': userAgent },
    });
    expect(res.statusCode).toBe(200);
    return res.json().access_token as string;
  }
  const mySessions = async (token: string): Promise<Session[]> =>
    (await injectAs(t.app, token, { method: 'GET', url: '/api/account/sessions' })).json();
  const canRead = async (token: string) =>
    (await injectAs(t.app, token, { method: 'GET', url: '/api/posts/' })).statusCode === 200;

  describe('each user', () => {
    it('sees their sessions with when they began and were last used, the address and the browser, this one marked', async () => {
      const laptop = await signInFrom('editor1', '198.51.100.7');
      const sessions = await mySessions(laptop);
      expect(sessions).toHaveLength(2);
      const [newest, older] = sessions;
      expect(newest).toEqual({
        id: expect.any(Number),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        last_used_at: expect.any(String),
        ip_address: '198.51.100.7',
        user_agent: FIREFOX,
        current: true,
      });
      expect(older).toMatchObject({ current: false, ip_address: '127.0.0.1' });
      // Only one's own: the admin's sessions are not among them.
      expect(sessions.every((session) => session.id !== 1)).toBe(true);
    });

    it('writes the last use at most once a minute', async () => {
      const token = await signInFrom('editor1', '198.51.100.7');
      const [mine] = await mySessions(token);
      const old = '2026-01-01T00:00:00.000Z';
      await t.app.ctx.db.kysely.updateTable('sessions').set({ last_used_at: old }).where('id', '=', mine!.id).execute();
      await canRead(token);
      const touched = (
        await t.app.ctx.db.kysely
          .selectFrom('sessions')
          .select('last_used_at')
          .where('id', '=', mine!.id)
          .executeTakeFirstOrThrow()
      ).last_used_at!;
      expect(touched > old).toBe(true);
      // Within the minute, requests leave it as it is.
      const stamp = new Date(Date.now() - 30_000).toISOString();
      await t.app.ctx.db.kysely
        .updateTable('sessions')
        .set({ last_used_at: stamp })
        .where('id', '=', mine!.id)
        .execute();
      await canRead(token);
      await canRead(token);
      expect(
        (
          await t.app.ctx.db.kysely
            .selectFrom('sessions')
            .select('last_used_at')
            .where('id', '=', mine!.id)
            .executeTakeFirstOrThrow()
        ).last_used_at,
      ).toBe(stamp);
    });

    it('ends one of their sessions: that token is refused at its next request, the others carry on', async () => {
      const phone = await signInFrom('editor1', '198.51.100.8');
      const phoneSession = (await mySessions(phone)).find((session) => session.current)!;
      const res = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/sessions/${phoneSession.id}` });
      expect(res.statusCode).toBe(204);
      const refused = await injectAs(t.app, phone, { method: 'GET', url: '/api/posts/' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: 'Not authenticated' });
      expect(await canRead(t.tokens.editor)).toBe(true);
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/sessions/${phoneSession.id}` }))
          .statusCode,
      ).toBe(404);
    });

    it('signs out everywhere else: every other session ends, this one stays', async () => {
      const others = [await signInFrom('editor1', '198.51.100.1'), await signInFrom('editor1', '198.51.100.2')];
      const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/account/sessions/end-others' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ended: 2 });
      for (const token of others) expect(await canRead(token)).toBe(false);
      expect(await canRead(t.tokens.editor)).toBe(true);
      expect(await mySessions(t.tokens.editor)).toHaveLength(1);
      // Other users keep theirs.
      expect(await canRead(t.tokens.admin)).toBe(true);
    });

    it("cannot end another user's session (403) and changes nothing", async () => {
      const adminSessions = (
        await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/account/sessions' })
      ).json() as Session[];
      for (const token of [t.tokens.editor, t.tokens.user]) {
        const res = await injectAs(t.app, token, { method: 'DELETE', url: `/api/sessions/${adminSessions[0]!.id}` });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: 'You can end only your own sessions' });
      }
      expect(await canRead(t.tokens.admin)).toBe(true);
      for (const id of ['abc', '0', '-1', '99999999999']) {
        expect(
          (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/sessions/${id}` })).statusCode,
          id,
        ).toBe(422);
      }
    });
  });

  describe('administrators', () => {
    it("list any user's sessions and end one, or all of them, from the Users screen", async () => {
      const first = await signInFrom('editor1', '198.51.100.3');
      const list = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/users/2/sessions' });
      expect(list.statusCode).toBe(200);
      const sessions = list.json() as Session[];
      expect(sessions.map((session) => session.ip_address).sort()).toEqual(['127.0.0.1', '198.51.100.3']);
      expect(sessions.every((session) => !session.current)).toBe(true);

      const one = sessions.find((session) => session.ip_address === '198.51.100.3')!;
      expect(
        (await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: `/api/sessions/${one.id}` })).statusCode,
      ).toBe(204);
      expect(await canRead(first)).toBe(false);
      expect(await canRead(t.tokens.editor)).toBe(true);

      const all = await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: '/api/users/2/sessions' });
      expect(all.json()).toEqual({ ended: 1 });
      expect(await canRead(t.tokens.editor)).toBe(false);
      expect(await canRead(t.tokens.admin)).toBe(true);
    });

    it('are the only ones who list or end by user (403), and an unknown user is 404', async () => {
      expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/users/1/sessions' })).statusCode).toBe(
        403,
      );
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: '/api/users/1/sessions' })).statusCode,
      ).toBe(403);
      expect(
        (await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/users/999/sessions' })).statusCode,
      ).toBe(404);
      expect(
        (await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: '/api/users/999/sessions' })).statusCode,
      ).toBe(404);
      expect(await canRead(t.tokens.admin)).toBe(true);
    });
  });
});
