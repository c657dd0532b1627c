import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../config.js';
import { buildApp } from '../app.js';
import type { DialectName } from '../db/dialect.js';
import { SQLITE_FILE_NAME } from '../db/connect.js';
import { databaseUrl, freshPostgresDatabase, onServer, releasePostgresDatabase } from './database-templates.js';
import type { Role } from '@tours-cms/contract';
import argon2 from 'argon2';
import { generateToken, hashToken } from '../modules/sessions/tokens.js';
import { insertSession } from '../modules/sessions/sessions.repository.js';
import { insertUser } from '../modules/users/users.repository.js';
import { nowIso } from '../core/clock.js';

/**
 * The SECRETS_KEY of test apps and server processes (PostgreSQL requires one; SQLite would make a key file per
 * data folder): one key, so that a backup of one test site opens in another.
 */
export const TEST_SECRETS_KEY = 'dGVzdC1zZWNyZXRzLWtleS0zMi1ieXRlcy1sb25nISE=';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DIALECTS: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Runs a suite once per database, each case against its own fresh database. */
export function forEachDialect(name: string, suite: (dialect: DialectName) => void): void {
  describe.each(DIALECTS)(`${name} [%s]`, (dialect) => suite(dialect));
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Bearer tokens for ready-made users: admin, editor and user. */
  tokens: Record<Role, string>;
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery';
/** The password of the ready-made users admin1, editor1 and user1. */
export const TEST_PASSWORD = PASSWORD;
let passwordHash: Promise<string> | null = null;
/**
 * The ready-made users' password hash: argon2id like every other, but at 1 MiB and one pass instead of 64 MiB and
 * two (verifying reads the cost from the hash), since sign-in tests check it hundreds of times and each production
 * check costs 80-200 ms here. Accounts made through the API carry the production cost (users.routes.test.ts).
 */
function testPasswordHash(): Promise<string> {
  passwordHash ??= argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  return passwordHash;
}

export interface TestAppOptions {
  /**
   * Accounts made through the API get the production password cost, as main.ts builds the app. By default a test
   * app hashes new passwords at the test cost (argon2id at 1 MiB, one pass: buildApp's `passwordCost` option), since
   * the production cost takes 100-300 ms a hash here and sign-ups, password changes and first admins add up.
   */
  productionPasswordCost?: boolean;
}

/**
 * Builds the real app on a fresh database: a new SQLite file in a temp folder, a copy of the run's freshly migrated
 * template; on PostgreSQL a copy of its template, or one an earlier test gave back emptied to the template's state
 * on close (database-templates.ts). Three users (admin, editor, user) are created and signed in.
 */
export async function createTestApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-test-'));
  let database: string | undefined;
  if (dialect === 'postgres') {
    const template = inject('postgresTemplate');
    if (template) {
      database = await freshPostgresDatabase(serverUrl(), template);
    } else {
      database = `t_${randomBytes(6).toString('hex')}`;
      await onServer(serverUrl(), `CREATE DATABASE "${database}"`);
    }
  } else {
    const template = inject('sqliteTemplate');
    if (template) fs.copyFileSync(template, path.join(dataDir, SQLITE_FILE_NAME));
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Tests run the jobs themselves (publishDue, purgeExpired), at the moments they choose.
    SCHEDULER_INTERVAL_SECONDS: '0',
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...(database ? { DATABASE_URL: databaseUrl(serverUrl(), database) } : {}),
    ...env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp(config, options.productionPasswordCost ? {} : { passwordCost: 'test' });
  } catch (error) {
    await removeTestData(dataDir, database);
    throw error;
  }
  // Users and sessions are written directly (the password hashed once per run): sign-in itself is covered by
  // the auth tests, and argon2 on every test would cost seconds.
  const tokens = {} as Record<Role, string>;
  const now = nowIso();
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  for (const role of ['admin', 'editor', 'user'] as const) {
    const user = await insertUser(app.ctx.db, {
      username: `${role}1`,
      email: `${role}1@example.com`,
      full_name: `${role[0]!.toUpperCase()}${role.slice(1)} One`,
      password_hash: await testPasswordHash(),
      role,
      is_active: 1,
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      created_at: now,
      updated_at: now,
    });
    tokens[role] = generateToken();
    await insertSession(app.ctx.db, {
      user_id: user.id,
      token_hash: hashToken(tokens[role]),
      created_at: now,
      expires_at: expires,
      last_used_at: now,
      ip_address: '127.0.0.1',
      user_agent: 'lightMyRequest',
    });
  }
  return {
    app,
    config,
    dataDir,
    tokens,
    async close() {
      await app.close();
      await removeTestData(dataDir, database);
    },
  };
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests need a server');
  return url;
}

/** Deletes a test app's folder and, on PostgreSQL, empties its database for the next test (or drops it, without a template). */
async function removeTestData(dataDir: string, database: string | undefined): Promise<void> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!database) return;
  if (inject('postgresTemplate')) await releasePostgresDatabase(serverUrl(), database);
  else await onServer(serverUrl(), `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
}

/** Signs in through the real endpoint and returns the bearer token. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${username}: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

/** app.inject with a bearer token. */
export function injectAs(
  app: FastifyInstance,
  token: string | null,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}
