import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError, type Config } from '../../config.js';
import { createSecretBox, parseSecretsKey, SECRETS_KEY_FILE } from '../../secret-box.js';
import { createTestApp, forEachDialect, TEST_PASSWORD, TEST_SECRETS_KEY, type TestApp } from '../../test/test-app.js';
import { enableTwoFactor, totpCode } from '../../test/totp.js';

const TEST_KEY = parseSecretsKey(TEST_SECRETS_KEY)!;
const NEW_KEY = Buffer.alloc(32, 42);

/** Both steps of a sign-in on `app`: the password, then the code; answers the second step. */
async function signInWithCode(app: FastifyInstance, code: string) {
  const first = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { username: 'editor1', password: TEST_PASSWORD },
  });
  expect(first.json()).toMatchObject({ two_factor_required: true });
  return app.inject({
    method: 'POST',
    url: '/api/auth/token/two-factor',
    payload: { challenge: first.json().challenge, code },
  });
}

const storedSecret = async (t: TestApp) =>
  (
    await t.app.ctx.db.kysely
      .selectFrom('users')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('username', '=', 'editor1')
      .executeTakeFirstOrThrow()
  ).totp_secret!;

forEachDialect('two-factor secrets at rest', (dialect) => {
  let t: TestApp;
  const others: FastifyInstance[] = [];
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    for (const app of others.splice(0)) await app.close();
    await t.close();
  });

  /** Another server process on the same database, with keys of its own. */
  async function restartWith(
    keys: Partial<Pick<Config, 'secretsKey' | 'secretsKeyPrevious'>>,
  ): Promise<FastifyInstance> {
    const app = await buildApp({ ...t.config, ...keys });
    others.push(app);
    return app;
  }

  it('stores the secret sealed under the key (AES-256-GCM, the key named), never as itself, and signs in with its codes', async () => {
    const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
    const stored = await storedSecret(t);
    expect(stored).toMatch(new RegExp(`^v1:${createSecretBox(TEST_KEY).keyId}:[\\w-]{16}:[\\w-]+$`));
    expect(stored).not.toContain(secret);
    // Two seals of one secret differ (a random IV each).
    expect(createSecretBox(TEST_KEY).seal(secret, 'totp:2')).not.toBe(createSecretBox(TEST_KEY).seal(secret, 'totp:2'));
    expect((await signInWithCode(t.app, totpCode(secret, 1))).statusCode).toBe(200);
    // Moved onto another user's row, it does not open there.
    await t.app.ctx.db.kysely
      .updateTable('users')
      .set({ totp_secret: stored })
      .where('username', '=', 'user1')
      .execute();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: 'user1', password: TEST_PASSWORD },
    });
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/two-factor',
      payload: { challenge: first.json().challenge, code: totpCode(secret, 1) },
    });
    expect(moved.statusCode).toBe(503);
  });

  it('seals secrets stored plain by an earlier version at the next start, once, and they keep working', async () => {
    const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
    await t.app.ctx.db.kysely
      .updateTable('users')
      .set({ totp_secret: secret })
      .where('username', '=', 'editor1')
      .execute();
    const restarted = await restartWith({});
    const sealed = await storedSecret(t);
    expect(sealed).toMatch(/^v1:/);
    expect(await restarted.ctx.services.twoFactor.sealSecrets()).toEqual({ sealed: 0, unreadable: [] });
    expect(await storedSecret(t)).toBe(sealed);
    expect((await signInWithCode(restarted, totpCode(secret, 1))).statusCode).toBe(200);
  });

  it('rotates the key: a start with SECRETS_KEY new and SECRETS_KEY_PREVIOUS old seals every secret under the new one', async () => {
    const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
    const rotated = await restartWith({ secretsKey: NEW_KEY, secretsKeyPrevious: TEST_KEY });
    expect(await storedSecret(t)).toMatch(new RegExp(`^v1:${createSecretBox(NEW_KEY).keyId}:`));
    expect((await signInWithCode(rotated, totpCode(secret, 1))).statusCode).toBe(200);
    // The old key can go: the new one alone opens every secret.
    const newOnly = await restartWith({ secretsKey: NEW_KEY });
    expect(await newOnly.ctx.services.twoFactor.sealSecrets()).toEqual({ sealed: 0, unreadable: [] });
    // A node left with the old key alone cannot check codes: a clear 503, never a 500, and the start names them.
    const stale = await restartWith({ secretsKey: TEST_KEY });
    expect(await stale.ctx.services.twoFactor.sealSecrets()).toEqual({ sealed: 0, unreadable: ['editor1'] });
    const refused = await signInWithCode(stale, totpCode(secret, 0));
    expect(refused.statusCode).toBe(503);
    expect(refused.json().detail).toMatch(/SECRETS_KEY does not open this account's secret/);
  });

  if (dialect === 'sqlite') {
    it('makes a key in the data folder on a first start without SECRETS_KEY, readable by its owner only, and uses it after', async () => {
      const file = path.join(t.dataDir, SECRETS_KEY_FILE);
      expect(fs.existsSync(file)).toBe(false);
      const first = await restartWith({ secretsKey: null });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const key = fs.readFileSync(file, 'utf8');
      const token = (
        await first.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: 'editor1', password: TEST_PASSWORD },
        })
      ).json().access_token as string;
      const { secret } = await enableTwoFactor(first, token);
      await first.close();
      others.splice(others.indexOf(first), 1);
      const second = await restartWith({ secretsKey: null });
      expect(fs.readFileSync(file, 'utf8')).toBe(key);
      expect((await signInWithCode(second, totpCode(secret, 1))).statusCode).toBe(200);
    });
  } else {
    it('will not start on PostgreSQL without SECRETS_KEY, naming the variable', async () => {
      const refusal = await buildApp({ ...t.config, secretsKey: null }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message).toMatch(/SECRETS_KEY: is required with DATABASE_URL/);
    });
  }
});

describe('sealed values', () => {
  it('refuse to open when altered, and name the key that sealed them', () => {
    const box = createSecretBox(TEST_KEY);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(box.open(sealed, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.state(sealed, 'totp:1')).toBe('current');
    expect(createSecretBox(NEW_KEY, [TEST_KEY]).state(sealed, 'totp:1')).toBe('previous');
    expect(createSecretBox(NEW_KEY).state(sealed, 'totp:1')).toBe('unreadable');
    const [format, id, iv, data] = sealed.split(':');
    // One bit of the sealed bytes flipped (a character swapped in the text could decode to the same bytes).
    const altered = Buffer.from(data!, 'base64url');
    altered[0]! ^= 1;
    const flipped = `${format}:${id}:${iv}:${altered.toString('base64url')}`;
    expect(box.state(flipped, 'totp:1')).toBe('unreadable');
    expect(box.state('JBSWY3DPEHPK3PXP', 'totp:1')).toBe('plain');
  });
});
