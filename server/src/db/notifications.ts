import type pg from 'pg';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { loadPg } from './pg.js';
import type { Db } from './dialect.js';

/** A message channel between the processes that share one PostgreSQL database (LISTEN/NOTIFY). */
export interface NotificationChannel {
  /** Sends a message to every listening process, this one included. */
  publish(payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  onMessage(payload: string): void;
  /**
   * The listening connection was lost and is back: messages sent meanwhile were missed, so whatever they would
   * have told must be assumed (a cache drops everything).
   */
  onReconnect(): void;
  onError(error: unknown): void;
}

const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

/** The channel of `name` in a schema: sites or tests in other schemas of one database never hear each other. */
function channelName(name: string, schema: string | null): string {
  return `${name}_${schema ?? 'public'}`.toLowerCase().slice(0, 63);
}

/**
 * Sends one message on `name` in the schema `db` works in, from a process that does not listen (a restore telling
 * the running nodes): PostgreSQL delivers it to every listener when the statement's transaction commits.
 */
export async function publishOnce(db: Db, name: string, payload: string): Promise<void> {
  const { schema } = (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db.kysely)).rows[0]!;
  await sql`SELECT pg_notify(${channelName(name, schema)}, ${payload})`.execute(db.kysely);
}

/**
 * Listens on `name` (scoped to the database schema, so that sites or tests in other schemas of one database never
 * hear each other) on a connection of its own, reconnecting with back-off when it drops; publishes through the
 * app's pool. PostgreSQL delivers a NOTIFY when its transaction commits, to every session listening.
 */
export async function openNotificationChannel(
  db: Db,
  config: Pick<Config, 'databaseUrl' | 'databaseSchema'>,
  name: string,
  handlers: ChannelHandlers,
): Promise<NotificationChannel> {
  const channel = channelName(name, config.databaseSchema);
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const { Client } = await loadPg();
    const next = new Client({ connectionString: config.databaseUrl! });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
    });
    next.on('error', (error) => {
      handlers.onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
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
        () => {
          attempt = 0;
          handlers.onReconnect();
        },
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
    async publish(payload) {
      await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db.kysely);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
