import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createTestApp, forEachDialect, injectAs, signIn, type TestApp } from './test/test-app.js';
import { loadConfig } from './config.js';
import { ensureFirstAdmin } from './bootstrap.js';

forEachDialect('first start', (dialect) => {
  let t: TestApp;
  let printed: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    printed = '';
    // The generated password goes to stdout, not the log: capture it (and keep it out of the test output).
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  async function emptyDatabase(): Promise<void> {
    await t.app.ctx.db.kysely.deleteFrom('sessions').execute();
    await t.app.ctx.db.kysely.deleteFrom('users').execute();
  }

  const configWith = (env: Record<string, string>) => loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', ...env });

  it('creates the admin from ADMIN_* on an empty database, who can sign in', async () => {
    await emptyDatabase();
    const config = configWith({
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'a long secret',
      ADMIN_EMAIL: 'owner@tours.example.com',
    });
    expect(await ensureFirstAdmin(t.app.ctx.services.users, config, t.app.log)).toBeNull();
    expect(printed).not.toContain('a long secret');

    const token = await signIn(t.app, 'owner', 'a long secret');
    const me = await injectAs(t.app, token, { method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ username: 'owner', email: 'owner@tours.example.com', role: 'admin' });
    const users = await injectAs(t.app, token, { method: 'GET', url: '/api/users/' });
    expect(users.json()).toEqual([expect.objectContaining({ username: 'owner', role: 'admin', is_active: true })]);
  });

  it('records the first admin in the activity log as made at the first start', async () => {
    await emptyDatabase();
    await ensureFirstAdmin(
      t.app.ctx.services.users,
      configWith({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a long secret' }),
      t.app.log,
    );
    const [entry] = await t.app.ctx.db.kysely
      .selectFrom('activity')
      .selectAll()
      .where('item_type', '=', 'user')
      .execute();
    expect(entry).toMatchObject({
      user_id: null,
      actor_name: 'System',
      action: 'create',
      item_title: 'owner',
      summary: 'The first administrator, made at the first start',
    });
  });

  it('stops the start, naming ADMIN_PASSWORD, when it is among the most common passwords', async () => {
    await emptyDatabase();
    const start = ensureFirstAdmin(t.app.ctx.services.users, configWith({ ADMIN_PASSWORD: 'password1234' }), t.app.log);
    await expect(start).rejects.toThrow(/^ADMIN_PASSWORD: This password is among the most common passwords/);
    expect(await t.app.ctx.services.users.count()).toBe(0);
  });

  it('generates a password when none is set, prints it once and returns it; it signs in', async () => {
    await emptyDatabase();
    const password = await ensureFirstAdmin(t.app.ctx.services.users, configWith({}), t.app.log);
    expect(password).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/));
    expect(printed.split(password!)).toHaveLength(2);
    expect(printed).toContain('username: admin');

    const token = await signIn(t.app, 'admin', password!);
    const me = await injectAs(t.app, token, { method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ username: 'admin', email: 'admin@example.com', role: 'admin' });
  });

  it('generates a different password on each new site', async () => {
    await emptyDatabase();
    const first = await ensureFirstAdmin(t.app.ctx.services.users, configWith({}), t.app.log);
    await emptyDatabase();
    const second = await ensureFirstAdmin(t.app.ctx.services.users, configWith({}), t.app.log);
    expect(first).not.toBe(second);
  });

  it('does nothing when users exist', async () => {
    const before = await t.app.ctx.db.kysely.selectFrom('users').selectAll().orderBy('id').execute();
    const config = configWith({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a long secret' });
    expect(await ensureFirstAdmin(t.app.ctx.services.users, config, t.app.log)).toBeNull();
    expect(await ensureFirstAdmin(t.app.ctx.services.users, configWith({}), t.app.log)).toBeNull();
    expect(await t.app.ctx.db.kysely.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
    expect(printed).toBe('');
  });
});
