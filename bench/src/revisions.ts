/**
 * History must not slow what staff do all day (issue 12, Performance): `GET /posts/` at 10,000 posts with 20 kept
 * versions each, against the same posts without history, in one run (budget: within 10%); a save of a post that
 * has 1,000 versions (budget: under 50 ms); the first page of that post's history. SQLite, the app in this process
 * (server/dist/app.js) through Fastify's inject: no network, so the figures are the server's own work.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { connectDatabase, migrateToLatest } from '../../server/dist/db/connect.js';
import { median } from './lib/load.js';
import { benchAdmin } from './lib/bench-admin.js';
import { timed } from './lib/timing.js';

export const POSTS = 10_000;
export const REVISIONS_PER_POST = 20;
export const BUSY_POST_REVISIONS = 1_000;

type Db = Awaited<ReturnType<typeof connectDatabase>>;

async function seed(db: Db, withHistory: boolean): Promise<string> {
  await migrateToLatest(db);
  const now = new Date().toISOString();
  const { userId, token } = await benchAdmin(db.kysely);
  const content = `<p>${'Sail along the coast and watch the sun go down. '.repeat(40)}</p>`;
  for (let start = 0; start < POSTS; start += 500) {
    const rows = Array.from({ length: 500 }, (_, offset) => {
      const n = start + offset + 1;
      return {
        title: `Tour ${n}`,
        slug: `tour-${n}`,
        content,
        status: 'published' as const,
        version: withHistory ? REVISIONS_PER_POST + 1 : 1,
        created_at: now,
        updated_at: now,
        text_updated_at: now,
      };
    });
    const ids = await db.kysely.insertInto('posts').values(rows).returning('id').execute();
    if (!withHistory) continue;
    const revisions = ids.flatMap(({ id }) =>
      Array.from({ length: REVISIONS_PER_POST }, (_, v) => ({
        item_type: 'post' as const,
        item_id: id,
        version: v + 1,
        data: JSON.stringify({ title: `Tour ${id} take ${v + 1}`, slug: `tour-${id}`, content, status: 'published' }),
        saved_by: userId,
        saved_at: now,
      })),
    );
    for (let i = 0; i < revisions.length; i += 1000)
      await db.kysely
        .insertInto('revisions')
        .values(revisions.slice(i, i + 1000))
        .execute();
  }
  return token;
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** A fresh SQLite database, seeded, and the app on it. */
async function openApp(withHistory: boolean): Promise<{ app: App; token: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-bench-revisions-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const db = await connectDatabase(config);
  const token = await seed(db, withHistory);
  const app = await buildApp(config, { db });
  return {
    app,
    token,
    async close() {
      await app.close();
      await db.kysely.destroy().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RevisionsFigures {
  listWithout: number;
  listWith: number;
  save: number;
  historyPage: number;
}

export async function measureRevisions(rounds = 6): Promise<RevisionsFigures> {
  // Both databases are seeded before anything is timed, and the two lists are timed in alternating rounds, so
  // the seeding's garbage and the machine's drift fall on both alike.
  const bare = await openApp(false);
  const kept = await openApp(true);
  try {
    const list =
      ({ app, token }: { app: App; token: string }) =>
      async () => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/posts/',
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 200) throw new Error(`GET /posts/: ${res.statusCode}`);
      };
    const without: number[] = [];
    const withHistory: number[] = [];
    for (let round = 0; round < rounds; round++) {
      without.push(await timed(10, list(bare)));
      withHistory.push(await timed(10, list(kept)));
    }
    const { app, token } = kept;
    const headers = { authorization: `Bearer ${token}` };
    // One post with 1,000 versions: more saves on top of the 20 it has.
    const busy = 1;
    for (let n = REVISIONS_PER_POST + 1; n < BUSY_POST_REVISIONS; n++) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/posts/${busy}`,
        headers,
        payload: { title: `Busy ${n}`, slug: 'tour-1' },
      });
      if (res.statusCode !== 200) throw new Error(`PUT: ${res.statusCode} ${res.body}`);
    }
    let take = 0;
    const save = await timed(30, async () => {
      take += 1;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/posts/${busy}`,
        headers,
        payload: { title: `Timed ${take}`, slug: 'tour-1' },
      });
      if (res.statusCode !== 200) throw new Error(`PUT: ${res.statusCode}`);
    });
    const historyPage = await timed(30, async () => {
      const res = await app.inject({ method: 'GET', url: `/api/posts/${busy}/revisions?page=1`, headers });
      if (res.statusCode !== 200 || (res.json() as { total: number }).total < BUSY_POST_REVISIONS)
        throw new Error(`history: ${res.statusCode}`);
    });
    return { listWithout: median(without), listWith: median(withHistory), save, historyPage };
  } finally {
    await bare.close();
    await kept.close();
  }
}

export function formatRevisions(f: RevisionsFigures): string {
  return [
    `History (SQLite, in process):`,
    `  GET /posts/ at ${POSTS.toLocaleString('en')} posts: median ${f.listWithout.toFixed(1)} ms without history, ${f.listWith.toFixed(1)} ms with ${REVISIONS_PER_POST} versions each (${((f.listWith / f.listWithout - 1) * 100).toFixed(1)}%; budget +10%)`,
    `  PUT of a post with ${BUSY_POST_REVISIONS.toLocaleString('en')} versions: median ${f.save.toFixed(1)} ms (budget 50 ms)`,
    `  first page of its history (20 of ${BUSY_POST_REVISIONS.toLocaleString('en')}+): median ${f.historyPage.toFixed(1)} ms`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatRevisions(await measureRevisions()));
}
