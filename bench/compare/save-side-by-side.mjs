// node bench/compare/save-side-by-side.mjs ROOT_A ROOT_B: the built servers of two checkouts in this one process,
// each on its own fresh SQLite file with one post of 1,000 kept versions, saving that post in alternating rounds
// (A then B, then B then A), so that the machine's load falls on both alike; prints each one's median save and
// the ratio. The wall-clock companion of save-instructions.sh, for a before-and-after figure from one run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROUNDS = 15;
const SAVES_PER_ROUND = 20;

async function open(root) {
  const { buildApp } = await import(`${root}/server/dist/app.js`);
  const { loadConfig } = await import(`${root}/server/dist/config.js`);
  const { connectDatabase, migrateToLatest } = await import(`${root}/server/dist/db/connect.js`);
  const { generateToken, hashToken } = await import(`${root}/server/dist/modules/sessions/tokens.js`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'save-side-by-side-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SCHEDULER_INTERVAL_SECONDS: '0',
  });
  const db = await connectDatabase(config);
  await migrateToLatest(db);
  const now = new Date().toISOString();
  const user = await db.kysely
    .insertInto('users')
    .values({
      username: 'bench',
      email: 'b@example.com',
      full_name: 'B',
      password_hash: 'x',
      role: 'admin',
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = generateToken();
  await db.kysely
    .insertInto('sessions')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    })
    .execute();
  const content = `<p>${'Sail along the coast and watch the sun go down. '.repeat(40)}</p>`;
  await db.kysely
    .insertInto('posts')
    .values({
      title: 'Busy',
      slug: 'tour-1',
      content,
      status: 'published',
      version: 1000,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const revisions = Array.from({ length: 999 }, (_, v) => ({
    item_type: 'post',
    item_id: 1,
    version: v + 1,
    data: JSON.stringify({ title: `Busy ${v}`, slug: 'tour-1', content, status: 'published' }),
    saved_by: user.id,
    saved_at: now,
  }));
  for (let i = 0; i < revisions.length; i += 333)
    await db.kysely
      .insertInto('revisions')
      .values(revisions.slice(i, i + 333))
      .execute();
  const app = await buildApp(config, { db });
  const headers = { authorization: `Bearer ${token}` };
  let take = 0;
  return {
    root,
    async save() {
      take += 1;
      const res = await app.inject({
        method: 'PUT',
        url: '/api/posts/1',
        headers,
        payload: { title: `Save ${take}`, slug: 'tour-1' },
      });
      if (res.statusCode !== 200) throw new Error(`${root}: PUT ${res.statusCode} ${res.body}`);
    },
    async close() {
      await app.close();
      await db.kysely.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sides = [await open(path.resolve(process.argv[2])), await open(path.resolve(process.argv[3]))];
const times = new Map(sides.map((side) => [side, []]));
for (const side of sides) for (let i = 0; i < 40; i++) await side.save();
for (let round = 0; round < ROUNDS; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const start = performance.now();
    for (let i = 0; i < SAVES_PER_ROUND; i++) await side.save();
    times.get(side).push((performance.now() - start) / SAVES_PER_ROUND);
  }
}
const [a, b] = sides.map((side) => median(times.get(side)));
console.log(`${sides[0].root}: ${a.toFixed(2)} ms a save (median of ${ROUNDS} rounds of ${SAVES_PER_ROUND})`);
console.log(`${sides[1].root}: ${b.toFixed(2)} ms a save`);
console.log(`ratio ${(a / b).toFixed(3)}`);
for (const side of sides) await side.close();
