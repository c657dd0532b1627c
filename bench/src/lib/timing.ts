/** What the in-process benchmarks share: a timing loop, and one run per database the machine offers. */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { median } from './load.js';

/** The median time of `runs` calls of `work`, in milliseconds, after three that warm the JIT and the database's cache. */
export async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * `measure` on a fresh SQLite database, then on PostgreSQL in a schema of its own (dropped afterwards) when
 * BENCH_DATABASE_URL names a server. `env` is what the app's configuration gets on top of the benchmark's own.
 */
export async function onEachDatabase<T>(
  measure: (env: Record<string, string>, database: 'sqlite' | 'postgres') => Promise<T>,
): Promise<T[]> {
  const results = [await measure({}, 'sqlite')];
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    try {
      results.push(await measure({ DATABASE_URL: url, DATABASE_SCHEMA: schema }, 'postgres'));
    } finally {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
  return results;
}
