/**
 * Departures at scale (issue 29, Performance): 10,000 published tours with 500,000 departures (50 a tour, weekly
 * from ten weeks ago, so about 40 upcoming each; some limited, sold out or cancelled, prices that differ). Measured
 * uncached, in this process through Fastify's inject (budgets: the catalogue's month filter under 50 ms; a tour
 * page's table under 10 ms of its render), on SQLite and, with BENCH_DATABASE_URL, on PostgreSQL. The catalogue's
 * cards read their next departure and "from" price in one query per page; the figure for /tours includes it. The
 * month filter's counts ("March 2027 (4)") are read apart from the render and kept between renders
 * (server/src/public-site/rendering/month-counts.ts): each run's change has them read again after the render, not
 * timed with it, and their read is measured alone (`monthCountsMs`).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { connectDatabase } from '../../server/dist/db/connect.js';
import { tourDeparturesHtml } from '../../server/dist/public-site/documents/tour-departures-html.js';
// Its declaration of app.monthCounts.
import type {} from '../../server/dist/public-site/public-site.routes.js';
import { median } from './lib/load.js';
import { onEachDatabase, timed } from './lib/timing.js';
import { seedCatalogue, TOUR_COUNT } from './catalogue.js';

export const DEPARTURES_PER_TOUR = 50;
const RUNS = 30;

const dayAfter = (base: number, days: number) => new Date(base + days * 86_400_000).toISOString().slice(0, 10);

/** 50 departures per published tour, written straight to the database. */
export async function seedDepartures(db: Awaited<ReturnType<typeof connectDatabase>>): Promise<void> {
  const ids = (await db.kysely.selectFrom('posts').select('id').orderBy('id').execute()).map((row) => row.id);
  const at = new Date().toISOString();
  const start = Date.now() - 70 * 86_400_000;
  let batch: object[] = [];
  const flush = async () => {
    if (batch.length)
      await db.kysely
        .insertInto('departures')
        .values(batch as never)
        .execute();
    batch = [];
  };
  for (const id of ids) {
    for (let n = 0; n < DEPARTURES_PER_TOUR; n++) {
      const kind = (id + n) % 20;
      batch.push({
        post_id: id,
        starts_on: dayAfter(start, n * 7 + (id % 7)),
        start_time: n % 2 ? '09:00' : null,
        price: n % 3 === 0 ? null : 30 + ((id + n) % 50),
        seats_total: kind < 10 ? 12 : kind < 18 ? null : 6,
        seats_taken: kind < 3 ? 12 : kind === 18 ? 3 : 0,
        status: kind === 19 ? 'cancelled' : 'open',
        note: null,
        created_at: at,
        updated_at: at,
      });
      if (batch.length >= 500) await flush();
    }
  }
  await flush();
  // A live database's autovacuum keeps statistics and the visibility map (which lets an index answer alone); a
  // freshly filled one needs both now.
  if (db.dialect === 'postgres') await sql`VACUUM ANALYZE departures`.execute(db.kysely);
}

export interface DepartureFigures {
  database: 'sqlite' | 'postgres';
  views: { url: string; medianMs: number; p95Ms: number }[];
  /** The tour page's table: reading its departures and writing its HTML, alone. */
  tableMs: number;
  /** The month filter's counts, one grouped query over the year's departures (read beside renders, not in them). */
  monthCountsMs: number;
}

async function measure(env: Record<string, string>, database: DepartureFigures['database']) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-bench-departures-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ...env,
  });
  const db = await connectDatabase(config);
  try {
    await seedCatalogue(db);
    await seedDepartures(db);
    const app = await buildApp(config, { db });
    try {
      const next = new Date();
      next.setUTCDate(1);
      next.setUTCMonth(next.getUTCMonth() + 1);
      const month = next.toISOString().slice(0, 7);
      const urls = [
        '/tours',
        `/tours?month=${month}`,
        `/tours?month=${month}&category=category-7&sort=price-asc`,
        `/tours?month=${month}&page=50`,
        '/tours/tour-5000',
      ];
      const views = [];
      for (const url of urls) {
        const times: number[] = [];
        for (let run = 0; run < RUNS + 3; run++) {
          app.ctx.siteChanges.changed('post'); // uncached: every run renders
          const started = performance.now();
          // An address a run: filtered views are throttled per address (SEARCHES_PER_MINUTE).
          const remoteAddress = `10.0.${urls.indexOf(url)}.${run + 1}`;
          const res = await app.inject({ method: 'GET', url, headers: { host: 'bench.test' }, remoteAddress });
          const ms = performance.now() - started;
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
          if (run >= 3) times.push(ms);
          // The month counts the change left stale are read again now, outside the timing.
          await app.monthCounts.settled();
        }
        times.sort((a, b) => a - b);
        views.push({ url, medianMs: median(times), p95Ms: times[Math.floor(times.length * 0.95)]! });
      }
      const tour = await db.kysely
        .selectFrom('posts')
        .select('id')
        .where('slug', '=', 'tour-5000')
        .executeTakeFirstOrThrow();
      const tableMs = await timed(RUNS, async () =>
        tourDeparturesHtml(await app.ctx.services.departures.upcoming(tour.id, 13, 'en'), 'EUR', 40),
      );
      const monthCountsMs = await timed(RUNS, () => app.ctx.services.catalogue.toursByMonth());
      return { database, views, tableMs, monthCountsMs };
    } finally {
      await app.close();
    }
  } finally {
    await db.kysely.destroy().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function measureDepartures(): Promise<DepartureFigures[]> {
  return onEachDatabase(measure);
}

export function formatDepartures(results: DepartureFigures[]): string {
  return results
    .map((result) =>
      [
        `Departures: ${TOUR_COUNT.toLocaleString('en')} tours, ${(TOUR_COUNT * DEPARTURES_PER_TOUR).toLocaleString('en')} departures, ${result.database}, uncached:`,
        ...result.views.map(
          (view) => `  ${view.url}: median ${view.medianMs.toFixed(1)} ms, p95 ${view.p95Ms.toFixed(1)} ms`,
        ),
        `  a tour page's table (its departures read and written): median ${result.tableMs.toFixed(2)} ms`,
        `  the month filter's counts (read apart from renders, after a change): median ${result.monthCountsMs.toFixed(1)} ms`,
      ].join('\n'),
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatDepartures(await measureDepartures()));
}
