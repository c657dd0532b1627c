/**
 * The admin's long lists at their sizes in Chromium (issue 26: first rows under 1 s, a search narrowed under
 * 150 ms): Posts at 100,000 posts, Contacts at 100,000 inquiries, Pages at 10,000, the Media Library at 50,000
 * files, Activity at 1,000,000 entries (narrowed by a type filter, as it has no search). The rows are written
 * straight into a fresh SQLite database, the built server started on it, and the screen opened signed in: "first
 * rows" runs from the navigation to the first page's rows drawn; "search" from the moment the debounced search
 * request leaves (250 ms after the last keystroke) to the narrowed rows drawn, and "search, typed" from the last
 * keystroke (so it includes the debounce); "heap" is the tab's JavaScript heap once the first rows are drawn.
 * Medians of five.
 *
 *   npm run build && node --import tsx bench/src/admin-lists.ts [posts|contacts|pages|media|activity|all] [count]
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { loadConfig } from '../../server/dist/config.js';
import { connectDatabase, migrateToLatest } from '../../server/dist/db/connect.js';
import type { Db } from '../../server/dist/db/dialect.js';
import { BENCH_ADMIN, startBenchServer } from './lib/server.js';
import { seedPosts } from './posts-list.js';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One list screen to measure: where it is, what it calls its rows, how it is seeded and searched. */
export interface AdminListBench {
  name: string;
  /** The screen's address under the origin. */
  screen: string;
  /** The noun of its footer ("Showing 50 of 100,000 contacts"). */
  noun: string;
  /** Its search box's name ("Search contacts"). */
  searchLabel: string;
  /** Rows of its first page. */
  pageSize: number;
  /** The API path the screen pages (a search request carries `q=`). */
  api: string;
  count: number;
  seed: (dataDir: string, count: number) => Promise<void>;
  /** A text only row `n` (1-based, counted in insertion order) holds, typed into the search box. */
  needle: (n: number) => string;
  /**
   * A list without a search box is narrowed by a filter instead: the select's name, the option chosen, and the
   * sentence the narrowed list then shows.
   */
  filter?: { label: string; option: string; shown: (count: number) => string };
}

/** Opens a database in `dataDir`, migrated, for a seed; closed after `fill`. */
export async function withBenchDb(dataDir: string, fill: (db: Db) => Promise<void>): Promise<void> {
  const db = await connectDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  try {
    await migrateToLatest(db);
    await fill(db);
  } finally {
    await db.kysely.destroy();
  }
}

/** Inquiries one a minute up to now, a third each status, every fifth about no one's tour. */
export async function seedContacts(dataDir: string, count: number): Promise<void> {
  const statuses = ['new', 'in-progress', 'resolved'] as const;
  await withBenchDb(dataDir, async (db) => {
    const now = Date.now();
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
        const n = start + offset + 1;
        const at = new Date(now - (count - n) * 60_000).toISOString();
        return {
          name: `Guest ${n}`,
          email: `guest${n}@example.com`,
          phone: null,
          subject: `Question number ${n}: a boat trip for four`,
          message: 'Is there room for four on Friday morning? We would also like to ask about lunch on board.',
          status: statuses[n % 3]!,
          post_id: null,
          ip_address: '203.0.113.7',
          sender_key: '203.0.113.7',
          created_at: at,
          updated_at: at,
        };
      });
      await db.kysely.insertInto('contacts').values(rows).execute();
    }
  });
}

/**
 * Files one a minute up to now in five folders (one in five none), four in five images: every image shows the one
 * small WebP thumbnail written here (the names of the files differ, their thumbnails need not).
 */
export async function seedMedia(dataDir: string, count: number): Promise<void> {
  const thumbnail = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#2a9d8f' } })
    .webp({ quality: 78 })
    .toBuffer();
  fs.mkdirSync(path.join(dataDir, 'uploads', '2025', '07'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', '2025', '07', 'shared.thumb.webp'), thumbnail);
  const folders = ['Lisbon', 'Porto', 'Algarve', 'Douro', null];
  await withBenchDb(dataDir, async (db) => {
    const now = Date.now();
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
        const n = start + offset + 1;
        const isImage = n % 5 !== 0;
        const at = new Date(now - (count - n) * 60_000).toISOString();
        return {
          original_name: isImage ? `File ${n} - tour photo.jpg` : `File ${n} - brochure.pdf`,
          file_path: `uploads/2025/07/${n.toString(16).padStart(32, '0')}.${isImage ? 'jpg' : 'pdf'}`,
          thumbnail_path: isImage ? 'uploads/2025/07/shared.thumb.webp' : null,
          mime_type: isImage ? 'image/jpeg' : 'application/pdf',
          file_size: 150_000 + n * 97,
          width: isImage ? 1600 : null,
          height: isImage ? 1200 : null,
          folder: folders[n % folders.length]!,
          uploaded_by: null,
          created_at: at,
          updated_at: at,
        };
      });
      await db.kysely.insertInto('media').values(rows).execute();
    }
  });
}

