/**
 * The Media Library screen with 2,000 files, in the system Chromium against the built server (issue 4: "2,000
 * media items must list and filter without lag").
 *
 * The rows are written straight into a fresh SQLite database, each with its own small WebP thumbnail on disk.
 * Measured in the page: the time from navigation to the first cards, then for each step of typing a search and
 * switching folders, the time from the input event until the grid shows the result, and the longest main-thread
 * task (anything over 50 ms is a frame the user can feel).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../server/dist/config.js';
import { connectDatabase, migrateToLatest } from '../../server/dist/db/connect.js';
import { launchBrowser, signInThroughUi, startServer } from '../../e2e/src/index.js';

export const MEDIA_COUNT = 2_000;

export interface MediaScreenResult {
  items: number;
  firstCardsMs: number;
  steps: { label: string; ms: number; cards: number }[];
  longestTaskMs: number;
}

async function seedMedia(dataDir: string): Promise<void> {
  const thumbnail = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#2a9d8f' } })
    .webp({ quality: 78 })
    .toBuffer();
  const folderDir = path.join(dataDir, 'uploads', '2025', '07');
  fs.mkdirSync(folderDir, { recursive: true });
  const db = await connectDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  try {
    await migrateToLatest(db);
    const folders = ['Lisbon', 'Porto', 'Algarve', 'Douro', null];
    const now = Date.now();
    for (let start = 0; start < MEDIA_COUNT; start += 250) {
      const rows = Array.from({ length: Math.min(250, MEDIA_COUNT - start) }, (_, offset) => {
        const n = start + offset + 1;
        const name = n.toString(16).padStart(32, '0');
        const isImage = n % 5 !== 0;
        if (isImage) fs.writeFileSync(path.join(folderDir, `${name}.thumb.webp`), thumbnail);
        const at = new Date(now - (MEDIA_COUNT - n) * 60_000).toISOString();
        return {
          original_name: isImage ? `Tour photo ${n}.jpg` : `Brochure ${n}.pdf`,
          file_path: `uploads/2025/07/${name}.${isImage ? 'jpg' : 'pdf'}`,
          thumbnail_path: isImage ? `uploads/2025/07/${name}.thumb.webp` : null,
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
  } finally {
    await db.kysely.destroy();
  }
}

export async function measureMediaScreen(): Promise<MediaScreenResult> {
  const server = await startServer();
  const session = await launchBrowser();
  try {
    await seedMedia(server.dataDir);
    const { page } = session;
    await signInThroughUi(page, server.origin, server.admin.username, server.admin.password);
    // tsx keeps function names with a `__name` helper that page.evaluate's serialised functions then call.
    await page.addInitScript('window.__name = (fn) => fn;');
    await page.addInitScript(() => {
      const w = window as unknown as { longestTask: number };
      w.longestTask = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longestTask = Math.max(w.longestTask, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });

    const started = Date.now();
    await page.goto(`${server.origin}/admin/media`);
    await page.locator('ul[aria-label="Media files"] > li').first().waitFor();
    const firstCardsMs = Date.now() - started;
    await page.waitForTimeout(1_000);
    // The screen renders a page of cards at a time: read how many it shows of the whole library.
    const pageSize = await page.locator('ul[aria-label="Media files"] > li').count();
    await page.evaluate(() => ((window as unknown as { longestTask: number }).longestTask = 0));

    /** The seed as the screen sees it (newest first), to know what each step must show. */
    const FOLDERS = ['Lisbon', 'Porto', 'Algarve', 'Douro', null];
    const seeded = Array.from({ length: MEDIA_COUNT }, (_, i) => MEDIA_COUNT - i).map((n) => ({
      name: n % 5 !== 0 ? `Tour photo ${n}.jpg` : `Brochure ${n}.pdf`,
      folder: FOLDERS[n % 5] ?? null,
    }));
    let search = '';
    let folder: string | null = null;

    /** Changes the search or the folder in the page and waits until the grid shows the right first card and count. */
    const step = async (label: string, change: { search?: string; folder?: string | null }) => {
      search = change.search ?? search;
      folder = change.folder === undefined ? folder : change.folder;
      const matching = seeded.filter(
        (item) => (folder === null || item.folder === folder) && item.name.toLowerCase().includes(search.toLowerCase()),
      );
      const expected = { first: matching[0]?.name ?? null, count: Math.min(pageSize, matching.length) };
      const action = change.search !== undefined ? { search: change.search } : { folder: change.folder ?? 'All Files' };
      const result = await page.evaluate(
        async ({ action, expected }) => {
          const cards = () => document.querySelectorAll('ul[aria-label="Media files"] > li');
          const shows = () => {
            const list = cards();
            return list.length === expected.count && (list[0]?.getAttribute('aria-label') ?? null) === expected.first;
          };
          const t0 = performance.now();
          if ('search' in action) {
            const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, action.search);
            input.dispatchEvent(new Event('input', { bubbles: true }));
          } else {
            [...document.querySelectorAll<HTMLButtonElement>('[aria-label="Folders"] button')]
              .find((b) => b.textContent === action.folder)!
              .click();
          }
          while (!shows()) await new Promise((resolve) => requestAnimationFrame(resolve));
          // One more frame: the result has been laid out and painted.
          await new Promise((resolve) => requestAnimationFrame(resolve));
          return { ms: performance.now() - t0, cards: cards().length };
        },
        { action, expected },
      );
      return { label, ...result };
    };

    // What a person does: search, narrow to a folder, change their mind, back to everything.
    const steps = [];
    steps.push(await step('type "photo 19"', { search: 'photo 19' }));
    steps.push(await step('type "brochure 5"', { search: 'brochure 5' }));
    steps.push(await step('folder Porto', { folder: 'Porto' }));
    steps.push(await step('clear search', { search: '' }));
    steps.push(await step('type "photo 3"', { search: 'photo 3' }));
    steps.push(await step('All Files', { folder: null }));
    steps.push(await step('clear search', { search: '' }));
    const longestTaskMs = await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask);
    return { items: MEDIA_COUNT, firstCardsMs, steps, longestTaskMs };
  } finally {
    await session.close();
    await server.stop();
  }
}

export function formatMediaScreen(result: MediaScreenResult): string {
  return [
    `Media Library with ${result.items.toLocaleString('en')} files: first cards ${result.firstCardsMs} ms after navigation`,
    ...result.steps.map((s) => `  ${s.label.padEnd(18)} ${s.ms.toFixed(0).padStart(4)} ms to show ${s.cards} cards`),
    `  longest main-thread task while filtering: ${result.longestTaskMs.toFixed(0)} ms`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatMediaScreen(await measureMediaScreen()));
}
