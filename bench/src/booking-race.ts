/**
 * Confirming booking requests without overbooking (issue 29, Performance): 200 confirmations fired at once against
 * one departure with 10 seats, each taking its seat by a conditional UPDATE in its own transaction. Checks the
 * outcome (10 confirmed, 190 answered 409, seats_taken 10) and reports the whole burst's time and its throughput,
 * on SQLite and on PostgreSQL with BENCH_DATABASE_URL. The app runs in this process (server/dist/app.js) through
 * Fastify's inject, so the figure is the server's work without the network.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { benchAdmin } from './lib/bench-admin.js';
import { onEachDatabase } from './lib/timing.js';

const REQUESTS = 200;
const SEATS = 10;

export interface BookingRaceResult {
  database: 'sqlite' | 'postgres';
  confirmed: number;
  refused: number;
  seatsTaken: number;
  burstMs: number;
  perSecond: number;
}

async function race(env: Record<string, string>, database: 'sqlite' | 'postgres'): Promise<BookingRaceResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-bench-booking-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      CONTACT_MAX_PER_HOUR: '100000',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...env,
    }),
  );
  try {
    await app.ready();
    const { headers } = await benchAdmin(app.ctx.db.kysely);
    const api = async (method: 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await app.inject({ method, url: `/api${url}`, headers, payload });
      if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
      return res.json<{ id: number }>();
    };
    const tour = await api('POST', '/posts/', { title: 'Race', slug: 'race', status: 'published', price: 10 });
    const day = { starts_on: '2099-06-01', start_time: '09:00' };
    const departure = await api('POST', `/posts/${tour.id}/departures`, { ...day, seats_total: REQUESTS });
    for (let i = 0; i < REQUESTS; i += 1)
      await api('POST', '/contacts/', {
        name: `Visitor ${i}`,
        email: `v${i}@example.com`,
        message: 'One seat, please.',
        departure_id: departure.id,
        adults: 1,
      });
    await api('PUT', `/posts/${tour.id}/departures/${departure.id}`, { ...day, seats_total: SEATS });
    const ids = (await app.ctx.db.kysely.selectFrom('contacts').select('id').execute()).map((row) => row.id);

    const started = performance.now();
    const codes = await Promise.all(
      ids.map(
        async (id) =>
          (await app.inject({ method: 'POST', url: `/api/contacts/${id}/booking/confirm`, headers })).statusCode,
      ),
    );
    const burstMs = performance.now() - started;
    const row = await app.ctx.db.kysely
      .selectFrom('departures')
      .select('seats_taken')
      .where('id', '=', departure.id)
      .executeTakeFirstOrThrow();
    const result = {
      database,
      confirmed: codes.filter((code) => code === 200).length,
      refused: codes.filter((code) => code === 409).length,
      seatsTaken: row.seats_taken,
      burstMs,
      perSecond: (REQUESTS / burstMs) * 1000,
    };
    if (result.confirmed !== SEATS || result.refused !== REQUESTS - SEATS || result.seatsTaken !== SEATS)
      throw new Error(`the race oversold or undersold: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const measureBookingRace = (): Promise<BookingRaceResult[]> => onEachDatabase(race);

export function formatBookingRace(results: BookingRaceResult[]): string {
  return results
    .map(
      (r) =>
        `booking race (${r.database}): ${REQUESTS} confirmations for ${SEATS} seats in ${r.burstMs.toFixed(0)} ms ` +
        `(${r.perSecond.toFixed(0)}/s): ${r.confirmed} confirmed, ${r.refused} answered 409, seats_taken ${r.seatsTaken}`,
    )
    .join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  console.log(formatBookingRace(await measureBookingRace()));
