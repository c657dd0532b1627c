// One post with 1,000 kept versions on a fresh SQLite file, in the built server of the checkout at `root` (its
// server/dist, imported in this process), and a save of it through Fastify's inject: what save-instructions.mjs
// counts and save-side-by-side.mjs times. Plain JavaScript, so that any commit's build can be measured.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Opens the checkout's app on its busy post: `save()` saves it once (a new title each time), `close()` ends it. */
export async function openBusyPost(root) {
  const { buildApp } = await import(`${root}/server/dist/app.js`);
  const { loadConfig } = await import(`${root}/server/dist/config.js`);
  const { connectDatabase, migrateToLatest } = await import(`${root}/server/dist/db/connect.js`);
  const { generateToken, hashToken } = await import(`${root}/server/dist/modules/sessions/tokens.js`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'busy-post-'));
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
