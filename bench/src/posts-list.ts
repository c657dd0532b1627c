/**
 * GET /posts/ at 10,000 posts, over HTTP against the built server (issue 3: under 100 ms on a 2-core machine).
 *
 * The posts are written straight into a fresh SQLite database (with ~2 KB of HTML each, so that a list that
 * selected whole rows would show), then the real server is started on it as a child process and autocannon
 * drives it: first one connection (what one member of staff waits), then ten (the server under load).
 */
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig } from '../../server/dist/config.js';
import { connectDatabase, migrateToLatest } from '../../server/dist/db/connect.js';
import { latencyFigures, loadRun, type LatencyFigures } from './lib/load.js';
import { startBenchServer } from './lib/server.js';

export const POST_COUNT = 10_000;

export interface PostsListResult {
  posts: number;
  responseBytes: number;
  single: LatencyFigures;
  loaded: LatencyFigures;
}

const BODY = `<h2>Day plan</h2><p>${'Sail along the coast, swim in a quiet cove and watch the sun go down. '.repeat(25)}</p>`;

/**
 * `count` posts in English; with `translated`, each also in German (`tour-{n}-de`, in tour n's translation group),
 * as a site in two languages whose every post is translated has them.
 */
export async function seedPosts(dataDir: string, count = POST_COUNT, translated = false): Promise<void> {
  const db = await connectDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  try {
    await migrateToLatest(db);
    const now = Date.now();
    const categoryIds: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const at = new Date(now).toISOString();
      const row = await db.kysely
        .insertInto('categories')
        .values({
          name: `Category ${i}`,
          slug: `category-${i}`,
          description: null,
          parent_id: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.push(row.id);
    }
    const statuses = ['published', 'draft', 'pending'] as const;
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
        const n = start + offset + 1;
        const at = new Date(now - (count - n) * 60_000).toISOString();
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
          text_updated_at: at,
        };
      });
      const ids = await db.kysely.insertInto('posts').values(rows).returning('id').execute();
      if (!translated) continue;
      const german = await db.kysely
        .insertInto('posts')
        .values(
          rows.map((row, i) => ({
            ...row,
            title: `Tour Nummer ${start + i + 1}: Hafen, Altstadt und Sonnenuntergang`,
            slug: `${row.slug}-de`,
            language: 'de',
            translation_group: ids[i]!.id,
          })),
        )
        .returning('id')
        .execute();
      if (german.length !== rows.length) throw new Error('German posts not written');
      await db.kysely
        .updateTable('posts')
        .set({ translation_group: sql<number>`id` })
        .where(
          'id',
          'in',
          ids.map((row) => row.id),
        )
        .execute();
    }
  } finally {
    await db.kysely.destroy();
  }
}

export async function measurePostsList(durationSeconds = 10): Promise<PostsListResult> {
  const server = await startBenchServer({ name: 'posts', seed: (dir) => seedPosts(dir) });
  try {
    const headers = { authorization: `Bearer ${await server.signIn()}` };
    const url = `${server.origin}/api/posts/`;

    const first = await fetch(url, { headers });
    const body = await first.text();
    const posts = (JSON.parse(body) as unknown[]).length;
    if (posts !== POST_COUNT) throw new Error(`Expected ${POST_COUNT} posts in the list, got ${posts}`);

    await autocannon({ url, headers, connections: 1, amount: 50 }); // warm-up: JIT, SQLite page cache
    const single = latencyFigures(1, [
      await loadRun('GET /posts/', { url, headers, connections: 1, duration: durationSeconds }),
    ]);
    const loaded = latencyFigures(10, [
      await loadRun('GET /posts/', { url, headers, connections: 10, duration: durationSeconds }),
    ]);
    return { posts, responseBytes: Buffer.byteLength(body), single, loaded };
  } finally {
    await server.stop();
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
