/**
 * A tour page at its largest (issue 28, Performance): 60 itinerary days each with an image, 40 gallery images,
 * 40 FAQs and 40 lines each of included and not included. Measured: the page rendered uncached (every cached
 * document dropped before each request, as a save does; budget under 30 ms), and the save of that post (budget
 * under 50 ms), through the app in this process, on SQLite and on PostgreSQL with BENCH_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { benchAdmin } from './lib/bench-admin.js';
import { onEachDatabase, timed } from './lib/timing.js';

const DAYS = 60;
const IMAGES = 40;
const FAQS = 40;
const LINES = 40;

export interface TourSectionsResult {
  database: 'sqlite' | 'postgres';
  renderMs: number;
  saveMs: number;
  bytes: number;
}

async function measureOn(env: Record<string, string>, database: 'sqlite' | 'postgres'): Promise<TourSectionsResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-bench-sections-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      SCHEDULER_INTERVAL_SECONDS: '0',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...env,
    }),
  );
  try {
    await app.ready();
    const { kysely } = app.ctx.db;
    const now = new Date().toISOString();
    const { headers } = await benchAdmin(kysely);
    const images = await kysely
      .insertInto('media')
      .values(
        Array.from({ length: IMAGES }, (_, n) => ({
          original_name: `view-${n}.jpg`,
          file_path: `uploads/2026/11/view-${n}.jpg`,
          thumbnail_path: `uploads/2026/11/view-${n}.thumb.webp`,
          mime_type: 'image/jpeg',
          file_size: 250_000,
          width: 1600,
          height: 1067,
          alt_text: `View number ${n} over the valley`,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const imageIds = images.map((row) => row.id);
    const faqIds: number[] = [];
    for (let n = 0; n < FAQS; n++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/faqs/',
        headers,
        payload: { question: `Question ${n}: what about the luggage?`, answer: `<p>Answer ${n}: one bag each.</p>` },
      });
      faqIds.push(res.json<{ id: number }>().id);
    }
    const description =
      '<p>Morning walk through the vineyards, then a boat down the river to the next village. <strong>Lunch</strong> at a family estate, tasting of three wines, and a free afternoon by the water.</p>';
    const payload = {
      title: 'The Grand Tour',
      slug: 'grand-tour',
      status: 'published',
      duration: `${DAYS} days`,
      highlights: Array.from({ length: 12 }, (_, n) => `Highlight ${n}`),
      itinerary: Array.from({ length: DAYS }, (_, n) => ({
        title: `Day of the valley, part ${n + 1}`,
        description,
        overnight: 'Guesthouse by the river',
        meals: 'Breakfast, lunch',
        image_id: imageIds[n % IMAGES],
      })),
      includes: Array.from({ length: LINES }, (_, n) => `Included thing number ${n}`),
      excludes: Array.from({ length: LINES }, (_, n) => `Excluded thing number ${n}`),
      gallery: imageIds.map((media_id, n) => ({ media_id, caption: `Caption ${n}` })),
      faq_ids: faqIds,
      meeting_point: {
        name: 'Station square',
        address: 'Station Road 1',
        latitude: 41.1,
        longitude: -8.6,
        notes: null,
      },
    };
    const created = await app.inject({ method: 'POST', url: '/api/posts/', headers, payload });
    if (created.statusCode !== 201) throw new Error(`POST /posts/: ${created.statusCode} ${created.body}`);
    const { id } = created.json<{ id: number }>();
    let bytes = 0;
    const renderMs = await timed(40, async () => {
      app.ctx.siteChanges.changed('post');
      const res = await app.inject({
        method: 'GET',
        url: '/tours/grand-tour',
        headers: { 'accept-encoding': 'identity' },
      });
      if (res.statusCode !== 200) throw new Error(`GET /tours/grand-tour: ${res.statusCode}`);
      bytes = res.rawPayload.length;
    });
    let version = created.json<{ version: number }>().version;
    const saveMs = await timed(40, async () => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/posts/${id}`,
        headers,
        payload: { ...payload, version },
      });
      if (res.statusCode !== 200) throw new Error(`PUT /posts/${id}: ${res.statusCode} ${res.body}`);
      version = res.json<{ version: number }>().version;
    });
    return { database, renderMs, saveMs, bytes };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const measureTourSections = (): Promise<TourSectionsResult[]> => onEachDatabase(measureOn);

export function formatTourSections(results: TourSectionsResult[]): string {
  return [
    `Tour page with ${DAYS} itinerary days, ${IMAGES} gallery images, ${FAQS} FAQs, ${LINES} + ${LINES} included lines (in process):`,
    ...results.map(
      (r) =>
        `  ${r.database}: rendered uncached median ${r.renderMs.toFixed(2)} ms (budget 30 ms, ${(r.bytes / 1024).toFixed(0)} KB), saved median ${r.saveMs.toFixed(2)} ms (budget 50 ms)`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(formatTourSections(await measureTourSections()));
