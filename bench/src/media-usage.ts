/**
 * What knowing where media are used costs (issue 31, Performance): a save of a page whose content links 100 images
 * against the same page linking none (budget: under 5 ms added), and `GET /media/` at 50,000 items with their
 * usage counts (one grouped count, not a query per item). SQLite, the app in this process through inject.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { connectDatabase, migrateToLatest } from '../../server/dist/db/connect.js';
import { benchAdmin } from './lib/bench-admin.js';
import { timed } from './lib/timing.js';

export const MEDIA_ITEMS = 50_000;
const IMAGES_ON_PAGE = 100;

export interface MediaUsageFigures {
  saveWithout: number;
  saveWith: number;
  list: number;
}

export async function measureMediaUsage(): Promise<MediaUsageFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-bench-usage-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const db = await connectDatabase(config);
  await migrateToLatest(db);
  const now = new Date().toISOString();
  const { headers } = await benchAdmin(db.kysely);
  for (let start = 0; start < MEDIA_ITEMS; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, offset) => {
      const n = start + offset;
      return {
        original_name: `photo-${n}.jpg`,
        file_path: `uploads/2026/11/photo-${n}.jpg`,
        thumbnail_path: `uploads/2026/11/photo-${n}.thumb.webp`,
        mime_type: 'image/jpeg',
        file_size: 1000,
        width: 800,
        height: 600,
        variants: '480',
        created_at: now,
        updated_at: now,
      };
    });
    await db.kysely.insertInto('media').values(rows).execute();
  }
  const app = await buildApp(config, { db });
  const text = '<p>Sail along the coast and watch the sun go down.</p>';
  const linked = Array.from(
    { length: IMAGES_ON_PAGE },
    (_, n) => `<figure><img src="/uploads/2026/11/photo-${n * 7}.jpg" alt="">${text}</figure>`,
  ).join('');
  const plain = Array.from(
    { length: IMAGES_ON_PAGE },
    () => `<figure><img src="/img/coast.jpg" alt="">${text}</figure>`,
  ).join('');
  try {
    const create = async (content: string, slug: string) =>
      (
        await app.inject({ method: 'POST', url: '/api/pages/', headers, payload: { title: slug, slug, content } })
      ).json() as { id: number };
    const withImages = await create(linked, 'with-images');
    const withoutImages = await create(plain, 'without-images');
    const saveOf = (id: number, slug: string, content: string) => async () => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/pages/${id}`,
        headers,
        payload: { title: slug, slug, content },
      });
      if (res.statusCode !== 200) throw new Error(`PUT: ${res.statusCode} ${res.body}`);
    };
    const saveWithout = await timed(40, saveOf(withoutImages.id, 'without-images', plain));
    const saveWith = await timed(40, saveOf(withImages.id, 'with-images', linked));
    const list = await timed(10, async () => {
      const res = await app.inject({ method: 'GET', url: '/api/media/', headers });
      if (res.statusCode !== 200) throw new Error(`GET /media/: ${res.statusCode}`);
    });
    return { saveWithout, saveWith, list };
  } finally {
    await app.close();
    await db.kysely.destroy().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatMediaUsage(f: MediaUsageFigures): string {
  return [
    'Media usage (SQLite, in process):',
    `  PUT of a page linking ${IMAGES_ON_PAGE} library images: median ${f.saveWith.toFixed(2)} ms, against ${f.saveWithout.toFixed(2)} ms for the same page linking none (+${(f.saveWith - f.saveWithout).toFixed(2)} ms; budget +5 ms)`,
    `  GET /media/ at ${MEDIA_ITEMS.toLocaleString('en')} items with their usage counts: median ${f.list.toFixed(0)} ms`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  console.log(formatMediaUsage(await measureMediaUsage()));
