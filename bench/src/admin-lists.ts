/**
 * The admin's Posts screen at 100,000 posts in Chromium (issue 26: first rows under 1 s, a search narrowed under
 * 150 ms). The posts are written straight into a fresh SQLite database, the built server started on it, and the
 * screen opened signed in: "first rows" runs from the navigation to the first page's rows drawn; "search" from the
 * moment the debounced search request leaves (250 ms after the last keystroke) to the narrowed rows drawn, and
 * "search, typed" from the last keystroke (so it includes the debounce). Medians of five.
 *
 *   npm run build && cd bench && npx tsx src/admin-lists.ts [posts]
 */
import { chromium } from 'playwright-core';
import { BENCH_ADMIN, startBenchServer } from './lib/server.js';
import { seedPosts } from './posts-list.js';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureAdminPosts(count = 100_000, runs = 5) {
  const seedStart = performance.now();
  const server = await startBenchServer({ name: 'admin-posts', seed: (dir) => seedPosts(dir, count) });
  const seedMs = performance.now() - seedStart;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.origin}/admin`);
    await page.getByLabel('Username').fill(BENCH_ADMIN.username);
    await page.getByLabel('Password').fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');

    // Polled every frame: a locator's waitFor backs off to 500 ms between checks and would time itself.
    const shown = (text: string) =>
      page.waitForFunction((t) => document.body.innerText.includes(t), text, { polling: 'raf' });
    const firstRows: number[] = [];
    const searchSent: number[] = [];
    const searchTyped: number[] = [];
    const total = `Showing 50 of ${count.toLocaleString('en')} posts`;
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      await page.goto(`${server.origin}/admin/posts`);
      await shown(total);
      firstRows.push(performance.now() - start);

      const wanted = `Tour number ${count - 7 - run}:`;
      const box = page.getByRole('searchbox', { name: 'Search posts' });
      let sentAt = 0;
      const onRequest = (request: { url(): string }) => {
        if (request.url().includes('q=')) sentAt = performance.now();
      };
      page.on('request', onRequest);
      await box.fill(wanted);
      const typedAt = performance.now();
      await shown('Showing 1 of 1 posts');
      const drawnAt = performance.now();
      page.off('request', onRequest);
      searchSent.push(drawnAt - sentAt);
      searchTyped.push(drawnAt - typedAt);
    }
    // The same search over HTTP alone (no browser): what of the search time is the server's.
    const headers = { authorization: `Bearer ${await server.signIn()}` };
    const apiSearch: number[] = [];
    for (let run = 0; run < runs; run++) {
      const q = encodeURIComponent(`Tour number ${count - 20 - run}:`);
      const start = performance.now();
      const res = await fetch(`${server.origin}/api/posts/?sort=-created_at&limit=50&q=${q}`, { headers });
      await res.json();
      apiSearch.push(performance.now() - start);
    }
    return {
      count,
      apiSearchMs: median(apiSearch),
      seedMs,
      firstRowsMs: median(firstRows),
      searchMs: median(searchSent),
      searchTypedMs: median(searchTyped),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureAdminPosts(Number(process.argv[2] ?? 100_000));
  console.log(
    `Posts screen at ${r.count.toLocaleString('en')} posts (seeded in ${(r.seedMs / 1000).toFixed(0)} s): ` +
      `first rows ${r.firstRowsMs.toFixed(0)} ms, search ${r.searchMs.toFixed(0)} ms after the request ` +
      `(${r.searchTypedMs.toFixed(0)} ms after the last keystroke, with the 250 ms debounce); ` +
      `the search's API request alone ${r.apiSearchMs.toFixed(0)} ms; medians of 5`,
  );
}
