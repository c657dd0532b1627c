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
    if (serverUrl && template) await onServer(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  };
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
