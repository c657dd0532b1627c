/**
 * Issue 30, Performance: `GET /posts/?language=de` at 100,000 posts within 20% of today's `GET /posts/`.
 *
 * Two built servers side by side on SQLite, each over HTTP: today's list, a site in one language with 100,000 posts
 * (`GET /posts/`), and a site in English and German with 100,000 posts in each, every one translated, asked for its
 * German list (`GET /posts/?language=de`: 100,000 rows, each naming its English translation, read in one query).
 * The requests alternate between the servers, one at a time, so all see the same machine; each figure is the
 * median of `RUNS` whole answers (the body read to its end). Each node keeps its whole list, encoded, until the
 * posts change (http/whole-list-cache.ts): before each round a German post is saved, and the German list is asked
 * for twice, right after the save (read from the database and encoded again) and once more (as kept).
 *
 * "Today's" list is the one the issue was filed against. With BENCH_BASELINE=/path/to/a/checkout of that time
 * (built; f6de381, the commit before translations landed), its server runs as a third, on 100,000 posts seeded by
 * its own code, and the German list is measured against it as well: the budget's own comparison. Without it, the
 * comparison is with this build's list in one language, which this work made faster too.
 *
 *   npm run build && [BENCH_BASELINE=../base] node --import tsx bench/src/posts-language.ts [count]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './lib/load.js';
import { startBenchServer, type BenchServer } from './lib/server.js';
import { seedPosts } from './posts-list.js';

const RUNS = Number(process.env.POSTS_LANGUAGE_RUNS ?? 15);

interface ListFigures {
  medianMs: number;
  bytes: number;
  items: number;
}

export interface PostsLanguageFigures {
  posts: number;
  all: ListFigures;
  german: ListFigures;
  /**
   * The German list asked for right after a post was saved: this node reads and encodes it again (the list is
   * kept, encoded, until the posts change: http/whole-list-cache.ts). `german` is the list asked for again.
   */
  germanAfterChange: ListFigures;
  /** The list of the baseline checkout (BENCH_BASELINE), when given. */
  baseline: ListFigures | null;
}

/** Seeds `dataDir` with the baseline checkout's own code (its schema is its own). */
function seedWithBaseline(root: string, count: number) {
  return async (dataDir: string): Promise<void> => {
    const script = `const { seedPosts } = await import(${JSON.stringify(path.resolve(root, 'bench/src/posts-list.ts'))});
await seedPosts(${JSON.stringify(dataDir)}, ${count});`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`Seeding the baseline failed (${result.status})`);
  };
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

export async function measurePostsLanguage(
  count = 100_000,
  baselineRoot = process.env.BENCH_BASELINE,
): Promise<PostsLanguageFigures> {
  const started: BenchServer[] = [];
  try {
    const one = await startBenchServer({ name: 'posts-one-language', seed: (dir) => seedPosts(dir, count) });
    started.push(one);
    const two = await startBenchServer({ name: 'posts-two-languages', seed: (dir) => seedPosts(dir, count, true) });
    started.push(two);
    const base = baselineRoot
      ? await startBenchServer({
          name: 'posts-baseline',
          seed: seedWithBaseline(baselineRoot, count),
          root: baselineRoot,
        })
      : null;
    if (base) started.push(base);
    const [oneToken, twoToken, baseToken] = await Promise.all([one.signIn(), two.signIn(), base?.signIn()]);
    const series = {
      all: [] as number[],
      german: [] as number[],
      germanAfterChange: [] as number[],
      baseline: [] as number[],
    };
    const last = {
      all: { bytes: 0, items: 0 },
      german: { bytes: 0, items: 0 },
      germanAfterChange: { bytes: 0, items: 0 },
      baseline: { bytes: 0, items: 0 },
    };
    // The German post saved before each "after a change" request: the newest (the list's first).
    const newest = (await (
      await fetch(`${two.origin}/api/posts/?language=de&limit=1`, { headers: { authorization: `Bearer ${twoToken}` } })
    ).json()) as { items: { id: number; slug: string }[] };
    const changed = newest.items[0]!;
    for (let run = 0; run < RUNS + 2; run++) {
      const saved = await fetch(`${two.origin}/api/posts/${changed.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${twoToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Hafenrundgang ${run}`, slug: changed.slug }),
      });
      if (!saved.ok) throw new Error(`PUT /api/posts/${changed.id}: ${saved.status}`);
      const answers = {
        all: await timedGet(one, oneToken, '/api/posts/'),
        germanAfterChange: await timedGet(two, twoToken, '/api/posts/?language=de'),
        german: await timedGet(two, twoToken, '/api/posts/?language=de'),
        ...(base ? { baseline: await timedGet(base, baseToken!, '/api/posts/') } : {}),
      };
      for (const [name, answer] of Object.entries(answers)) {
        if (answer.items !== count) throw new Error(`Expected ${count} posts from ${name}, got ${answer.items}`);
        last[name as keyof typeof last] = answer;
        if (run >= 2) series[name as keyof typeof series].push(answer.ms); // two warm-ups: JIT, SQLite's page cache
      }
    }
    const figures = (name: keyof typeof series): ListFigures => ({
      medianMs: median(series[name]),
      bytes: last[name].bytes,
      items: last[name].items,
    });
    return {
      posts: count,
      all: figures('all'),
      german: figures('german'),
      germanAfterChange: figures('germanAfterChange'),
      baseline: base ? figures('baseline') : null,
    };
  } finally {
    for (const server of started.reverse()) await server.stop();
  }
}

export function formatPostsLanguage(result: PostsLanguageFigures): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const count = result.posts.toLocaleString('en');
  const row = (label: string, figures: ListFigures) =>
    `${label}: median ${figures.medianMs.toFixed(0)} ms (${mb(figures.bytes)})`;
  return [
    ...(result.baseline
      ? [row(`today's GET /posts/ (BENCH_BASELINE's build) at ${count} posts`, result.baseline)]
      : []),
    row(`GET /posts/ at ${count} posts in one language`, result.all),
    row(
      `GET /posts/?language=de at ${count} German posts, each translated (${(result.posts * 2).toLocaleString('en')} in all)`,
      result.german,
    ),
    row('  the same, right after a German post was saved (read and encoded again)', result.germanAfterChange),
    ...(result.baseline
      ? [
          `  ratio against today's list ${(result.german.medianMs / result.baseline.medianMs).toFixed(2)} (budget: at most 1.20); right after a save ${(result.germanAfterChange.medianMs / result.baseline.medianMs).toFixed(2)}`,
        ]
      : []),
    `  ratio against this build's list in one language ${(result.german.medianMs / result.all.medianMs).toFixed(2)}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatPostsLanguage(await measurePostsLanguage(process.argv[2] ? Number(process.argv[2]) : undefined)));
}
