/**
 * The activity log (issue 13, Performance): what recording an entry adds to a write (budget: under 1 ms: one insert
 * in the write's transaction), and the Activity screen's pages at 100,000 entries (budget: under 100 ms a page),
 * whole and filtered by person, type of item and dates, near the start and deep in the log. SQLite, and PostgreSQL
 * too when BENCH_DATABASE_URL names one. The app runs in this process (server/dist), pages through Fastify's inject:
 * no network, so the figures are the server's own work.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { inTransaction } from '../../server/dist/db/transaction.js';
import { insertModule } from '../../server/dist/modules/content-modules/content-modules.repository.js';
import { generateToken, hashToken } from '../../server/dist/modules/sessions/tokens.js';
import { median } from './lib/load.js';
import { onEachDatabase, timed } from './lib/timing.js';

export const ENTRIES = 100_000;
const PEOPLE = 20;
const TYPES = [
  'post',
  'page',
  'component',
  'media',
  'contact',
  'module',
  'category',
  'tag',
  'user',
  'settings',
  'redirect',
] as const;
const ACTIONS = ['create', 'update', 'update', 'update', 'publish', 'delete', 'sign_in'] as const;
const YEAR_MS = 365 * 86_400_000;

type App = Awaited<ReturnType<typeof buildApp>>;

/** 20 people and 100,000 entries spread over the last year, as a busy site's log would hold. */
async function seed(app: App): Promise<string> {
  const { db } = app.ctx;
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  const ids: number[] = [];
  for (let p = 1; p <= PEOPLE; p++) {
    const user = await db.kysely
      .insertInto('users')
      .values({
        username: `person${p}`,
        email: `person${p}@example.com`,
        full_name: `Person ${p}`,
        password_hash: 'x',
        role: p === 1 ? 'admin' : 'editor',
        is_active: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(user.id);
  }
  const token = generateToken();
  await db.kysely
    .insertInto('sessions')
    .values({
      user_id: ids[0]!,
      token_hash: hashToken(token),
      created_at: stamp,
      expires_at: new Date(now + 3_600_000).toISOString(),
      last_used_at: stamp,
    })
    .execute();
  for (let start = 0; start < ENTRIES; start += 1_000) {
    const rows = Array.from({ length: 1_000 }, (_, offset) => {
      const n = start + offset;
      const person = n % PEOPLE;
      return {
        occurred_at: new Date(now - YEAR_MS + Math.floor((n / ENTRIES) * YEAR_MS)).toISOString(),
        user_id: ids[person]!,
        actor_name: `Person ${person + 1}`,
        ip_address: `198.51.100.${person + 1}`,
        action: ACTIONS[n % ACTIONS.length]!,
        item_type: TYPES[n % TYPES.length]!,
        item_id: (n % 5_000) + 1,
        item_title: `Sunset sailing on the bay, take ${n}`,
        summary: 'Changed title, price and SEO description',
      };
    });
    await db.kysely.insertInto('activity').values(rows).execute();
  }
  // A table that grew to this size over a year has been analysed by autovacuum many times; one loaded in seconds
  // has not, and PostgreSQL's planner would guess its size wrong (and sort the table rather than read the index).
  if (db.dialect === 'postgres') await sql`VACUUM ANALYZE activity`.execute(db.kysely);
  return token;
}

export interface ActivityFigures {
  dialect: string;
  writeWithout: number;
  writeWith: number;
  pages: [string, number][];
}

async function measure(env: Record<string, string>, dialect: string): Promise<ActivityFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-bench-activity-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      SCHEDULER_INTERVAL_SECONDS: '0',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...env,
    }),
  );
  try {
    const token = await seed(app);
    const { db, services } = app.ctx;
    const actor = {
      id: 1,
      username: 'person1',
      full_name: 'Person 1',
      email: 'person1@example.com',
      role: 'admin' as const,
      address: '198.51.100.1',
    };
    const row = () => {
      const now = new Date().toISOString();
      return {
        name: 'Summer banner',
        type: 'banner' as const,
        heading: 'Island hopping',
        subtitle: null,
        description: null,
        video_url: null,
        button_label: null,
        button_link: null,
        created_at: now,
        updated_at: now,
      };
    };
    // The same write (a module's insert in its own transaction), without and with its activity entry, in
    // alternating rounds so that the machine's drift falls on both alike.
    const without: number[] = [];
    const withEntry: number[] = [];
    for (let round = 0; round < 12; round++) {
      without.push(await timed(50, () => inTransaction(db, (tx) => insertModule(tx, row()))));
      withEntry.push(
        await timed(50, () =>
          inTransaction(db, async (tx) => {
            const created = await insertModule(tx, row());
            await services.activity.record(tx, actor, {
              action: 'create',
              itemType: 'module',
              itemId: created.id,
              title: created.name,
              summary: 'Type banner',
            });
          }),
        ),
      );
    }

    const headers = { authorization: `Bearer ${token}` };
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const lastPage = Math.ceil((ENTRIES + 800) / 50);
    const queries: [string, string][] = [
      ['everyone, page 1', ''],
      ['everyone, page 100', 'page=100'],
      ['everyone, page 1,000', 'page=1000'],
      [`everyone, the last page (${lastPage})`, `page=${lastPage}`],
      ['one person, page 1', 'user_id=7'],
      ['one person, page 100 (the last)', 'user_id=7&page=100'],
      ['one type, page 1', 'item_type=media'],
      ['one type, page 180 (the last)', 'item_type=media&page=180'],
      ['the last 30 days, page 1', `from=${monthAgo}&to=${today}`],
      ['one person, one type, a month', `user_id=7&item_type=post&from=${monthAgo}&to=${today}`],
    ];
    const pages: [string, number][] = [];
    for (const [label, query] of queries) {
      const time = await timed(20, async () => {
        const res = await app.inject({ method: 'GET', url: `/api/activity/?${query}`, headers });
        if (res.statusCode !== 200) throw new Error(`GET /activity/?${query}: ${res.statusCode} ${res.body}`);
      });
      pages.push([label, time]);
    }
    return { dialect, writeWithout: median(without), writeWith: median(withEntry), pages };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function measureActivity(): Promise<ActivityFigures[]> {
  return onEachDatabase(measure);
}

export function formatActivity(results: ActivityFigures[]): string {
  return results
    .map((f) =>
      [
        `Activity log (${f.dialect}, in process, ${ENTRIES.toLocaleString('en')} entries):`,
        `  a write (one insert in its transaction): median ${f.writeWithout.toFixed(3)} ms without its entry, ${f.writeWith.toFixed(3)} ms with it: +${(f.writeWith - f.writeWithout).toFixed(3)} ms (budget 1 ms)`,
        ...f.pages.map(([label, ms]) => `  GET /activity/ ${label}: median ${ms.toFixed(1)} ms (budget 100 ms)`),
      ].join('\n'),
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatActivity(await measureActivity()));
}
