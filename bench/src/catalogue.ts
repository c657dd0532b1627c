/**
 * The tour catalogue at 10,000 published tours (issue 11, Performance): how long an uncached catalogue page takes
 * to render (budget: under 50 ms), with filters and sorting in SQL, on SQLite and, when BENCH_DATABASE_URL names
 * one, on PostgreSQL. The app runs in this process (server/dist/app.js) and each request goes through Fastify's
 * inject after dropping the cache (the site-change signal), so a figure is a whole render: route, queries, HTML,
 * brotli and gzip; no network. Also prints SQLite's query plan of the newest-first page, to show the index in use.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../../server/dist/app.js';
import { loadConfig } from '../../server/dist/config.js';
import { connectDatabase, migrateToLatest } from '../../server/dist/db/connect.js';
import { durationMinutes, tourSearchText } from '../../contract/dist/index.js';
import { median } from './lib/load.js';
import { onEachDatabase } from './lib/timing.js';

export const TOUR_COUNT = 10_000;
const RUNS = 30;

/** The views measured: the first page, a deep page, each filter, and all of them at once. */
export const VIEWS = [
  '/tours',
  '/tours?page=400',
  '/tours/category/category-7',
  '/tours?tag=tag-3',
  '/tours?price_min=40&price_max=60&sort=price-asc',
  '/tours?sort=price-desc',
  '/tours?duration=day',
  '/tours?q=lighthouse',
  '/tours?category=category-7&tag=tag-3&price_max=90&duration=hours&sort=price-desc&q=harbour',
];

const DURATIONS = ['2 hours', '3 hours', 'Half day', 'Full day', '2 days', '90 minutes'];
const PLACES = ['harbour', 'old town', 'lighthouse', 'islands', 'vineyards'];

/** The site's languages in the multilingual runs (issue 30): 10,000 tours in each, the default first. */
export const LANGUAGES = ['en', 'de', 'fr', 'pt-PT'] as const;

/**
 * 10,000 published tours in 20 categories with 10 tags, written straight to the database; with several `languages`,
 * 10,000 in each, every tour translated into each of them (one translation group, its own slug), and the site's
 * Settings listing them.
 */
export async function seedCatalogue(
  db: Awaited<ReturnType<typeof connectDatabase>>,
  languages: readonly string[] = ['en'],
): Promise<void> {
  await migrateToLatest(db);
  const at = new Date().toISOString();
  if (languages.length > 1) {
    await db.kysely
      .insertInto('settings')
      .values({
        id: 1,
        site_name: 'Bench Tours',
        currency: 'EUR',
        contact_email: null,
        contact_phone: null,
        social_image_url: null,
        timezone: 'UTC',
        revisions_keep: null,
        two_factor_roles: '[]',
        activity_retention_days: 365,
        default_language: languages[0]!,
        languages: JSON.stringify(languages),
        display_currencies: '[]',
        language_currencies: '{}',
        site_description: '',
        language_details: '{}',
        updated_at: at,
      })
      .execute();
  }
  const categoryIds: number[] = [];
  const tagIds: number[] = [];
  for (let i = 1; i <= 20; i++) {
    const row = {
      name: `Category ${i}`,
      slug: `category-${i}`,
      description: `Tours of place ${i}.`,
      parent_id: null,
      created_at: at,
      updated_at: at,
    };
    categoryIds.push(
      (await db.kysely.insertInto('categories').values(row).returning('id').executeTakeFirstOrThrow()).id,
    );
  }
  for (let i = 1; i <= 10; i++) {
    const row = {
      name: `Tag ${i}`,
      slug: `tag-${i}`,
      description: null,
      parent_id: null,
      created_at: at,
      updated_at: at,
    };
    tagIds.push((await db.kysely.insertInto('tags').values(row).returning('id').executeTakeFirstOrThrow()).id);
  }
  const now = Date.now();
  for (const [index, language] of languages.entries()) {
    const suffix = index === 0 ? '' : `-${language.toLowerCase()}`;
    await seedTours(db, language, suffix, categoryIds, tagIds, now);
  }
  // A live database has statistics (PostgreSQL's autovacuum gathers them); a freshly filled one needs them now.
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely);
}