/** Pages one a minute up to now, with ~2 KB of content each, a third built in the rich editor, every status. */
export async function seedPages(dataDir: string, count: number): Promise<void> {
  const statuses = ['published', 'draft', 'pending'] as const;
  const paragraph = 'Boats leave every hour from the old pier. '.repeat(50);
  const content = `<section><h2>About the harbour</h2><p>${paragraph}</p></section>`;
  await withBenchDb(dataDir, async (db) => {
    const now = Date.now();
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
        const n = start + offset + 1;
        const at = new Date(now - (count - n) * 60_000).toISOString();
        return {
          title: `Page number ${n}: the harbour and the old town`,
          slug: `page-${n}`,
          content,
          status: statuses[n % 3]!,
          template_data: n % 3 === 0 ? '{"blocks":[]}' : null,
          created_at: at,
          updated_at: at,
          text_updated_at: at,
        };
      });
      // The other columns (SEO, tour fields, author) are left to their defaults: null, or the first version.
      await db.kysely
        .insertInto('pages')
        .values(rows as never)
        .execute();
    }
  });
}

const ACTIVITY_TYPES = ['post', 'page', 'component', 'media', 'contact', 'module', 'category', 'tag', 'user'] as const;
const ACTIVITY_ACTIONS = ['create', 'update', 'status', 'delete'] as const;

/** Entries one every 10 seconds up to now (well within the year the log keeps), by nine types of item in turn. */
export async function seedActivity(dataDir: string, count: number): Promise<void> {
  await withBenchDb(dataDir, async (db) => {
    const now = Date.now();
    await db.kysely.transaction().execute(async (trx) => {
      for (let start = 0; start < count; start += 1000) {
        const rows = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
          const n = start + offset + 1;
          return {
            occurred_at: new Date(now - (count - n) * 10_000).toISOString(),
            user_id: null,
            actor_name: `Person ${n % 20}`,
            ip_address: '198.51.100.7',
            action: ACTIVITY_ACTIONS[n % ACTIVITY_ACTIONS.length]!,
            item_type: ACTIVITY_TYPES[n % ACTIVITY_TYPES.length]!,
            item_id: n,
            item_title: `Item number ${n}`,
            summary: 'Changed title and price',
          };
        });
        await trx.insertInto('activity').values(rows).execute();
      }
    });
  });
}

/** How many of `count` seeded entries are of the type at `index` in ACTIVITY_TYPES. */
const entriesOfType = (count: number, index: number) =>
  Math.floor(count / ACTIVITY_TYPES.length) + (index !== 0 && index <= count % ACTIVITY_TYPES.length ? 1 : 0);

export const ADMIN_LISTS: Record<string, AdminListBench> = {
  posts: {
    name: 'Posts',
    screen: '/admin/posts',
    noun: 'posts',
    searchLabel: 'Search posts',
    pageSize: 50,
    api: '/api/posts/?sort=-created_at&limit=50',
    count: 100_000,
    seed: seedPosts,
    needle: (n) => `Tour number ${n}:`,
  },
  contacts: {
    name: 'Contacts',
    screen: '/admin/contacts',
    noun: 'contacts',
    searchLabel: 'Search contacts',
    pageSize: 50,
    api: '/api/contacts/?sort=-created_at&limit=50',
    count: 100_000,
    seed: seedContacts,
    needle: (n) => `Question number ${n}:`,
  },
  pages: {
    name: 'Pages',
    screen: '/admin/pages',
    noun: 'pages',
    searchLabel: 'Search pages',
    pageSize: 50,
    api: '/api/pages/?sort=-created_at&limit=50',
    count: 10_000,
    seed: seedPages,
    needle: (n) => `Page number ${n}:`,
  },
  activity: {
    name: 'Activity',
    screen: '/admin/activity',
    noun: 'entries',
    searchLabel: '',
    pageSize: 50,
    api: '/api/activity/?limit=50',
    count: 1_000_000,
    seed: seedActivity,
    needle: () => '',
    filter: {
      label: 'Type of item',
      option: 'Tag',
      shown: (count) =>
        `Showing 50 of ${entriesOfType(count, ACTIVITY_TYPES.indexOf('tag')).toLocaleString('en')} entries`,
    },
  },
  media: {
    name: 'Media Library',
    screen: '/admin/media',
    noun: 'files',
    searchLabel: 'Search media files',
    pageSize: 60,
    api: '/api/media/?sort=-created_at&limit=60',
    count: 50_000,
    seed: seedMedia,
    needle: (n) => `File ${n} -`,
  },
};

