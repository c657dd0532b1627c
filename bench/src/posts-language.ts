/**
 * Issue 30, Performance: `GET /posts/?language=de` at 100,000 posts within 20% of today's `GET /posts/`.
 *
 * Two built servers side by side on SQLite, each over HTTP: today's list, a site in one language with 100,000 posts
 * (`GET /posts/`), and a site in English and German with 100,000 posts in each, every one translated, asked for its
 * German list (`GET /posts/?language=de`: 100,000 rows, each naming its English translation, read in one query).
 * The requests alternate between the two servers, one at a time, so both see the same machine; each figure is the
 * median of `RUNS` whole answers (the body read to its end).
 *
 *   npm run build && node --import tsx bench/src/posts-language.ts [count]
 */
import { performance } from 'node:perf_hooks';
import { median } from './lib/load.js';
import { startBenchServer, type BenchServer } from './lib/server.js';
import { seedPosts } from './posts-list.js';

const RUNS = Number(process.env.POSTS_LANGUAGE_RUNS ?? 15);

export interface PostsLanguageFigures {
  posts: number;
  all: { medianMs: number; bytes: number; items: number };
  german: { medianMs: number; bytes: number; items: number };
}

async function timedGet(
  server: BenchServer,
  token: string,
  path: string,
): Promise<{ ms: number; bytes: number; items: number }> {
  const started = performance.now();
  const res = await fetch(`${server.origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return { ms, bytes: Buffer.byteLength(body), items: (JSON.parse(body) as unknown[]).length };
}

export async function measurePostsLanguage(count = 100_000): Promise<PostsLanguageFigures> {
  const one = await startBenchServer({ name: 'posts-one-language', seed: (dir) => seedPosts(dir, count) });
  try {
    const two = await startBenchServer({ name: 'posts-two-languages', seed: (dir) => seedPosts(dir, count, true) });
    try {
      const [oneToken, twoToken] = await Promise.all([one.signIn(), two.signIn()]);
      const all: number[] = [];
      const german: number[] = [];
      let allLast = { bytes: 0, items: 0 };
      let germanLast = { bytes: 0, items: 0 };
      for (let run = 0; run < RUNS + 2; run++) {
        const a = await timedGet(one, oneToken, '/api/posts/');
        const b = await timedGet(two, twoToken, '/api/posts/?language=de');
        if (a.items !== count || b.items !== count)
          throw new Error(`Expected ${count} posts, got ${a.items} and ${b.items}`);
        allLast = a;
        germanLast = b;
        if (run < 2) continue; // warm-up: JIT, SQLite's page cache
        all.push(a.ms);
        german.push(b.ms);
      }
      return {
        posts: count,
        all: { medianMs: median(all), bytes: allLast.bytes, items: allLast.items },
        german: { medianMs: median(german), bytes: germanLast.bytes, items: germanLast.items },
      };
    } finally {
      await two.stop();
    }
  } finally {
    await one.stop();
  }
}

export function formatPostsLanguage(result: PostsLanguageFigures): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return [
    `GET /posts/ at ${result.posts.toLocaleString('en')} posts in one language: median ${result.all.medianMs.toFixed(0)} ms (${mb(result.all.bytes)})`,
    `GET /posts/?language=de at ${result.posts.toLocaleString('en')} German posts, each translated (${(result.posts * 2).toLocaleString('en')} in all): median ${result.german.medianMs.toFixed(0)} ms (${mb(result.german.bytes)})`,
    `  ratio ${(result.german.medianMs / result.all.medianMs).toFixed(2)} (budget: at most 1.20)`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatPostsLanguage(await measurePostsLanguage(process.argv[2] ? Number(process.argv[2]) : undefined)));
}