/** TOUR_COUNT tours in one language; the default's are each their group's first, the others join tour n's group. */
async function seedTours(
  db: Awaited<ReturnType<typeof connectDatabase>>,
  language: string,
  suffix: string,
  categoryIds: number[],
  tagIds: number[],
  now: number,
): Promise<void> {
  for (let start = 0; start < TOUR_COUNT; start += 500) {
    const rows = Array.from({ length: Math.min(500, TOUR_COUNT - start) }, (_, offset) => {
      const n = start + offset + 1;
      const place = PLACES[n % PLACES.length]!;
      const duration = DURATIONS[n % DURATIONS.length]!;
      const created = new Date(now - (TOUR_COUNT - n) * 60_000).toISOString();
      const title = `Tour ${n}: the ${place} by boat and on foot`;
      const location = `The ${place}`;
      const short_description = `Golden hour at the ${place}, in a small group.`;
      return {
        title,
        slug: `tour-${n}${suffix}`,
        language,
        content: `<p>${'Sail along the coast, swim in a quiet cove and watch the sun go down. '.repeat(25)}</p>`,
        excerpt: null,
        status: 'published' as const,
        price: 20 + (n % 100),
        duration,
        duration_minutes: durationMinutes(duration),
        age: '6+',
        location,
        search_text: tourSearchText({ title, location, short_description }),
        button_label: 'Book now',
        button_value: `https://booking.example.com/tour-${n}`,
        calendar_time_iframe: null,
        short_description,
        seo_title: null,
        seo_description: null,
        category_id: categoryIds[n % categoryIds.length]!,
        featured_image_id: null,
        author_id: null,
        created_at: created,
        updated_at: created,
        text_updated_at: created,
      };
    });
    const ids = await db.kysely.insertInto('posts').values(rows).returning('id').execute();
    // Tour n is the n-th of each language: its group is the default language's tour n (id n, in a fresh database).
    const first = start + 1;
    await db.kysely
      .updateTable('posts')
      .set({ translation_group: sql<number>`id - ${ids[0]!.id - first}` })
      .where('id', '>=', ids[0]!.id)
      .where('id', '<=', ids.at(-1)!.id)
      .execute();
    const tags = ids.flatMap(({ id }, i) =>
      [tagIds[(start + i) % tagIds.length]!, tagIds[(start + i + 3) % tagIds.length]!].map((tag_id) => ({
        post_id: id,
        tag_id,
      })),
    );
    await db.kysely.insertInto('post_tags').values(tags).execute();
  }
}

export interface CatalogueFigures {
  database: 'sqlite' | 'postgres';
  /** The site's languages: 1 (the catalogue narrowed by none) or 4 (the German catalogue, at /de/tours...). */
  languages: number;
  views: { url: string; medianMs: number; p95Ms: number; bytes: number }[];
  plan: string[];
}

async function measure(
  env: Record<string, string>,
  database: CatalogueFigures['database'],
  languages: readonly string[],
): Promise<CatalogueFigures> {
  // In four languages, the German catalogue: the same views under /de.
  const prefix = languages.length > 1 ? `/${languages[1]!.toLowerCase()}` : '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-bench-catalogue-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ...env,
  });
  const db = await connectDatabase(config);
  try {
    await seedCatalogue(db, languages);
    const plan =
      database === 'sqlite'
        ? (
            await sql<{
              detail: string;
            }>`EXPLAIN QUERY PLAN SELECT id FROM posts WHERE status = 'published' ${languages.length > 1 ? sql`AND language = ${languages[1]!}` : sql``} ORDER BY created_at DESC, id DESC LIMIT 12`.execute(
              db.kysely,
            )
          ).rows.map((row) => row.detail)
        : [];
    const app = await buildApp(config, { db });
    try {
      const views = [];
      for (const view of VIEWS) {
        const url = `${prefix}${view}`;
        const times: number[] = [];
        let bytes = 0;
        for (let run = 0; run < RUNS + 3; run++) {
          app.ctx.siteChanges.changed('post'); // uncached: every run renders
          const started = performance.now();
          // An address a run: filtered views are throttled per address (SEARCHES_PER_MINUTE), as in departures.ts.
          const remoteAddress = `10.${languages.length}.${VIEWS.indexOf(view)}.${run + 1}`;
          const res = await app.inject({ method: 'GET', url, headers: { host: 'bench.test' }, remoteAddress });
          const ms = performance.now() - started;
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
          bytes = res.rawPayload.length;
          if (run >= 3) times.push(ms); // the first runs warm the JIT and the database's cache
        }
        times.sort((a, b) => a - b);
        views.push({ url, medianMs: median(times), p95Ms: times[Math.floor(times.length * 0.95)]!, bytes });
      }
      return { database, languages: languages.length, views, plan };
    } finally {
      await app.close();
    }
  } finally {
    await db.kysely.destroy().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The catalogue in one language, then in four (10,000 tours in each, 40,000 in all); `CATALOGUE_LANGUAGES=1` or `4`
 * runs one of them.
 */
export async function measureCatalogue(): Promise<CatalogueFigures[]> {
  const only = process.env.CATALOGUE_LANGUAGES;
  const results: CatalogueFigures[] = [];
  if (only !== '4') results.push(...(await onEachDatabase((env, database) => measure(env, database, ['en']))));
  if (only !== '1') results.push(...(await onEachDatabase((env, database) => measure(env, database, LANGUAGES))));
  return results;
}

export function formatCatalogue(results: CatalogueFigures[]): string {
  return results
    .map((result) =>
      [
        result.languages > 1
          ? `Uncached German catalogue pages at ${TOUR_COUNT.toLocaleString('en')} published tours in each of ${result.languages} languages, ${result.database} (budget: under 50 ms):`
          : `Uncached catalogue pages at ${TOUR_COUNT.toLocaleString('en')} published tours, ${result.database} (budget: under 50 ms):`,
        ...result.views.map(
          (view) =>
            `  ${view.url}: median ${view.medianMs.toFixed(1)} ms, p95 ${view.p95Ms.toFixed(1)} ms (${(view.bytes / 1024).toFixed(0)} KB)`,
        ),
        ...(result.plan.length
          ? [`  plan of the newest-first page${result.languages > 1 ? ' in German' : ''}: ${result.plan.join('; ')}`]
          : []),
      ].join('\n'),
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatCatalogue(await measureCatalogue()));
}
