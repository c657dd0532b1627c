import type { Db } from '../../db/dialect.js';
import { inTransaction, lockKey } from '../../db/transaction.js';
import * as repo from './throttle.repository.js';

/**
 * Counts failed attempts per key (a username, an address) in a sliding window. Two implementations: in memory
 * (SQLite: one process, and sign-in stays free of extra writes) and in the database (PostgreSQL: every node counts
 * the same attempts, so spreading guesses over the nodes of a cluster gains nothing).
 */
export interface Throttle {
  /**
   * One attempt for every key, counted before it is made: when any key has used up its window, nothing is counted
   * and the answer is the seconds to wait; otherwise every key is counted and the answer is 0. Atomic per key
   * across processes, so attempts sent in parallel cannot all pass the limit.
   */
  attempt(...keys: string[]): Promise<number>;
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): Promise<number>;
  /** Takes back the latest counted attempt of the key (a sign-in that turned out to succeed). */
  forgiveLatest(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Forgets attempts that have aged out of the window; the app runs it on a timer, never on a request. */
  prune(): Promise<void>;
}

function waitSeconds(recentNewestFirst: number[], maxFailures: number, windowMs: number, now: number): number {
  if (recentNewestFirst.length < maxFailures) return 0;
  const oldestCounted = recentNewestFirst[maxFailures - 1]!;
  return Math.max(1, Math.ceil((oldestCounted + windowMs - now) / 1000));
}

/**
 * In memory: a restart forgets, which is acceptable for a single-process server. A failure costs one key's work;
 * keys whose failures have all aged out are dropped by `prune` (a scan of a map that an attacker fills with fresh
 * keys would otherwise cost every failure that much).
 */
export class MemoryThrottle implements Throttle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** How many keys are held (for tests and the operator's curiosity). */
  get size(): number {
    return this.failures.size;
  }

  async attempt(...keys: string[]): Promise<number> {
    const wait = Math.max(0, ...keys.map((key) => this.waitOf(key)));
    if (wait > 0) return wait;
    for (const key of keys) this.failures.set(key, [...this.recent(key), this.now()]);
    return 0;
  }

  async retryAfterSeconds(key: string): Promise<number> {
    return this.waitOf(key);
  }

  async forgiveLatest(key: string): Promise<void> {
    const recent = this.recent(key);
    recent.pop();
    if (recent.length > 0) this.failures.set(key, recent);
    else this.failures.delete(key);
  }

  async reset(key: string): Promise<void> {
    this.failures.delete(key);
  }

  async prune(): Promise<void> {
    for (const key of this.failures.keys()) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }

  private waitOf(key: string): number {
    return waitSeconds(this.recent(key).reverse(), this.maxFailures, this.windowMs, this.now());
  }

  /** Oldest first. */
  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((time) => time > cutoff);
  }
}

/**
 * In the database (`throttle_hits`), for PostgreSQL with any number of nodes: an attempt locks its keys
 * (transaction-scoped advisory locks, in a fixed order), reads their recent hits through the (scope, key, at)
 * index, and records itself, in one transaction.
 */
export function createDatabaseThrottle(
  db: Db,
  scope: string,
  maxFailures: number,
  windowMs: number,
  now: () => number = () => Date.now(),
): Throttle {
  const iso = (ms: number) => new Date(ms).toISOString();
  async function waitOf(tx: Db, key: string, at: number): Promise<number> {
    const hits = await repo.recentHits(tx, scope, key, iso(at - windowMs), maxFailures);
    return waitSeconds(
      hits.map((hit) => Date.parse(hit)),
      maxFailures,
      windowMs,
      at,
    );
  }
  return {
    attempt: (...keys) =>
      inTransaction(db, async (tx) => {
        const at = now();
        const unique = [...new Set(keys)].sort();
        for (const key of unique) await lockKey(tx, `throttle:${scope}:${key}`);
        let wait = 0;
        for (const key of unique) wait = Math.max(wait, await waitOf(tx, key, at));
        if (wait === 0) await repo.insertHits(tx, scope, keys, iso(at));
        return wait;
      }),
    retryAfterSeconds: (key) => waitOf(db, key, now()),
    forgiveLatest: (key) => repo.deleteNewestHit(db, scope, key),
    reset: (key) => repo.deleteHitsOf(db, scope, key),
    prune: async () => {
      await repo.deleteHitsUntil(db, scope, iso(now() - windowMs));
    },
  };
}

/** The throttle that fits the database: shared through it with PostgreSQL, in memory with SQLite (one process). */
export function createThrottle(db: Db, scope: string, maxFailures: number, windowMs: number): Throttle {
  return db.dialect === 'postgres'
    ? createDatabaseThrottle(db, scope, maxFailures, windowMs)
    : new MemoryThrottle(maxFailures, windowMs);
}
