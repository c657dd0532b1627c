import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { SchemaScopedPostgresDialect } from './postgres-dialect.js';
import type { Config } from '../config.js';
import { dialectHelpers, type Db } from './dialect.js';
import type { Database } from './tables.js';
import { allMigrations } from './migrations/index.js';
import { withSessionLock } from './transaction.js';
import { loadPg } from './pg.js';

/**
 * better-sqlite3 for the Node that runs us. Version 12 builds on Node's raw ObjectWrap, whose destructor aborts the
 * process on Node 24 (`Assertion failed: (env) != nullptr`, at exit or at a garbage collection after a write);
 * version 13 is built on Node-API and fixes that, but needs Node 22 (its prebuilt binaries use Node-API 10: on Node 20
 * it crashes when loaded). Both are installed (13 under the alias better-sqlite3-node22); each Node loads the one that
 * works on it. 12 is compiled from source on Node 20 only (server/build-sqlite-binding.mjs, npm install's last step).
 */
function loadSqlite(): typeof BetterSqlite3 {
  const major = Number(process.versions.node.split('.')[0]);
  return createRequire(import.meta.url)(
    major >= 22 ? 'better-sqlite3-node22' : 'better-sqlite3',
  ) as typeof BetterSqlite3;
}

/** The SQLite database's file name in DATA_DIR. */
export const SQLITE_FILE_NAME = 'tours-cms.sqlite';

/**
 * Opens the database the config names: PostgreSQL for a postgres:// URL, else SQLite in DATA_DIR. `onIdleError`
 * hears of a pooled PostgreSQL connection that failed while idle (the database restarted, a failover, an
 * administrator's pg_terminate_backend): pg drops it and the next query opens another, but an 'error' event with
 * no listener would end the process.
 */
export async function connectDatabase(
  config: Config,
  onIdleError: (error: Error) => void = () => undefined,
): Promise<Db> {
  if (config.databaseUrl) {
    const pg = await loadPg();
    const schema = config.databaseSchema;
    if (schema) {
      // A schema of its own (tests, or several sites on one server): create it, then every connection of the
      // pool starts with it first on the search path.
      const setup = new pg.Client({ connectionString: config.databaseUrl });
      await setup.connect();
      try {
        await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`).catch((error: { code?: string }) => {
          // Two nodes starting together may both find it missing: the one that loses the race finds it there.
          if (error.code !== '23505' && error.code !== '42P06') throw error;
        });
      } finally {
        await setup.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    pool.on('error', onIdleError);
    return {
      kysely: new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const SQLite = loadSqlite();
  const file = new SQLite(path.join(config.dataDir, SQLITE_FILE_NAME));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  return { kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) }), dialect: 'sqlite' };
}

/**
 * Brings the schema up to date; throws with the failing migration's error. With PostgreSQL, nodes that start
 * together take turns: the first holds a session-level advisory lock (per schema) while it migrates, on a
 * connection set aside for it, and the others wait for it, then find nothing left to do.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  await withSessionLock(db, 'migrations', async () => {
    const { error } = await (await migratorFor(db)).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
}

/** Brings an empty or older schema up to the named migration, no further (a restore loads a backup's rows there). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  await withSessionLock(db, 'migrations', async () => {
    const { error } = await (await migratorFor(db)).migrateTo(name);
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
}

/** Every migration this version knows, in order, and whether the database has run it. */
export async function migrationState(db: Db): Promise<{ name: string; executed: boolean }[]> {
  const migrations = await (await migratorFor(db)).getMigrations();
  return migrations.map((migration) => ({ name: migration.name, executed: migration.executedAt !== undefined }));
}

async function migratorFor(db: Db): Promise<Migrator> {
  // Unless told its schema, Kysely's migrator takes a migration table in ANY schema of the database for its own,
  // so a second site (or a parallel test) in its own schema would skip creating its tables and fail.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ name: string }>`SELECT current_schema() AS name`.execute(db.kysely)).rows[0]?.name
      : undefined;
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => allMigrations(dialectHelpers(db.dialect)) },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}

/**
 * Gives SQLite's query planner statistics of the tables and indexes (PostgreSQL's autovacuum gathers its own).
 * Without them SQLite guesses how selective an index is: at 10,000 tours it scanned half the catalogue through the
 * duration index for a search that named a category too, three times slower than through the category's. As SQLite
 * advises for a connection that stays open: `PRAGMA optimize=0x10002` when it opens (`opening`), then `PRAGMA
 * optimize` now and then. Each analyses only the tables whose statistics are missing or out of date, and reads a
 * sample of each, not the whole table.
 */
export async function refreshPlannerStatistics(db: Db, opening: boolean): Promise<void> {
  if (db.dialect !== 'sqlite') return;
  await sql.raw(opening ? 'PRAGMA optimize=0x10002' : 'PRAGMA optimize').execute(db.kysely);
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}