export interface AdminListResult {
  name: string;
  /** What narrows the list: its search box, or (the activity log) a filter. */
  narrowedBy: 'search' | 'filter';
  count: number;
  seedMs: number;
  firstRowsMs: number;
  searchMs: number;
  searchTypedMs: number;
  apiSearchMs: number;
  heapMb: number;
}

export async function measureAdminList(list: AdminListBench, count = list.count, runs = 5): Promise<AdminListResult> {
  const seedStart = performance.now();
  const server = await startBenchServer({ name: `admin-${list.noun}`, seed: (dir) => list.seed(dir, count) });
  const seedMs = performance.now() - seedStart;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const apiHeaders = { authorization: `Bearer ${await server.signIn()}` };
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${server.origin}/admin`);
    await page.getByLabel('Username').fill(BENCH_ADMIN.username);
    await page.getByLabel('Password').fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');

    // Polled every frame: a locator's waitFor backs off to 500 ms between checks and would time itself.
    const shown = (text: string) =>
      page.waitForFunction((t) => document.body.innerText.includes(t), text, { polling: 'raf' });
    const firstRows: number[] = [];
    const heap: number[] = [];
    const searchSent: number[] = [];
    const searchTyped: number[] = [];
    // The log also holds the bench admin's sign-in (and the benchmark's own): its total is read from the server.
    const listed = list.filter
      ? await (await fetch(`${server.origin}${list.api}`, { headers: apiHeaders })).json()
      : null;
    const all = list.filter ? (listed as { total: number }).total : count;
    const total = `Showing ${list.pageSize} of ${all.toLocaleString('en')} ${list.noun}`;
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      await page.goto(`${server.origin}${list.screen}`);
      await shown(total);
      firstRows.push(performance.now() - start);
      const { metrics } = await cdp.send('Performance.getMetrics');
      heap.push(metrics.find((m) => m.name === 'JSHeapUsedSize')!.value / 2 ** 20);

      let sentAt = 0;
      const asks = list.filter ? 'item_type=' : 'q=';
      const onRequest = (request: { url(): string }) => {
        if (request.url().includes(asks)) sentAt = performance.now();
      };
      page.on('request', onRequest);
      if (list.filter) {
        await page.getByRole('combobox', { name: list.filter.label }).selectOption({ label: list.filter.option });
      } else {
        await page.getByRole('searchbox', { name: list.searchLabel }).fill(list.needle(count - 7 - run));
      }
      const typedAt = performance.now();
      await shown(list.filter ? list.filter.shown(count) : `Showing 1 of 1 ${list.noun}`);
      const drawnAt = performance.now();
      page.off('request', onRequest);
      searchSent.push(drawnAt - sentAt);
      searchTyped.push(drawnAt - typedAt);
    }
    // The same search over HTTP alone (no browser): what of the search time is the server's.
    const headers = apiHeaders;
    const apiSearch: number[] = [];
    for (let run = 0; run < runs; run++) {
      const narrow = list.filter ? 'item_type=tag' : `q=${encodeURIComponent(list.needle(count - 20 - run))}`;
      const start = performance.now();
      const res = await fetch(`${server.origin}${list.api}&${narrow}`, { headers });
      await res.json();
      apiSearch.push(performance.now() - start);
    }
    return {
      name: list.name,
      narrowedBy: list.filter ? 'filter' : 'search',
      count,
      seedMs,
      firstRowsMs: median(firstRows),
      heapMb: median(heap),
      searchMs: median(searchSent),
      searchTypedMs: median(searchTyped),
      apiSearchMs: median(apiSearch),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function formatAdminList(r: AdminListResult): string {
  const narrowed =
    r.narrowedBy === 'search'
      ? `search ${r.searchMs.toFixed(0)} ms after the request (${r.searchTypedMs.toFixed(0)} ms after the last ` +
        `keystroke, with the 250 ms debounce); the search's API request alone ${r.apiSearchMs.toFixed(0)} ms`
      : `a type filter ${r.searchMs.toFixed(0)} ms after its request (${r.searchTypedMs.toFixed(0)} ms after the ` +
        `choice); its API request alone ${r.apiSearchMs.toFixed(0)} ms`;
  return (
    `${r.name} screen at ${r.count.toLocaleString('en')} rows (seeded in ${(r.seedMs / 1000).toFixed(0)} s): ` +
    `first rows ${r.firstRowsMs.toFixed(0)} ms (tab heap ${r.heapMb.toFixed(1)} MB), ${narrowed}; medians of 5`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv[2] ?? 'all';
  const names = which === 'all' ? Object.keys(ADMIN_LISTS) : [which];
  for (const name of names) {
    const list = ADMIN_LISTS[name];
    if (!list) throw new Error(`No list ${name}: one of ${Object.keys(ADMIN_LISTS).join(', ')} or all`);
    const count = process.argv[3] ? Number(process.argv[3]) : list.count;
    console.log(formatAdminList(await measureAdminList(list, count)));
  }
}
