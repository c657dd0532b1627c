import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config.js';
import { loadPg } from './pg.js';

/** The file a server on SQLite names its process in, in DATA_DIR, for as long as it runs. */
export const SERVER_PID_FILE = 'tours-cms.server.pid';

const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

type LockConfig = Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>;

/** The advisory lock's name: one per schema, as the site's other locks are. */
const lockName = (config: LockConfig) => `tours-cms:server:${config.databaseSchema ?? 'public'}`;

/** What a running server holds, released when it stops. */
export interface ServerLock {
  release(): Promise<void>;
}

/**
 * Marks this process as a server of the configured database for as long as it runs, so that a restore can tell
 * (and refuse, decisions §15). PostgreSQL: a shared advisory lock on a connection of its own, taken again when
 * that connection comes back after a loss: every node holds it at once, and a restore that holds it exclusively
 * makes a node that starts meanwhile wait until the restore is done (`onWait` says so). SQLite (one process): a
 * file in DATA_DIR naming this process.
 */
export async function holdServerLock(
  config: LockConfig,
  handlers: { onWait(): void; onError(error: unknown): void },
): Promise<ServerLock> {
  if (!config.databaseUrl) {
    const file = path.join(config.dataDir, SERVER_PID_FILE);
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, `${process.pid}\n`);
    const remove = () => {
      if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
    };
    process.once('exit', remove);
    return {
      async release() {
        process.removeListener('exit', remove);
        remove();
      },
    };
  }

  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  async function connect(): Promise<void> {
    const { Client } = await loadPg();
    const next = new Client({ connectionString: config.databaseUrl! });
    next.on('error', (error) => {
      handlers.onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    const { rows } = await next.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock_shared(hashtextextended($1, 0)) AS locked',
      [lockName(config)],
    );
    if (!rows[0]!.locked) {
      handlers.onWait();
      await next.query('SELECT pg_advisory_lock_shared(hashtextextended($1, 0))', [lockName(config)]);
    }
    client = next;
  }
  function lost(which: pg.Client): void {
    if (closed || client !== which) return;
    client = null;
    which.end().catch(() => {});
    reconnectLater();
  }
  function reconnectLater(): void {
    if (closed) return;
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]!;
    attempt += 1;
    retry = setTimeout(() => {
      connect().then(
        () => (attempt = 0),
        (error: unknown) => {
          handlers.onError(error);
          reconnectLater();
        },
      );
    }, delay);
    retry.unref();
  }
  await connect();
  return {
    async release() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      // Ending the session releases its advisory locks.
      await current?.end().catch(() => {});
    },
  };
}

/** What a restore learnt: who else uses the database (null: nobody), and how to let go of it afterwards. */
export interface RestoreLock {
  runningServer: string | null;
  release(): Promise<void>;
}

/**
 * For a restore: whether a server uses the configured database. PostgreSQL: the servers' lock taken exclusively
 * when no node holds it, and then held until `release`, so that no node starts meanwhile; SQLite: the file a
 * server names its process in, when that process is alive.
 */
export async function lockForRestore(config: LockConfig): Promise<RestoreLock> {
  if (!config.databaseUrl) {
    const pid = readPid(path.join(config.dataDir, SERVER_PID_FILE));
    const running = pid !== null && pid !== process.pid && isAlive(pid);
    return { runningServer: running ? `A Tours CMS server (process ${pid})` : null, release: async () => {} };
  }
  const { Client } = await loadPg();
  const client = new Client({ connectionString: config.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
    [lockName(config)],
  );
  return {
    runningServer: rows[0]!.locked ? null : `A Tours CMS server (one node or more)`,
    release: () => client.end().catch(() => {}),
  };
}

function readPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
