/**
 * GET /posts/ at 10,000 posts, over HTTP against the built server (issue 3: under 100 ms on a 2-core machine).
 *
 * The posts are written straight into a fresh SQLite database (with ~2 KB of HTML each, so that a list that
 * selected whole rows would show), then the real server is started on it as a child process and autocannon
 * drives it: first one connection (what one member of staff waits), then ten (the server under load).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { loadConfig } from '../../server/dist/config.js';
import { connectDatabase, migrateToLatest } from '../../server/dist/db/connect.js';

export const POST_COUNT = 10_000;
const SERVER_ENTRY = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const ADMIN = { username: 'bench-admin', password: 'bench-password-1' };

export interface LatencyFigures {
  connections: number;
  requests: number;
  medianMs: number;
  p99Ms: number;
  requestsPerSecond: number;
}

export interface PostsListResult {
  posts: number;
  responseBytes: number;
  single: LatencyFigures;
  loaded: LatencyFigures;
}

const BODY = `<h2>Day plan</h2><p>${'Sail along the coast, swim in a quiet cove and watch the sun go down. '.repeat(25)}</p>`;

async function seedPosts(dataDir: string): Promise<void> {
  const db = await connectDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  try {
    await migrateToLatest(db);
    const now = Date.now();
    const categoryIds: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const at = new Date(now).toISOString();
      const row = await db.kysely
        .insertInto('categories')
        .values({ name: `Category ${i}`, slug: `category-${i}`, description: null, parent_id: null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.push(row.id);
    }
    const statuses = ['published', 'draft', 'pending'];
    for (let start = 0; start < POST_COUNT; start += 500) {
      const rows = Array.from({ length: Math.min(500, POST_COUNT - start) }, (_, offset) => {
        const n = start + offset + 1;
        const at = new Date(now - (POST_COUNT - n) * 60_000).toISOString();
        return {
          title: `Tour number ${n}: harbour, old town and sunset`,
          slug: `tour-${n}`,
          content: BODY,
          excerpt: 'A day out on the water.',
          status: statuses[n % 3]!,
          price: 25 + (n % 100),
          duration: '3 hours',
          age: '6+',
          location: 'Marina',
          button_label: 'Book now',
          button_value: `https://booking.example.com/tour-${n}`,
          calendar_time_iframe: null,
          short_description: 'Golden hour on the bay',
          seo_title: null,
          seo_description: null,
          category_id: n % 4 === 0 ? null : categoryIds[n % categoryIds.length]!,
          author_id: null,
          created_at: at,
          updated_at: at,
        };
      });
      await db.kysely.insertInto('posts').values(rows).execute();
    }
  } finally {
    await db.kysely.destroy();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The server exited before it answered');
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The server did not answer /healthz within 30 s');
}

function figures(connections: number, result: Result): LatencyFigures {
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`GET /posts/ failed under load: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  }
  return {
    connections,
    requests: result.requests.total,
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
  };
}

export async function measurePostsList(durationSeconds = 10): Promise<PostsListResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-bench-posts-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  await seedPosts(dataDir);
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(origin, child);
    const tokenResponse = await fetch(`${origin}/api/auth/token`, { method: 'POST', body: new URLSearchParams(ADMIN) });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}` };
    const url = `${origin}/api/posts/`;

    const first = await fetch(url, { headers });
    const body = await first.text();
    const posts = (JSON.parse(body) as unknown[]).length;
    if (posts !== POST_COUNT) throw new Error(`Expected ${POST_COUNT} posts in the list, got ${posts}`);

    await autocannon({ url, headers, connections: 1, amount: 50 }); // warm-up: JIT, SQLite page cache
    const single = figures(1, await autocannon({ url, headers, connections: 1, duration: durationSeconds }));
    const loaded = figures(10, await autocannon({ url, headers, connections: 10, duration: durationSeconds }));
    return { posts, responseBytes: Buffer.byteLength(body), single, loaded };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatPostsList(result: PostsListResult): string {
  const line = (f: LatencyFigures) =>
    `${f.connections} connection${f.connections === 1 ? '' : 's'}: median ${f.medianMs} ms, p99 ${f.p99Ms} ms, ${Math.round(f.requestsPerSecond)} req/s (${f.requests} requests)`;
  return [
    `GET /posts/ with ${result.posts.toLocaleString('en')} posts (${(result.responseBytes / 1024).toFixed(0)} KB of JSON):`,
    `  ${line(result.single)}`,
    `  ${line(result.loaded)}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatPostsList(await measurePostsList()));
}
