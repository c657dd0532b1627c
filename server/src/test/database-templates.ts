import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.js';
import { connectDatabase, migrateToLatest, SQLITE_FILE_NAME } from '../db/connect.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file holding a freshly migrated database, copied by every test app (test-app.ts). */
    sqliteTemplate: string;
    /** On PostgreSQL, a database freshly migrated the same way, the template every test app's database is made from. */
    postgresTemplate: string | null;
  }
}

/** The URL of another database on the server that `url` names. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.href;
}

/**
 * Vitest's global setup of the server tests: migrates one SQLite file and, when TEST_DATABASE_URL is set, one
 * PostgreSQL database, once per run, so that each test's fresh database is a copy (a file copy; CREATE DATABASE
 * ... TEMPLATE) instead of the eighteen migrations again: on PostgreSQL those took 0.5 s of every test. The
 * migrations themselves are still what made the copy, and migrations.test.ts runs them on empty databases.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-template-'));
  await migrate({ DATA_DIR: folder });
  project.provide('sqliteTemplate', path.join(folder, SQLITE_FILE_NAME));

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (serverUrl) {
    template = `tours_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `CREATE DATABASE "${template}"`);
    await migrate({ DATA_DIR: folder, DATABASE_URL: databaseUrl(serverUrl, template) });
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (!serverUrl || !template) return;
    // The copies dropped in the background (and each test file's unused spare), then the template.
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const copies = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [`${template}_`],
      );
      for (const { datname } of copies.rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}

let spare: Promise<string> | null = null;
/** Databases this worker's tests have finished with, emptied back to the template's state (`releasePostgresDatabase`). */
const emptied: string[] = [];

/**
 * A PostgreSQL database as the run's template left it: one a finished test gave back, emptied, or a new copy of the
 * template (named after it, so the global teardown finds every copy). The next copy is made while the caller uses
 * this one, so a test waits for no copy but the first.
 */
export function freshPostgresDatabase(serverUrl: string, template: string): Promise<string> {
  const reused = emptied.pop();
  if (reused) return Promise.resolve(reused);
  const copy = () => {
    const database = `${template}_${randomBytes(6).toString('hex')}`;
    return onServer(serverUrl, `CREATE DATABASE "${database}" TEMPLATE "${template}"`).then(() => database);
  };
  const next = spare ?? copy();
  spare = copy();
  // A failed copy is reported to the test that takes it, not as an unhandled rejection now.
  spare.catch(() => undefined);
  return next;
}

/** The template's tables (but the migrator's own) and sequences: the same in every copy, read once per worker. */
let schema: Promise<{ tables: string[]; sequences: string[] }> | null = null;

/**
 * Gives a finished test's database back for the next test of this worker, emptied to the template's state: every
 * row deleted (the migrator's record kept) and every sequence restarted, in one transaction. Dropping it instead
 * cost a checkpoint each (PostgreSQL forces one at every DROP DATABASE, flushing every other test's writes with
 * it: 0.1 s on a quiet machine, seconds on a busy one), and the next test a new copy. A database that still has
 * a connection after a second (a test that left a client open) is not reused: it is dropped later, as before.
 */
export async function releasePostgresDatabase(serverUrl: string, database: string): Promise<void> {
  try {
    await empty(serverUrl, database);
    emptied.push(database);
  } catch {
    dropPostgresDatabaseLater(serverUrl, database);
  }
}

async function empty(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, database) });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      const others = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      if (others.rows[0]!.n === 0) break;
      if (attempt === 20) throw new Error(`${database} is still in use`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    schema ??= client
      .query<{ name: string; kind: string }>(
        `SELECT tablename AS name, 'table' AS kind FROM pg_tables
          WHERE schemaname = 'public' AND NOT starts_with(tablename, 'kysely_')
         UNION ALL SELECT sequencename, 'sequence' FROM pg_sequences WHERE schemaname = 'public'`,
      )
      .then(({ rows }) => ({
        tables: rows.filter((row) => row.kind === 'table').map((row) => row.name),
        sequences: rows.filter((row) => row.kind === 'sequence').map((row) => row.name),
      }));
    const { tables, sequences } = await schema;
    // As replica, deleting skips the foreign keys' triggers, so the tables go in any order.
    await client.query(
      [
        "SET lock_timeout = '2s'",
        'BEGIN',
        'SET LOCAL session_replication_role = replica',
        ...tables.map((table) => `DELETE FROM "${table}"`),
        ...sequences.map((sequence) => `ALTER SEQUENCE "${sequence}" RESTART`),
        'COMMIT',
      ].join(';\n'),
    );
  } finally {
    await client.end();
  }
}

/**
 * Drops a test's database without waiting; whatever is still there at the end of the run goes in the teardown.
 * Never WITH (FORCE): the app's pool has ended, but its connections may still be closing, and a connection the
 * server terminates then reaches the test as an uncaught "terminating connection due to administrator command"
 * (runs failed on it); a drop refused for a connection still open is left to the teardown.
 */
export function dropPostgresDatabaseLater(serverUrl: string, database: string): void {
  onServer(serverUrl, `DROP DATABASE IF EXISTS "${database}"`).catch(() => undefined);
}

async function migrate(env: Record<string, string>): Promise<void> {
  const db = await connectDatabase(loadConfig({ LOG_LEVEL: 'silent', ...env }));
  try {
    await migrateToLatest(db);
  } finally {
    await db.kysely.destroy();
  }
}

/** Runs one statement on the database server of `url` (CREATE and DROP DATABASE cannot run in a transaction). */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
