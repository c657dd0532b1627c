import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { durationMinutes, tourSearchText } from '@tours-cms/contract';
import { buildApp } from '../app.js';
import { nowIso } from '../core/clock.js';
import { startPeriodicJobs } from '../periodic-jobs.js';
import { tourCardsQuery } from '../modules/catalogue/catalogue.repository.js';
import type { CatalogueFilters } from '../modules/catalogue/catalogue.types.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { Db } from './dialect.js';

const CATEGORIES = 20;
const DURATIONS = ['2 hours', 'Full day'];

/** `count` published tours spread over the categories, half of them a few hours long, written straight to the database. */
async function addTours(db: Db, categoryIds: number[], from: number, count: number, language = 'en'): Promise<void> {
  const at = nowIso();
  for (let start = from; start < from + count; start += 500) {
    const rows = Array.from({ length: Math.min(500, from + count - start) }, (_, offset) => {
      const n = start + offset;
      const title = `Tour ${n}`;
      const duration = DURATIONS[n % DURATIONS.length]!;
      return {
        title,
        slug: language === 'en' ? `tour-${n}` : `tour-${n}-${language}`,
        language,
        content: '<p>On the water.</p>',
        excerpt: null,
        status: 'published' as const,
        price: 20 + (n % 100),
        duration,
        duration_minutes: durationMinutes(duration),
        age: null,
        location: null,
        search_text: tourSearchText({ title, location: null, short_description: null }),
        button_label: null,
        button_value: null,
        calendar_time_iframe: null,
        short_description: null,
        seo_title: null,
        seo_description: null,
        category_id: categoryIds[n % categoryIds.length]!,
        featured_image_id: null,
        author_id: null,
        created_at: at,
        updated_at: at,
        text_updated_at: at,
      };
    });
    await db.kysely.insertInto('posts').values(rows).execute();
  }
}

async function addCategories(db: Db): Promise<number[]> {
  const at = nowIso();
  const ids: number[] = [];
  for (let i = 1; i <= CATEGORIES; i++) {
    const row = {
      name: `Category ${i}`,
      slug: `category-${i}`,
      description: null,
      parent_id: null,
      created_at: at,
      updated_at: at,
    };
    ids.push((await db.kysely.insertInto('categories').values(row).returning('id').executeTakeFirstOrThrow()).id);
  }
  return ids;
}

/** SQLite's plan of a catalogue page's query, one line per step. */
async function planOf(db: Db, filters: CatalogueFilters): Promise<string[]> {
  const query = tourCardsQuery(db, filters, 12, 0).compile();
  const plan = await db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  return plan.rows.map((row) => row.detail);
}

/** How many rows SQLite's statistics say the posts table holds (the first number of its sqlite_stat1 entries). */
async function postsInStatistics(db: Db): Promise<number | null> {
  const rows = await db.kysely.executeQuery<{ stat: string }>(
    CompiledQuery.raw("SELECT stat FROM sqlite_stat1 WHERE tbl = 'posts'"),
  );
  return rows.rows.length ? Number(rows.rows[0]!.stat.split(' ')[0]) : null;
}

// SQLite's plans: PostgreSQL's autovacuum keeps its own statistics, and its plans on test-sized tables say little.
describe('SQLite planner statistics', () => {
  let t: TestApp | undefined;
  let reopened: FastifyInstance | undefined;
  afterEach(async () => {
    await reopened?.close();
    reopened = undefined;
    if (t) fs.rmSync(t.dataDir, { recursive: true, force: true });
    t = undefined;
  });

  it('are gathered when the server opens the database: a search that names a category reads that category, not every tour of a duration', async () => {
    t = await createTestApp('sqlite');
    const categoryIds = await addCategories(t.app.ctx.db);
    await addTours(t.app.ctx.db, categoryIds, 0, 4_000);
    await t.app.close();

    reopened = await buildApp(t.config);
    const db = reopened.ctx.db;
    expect(await postsInStatistics(db)).toBe(4_000);
    const filters: CatalogueFilters = {
      categoryId: categoryIds[6]!,
      duration: { value: 'hours', min: 1, max: 300 },
      sort: 'newest',
    };
    const plan = await planOf(db, filters);
    // 200 tours of the category against 2,000 a few hours long: the category's index, whichever of the two.
    expect(plan.find((step) => step.includes('posts USING'))).toMatch(/posts_catalogue_(category|facets)/);
    // And the page lists what it should: the category's short tours, newest first.
    const cards = await tourCardsQuery(db, filters, 12, 0).execute();
    expect(cards).toHaveLength(12);
    const res = await reopened.inject({ method: 'GET', url: '/tours?category=category-7&duration=hours' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('200 tours');
  });

  it('are refreshed by the hourly job once a table has grown many times over', async () => {
    t = await createTestApp('sqlite');
    const db = t.app.ctx.db;
    const categoryIds = await addCategories(db);
    await addTours(db, categoryIds, 0, 100);
    await t.app.close();
    reopened = await buildApp(t.config);
    expect(await postsInStatistics(reopened.ctx.db)).toBe(100);

    await addTours(reopened.ctx.db, categoryIds, 100, 3_000);
    const jobs = startPeriodicJobs(reopened.ctx.services, reopened.ctx.db, reopened.log, 3_600_000);
    await jobs.stop();
    expect(await postsInStatistics(reopened.ctx.db)).toBe(3_100);
  });
});

describe('The catalogue sorted by price', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('reads each page from an index in either direction, tours without a price last, instead of sorting every tour', async () => {
    t = await createTestApp('sqlite');
    const db = t.app.ctx.db;
    await addTours(db, await addCategories(db), 0, 2_000);
    // Four tours without a price: the last page of either order.
    await db.kysely
      .updateTable('posts')
      .set({ price: null })
      .where('slug', 'in', ['tour-3', 'tour-5', 'tour-7', 'tour-9'])
      .execute();
    for (const sort of ['price-asc', 'price-desc'] as const) {
      const plan = await planOf(db, { sort });
      expect(plan.join('; ')).toContain(`USING INDEX posts_catalogue_${sort.replace('-', '_')}`);
      expect(plan.join('; ')).not.toContain('TEMP B-TREE');
      const first = await tourCardsQuery(db, { sort }, 3, 0).execute();
      // Prices run 20 to 119, each on 20 tours; ties go newest (highest id) first.
      expect(first.map((card) => card.price)).toEqual(sort === 'price-asc' ? [20, 20, 20] : [119, 119, 119]);
      expect(first[0]!.id).toBeGreaterThan(first[1]!.id);
      const last = await tourCardsQuery(db, { sort }, 5, 1_995).execute();
      expect(last.map((card) => card.price)).toEqual([sort === 'price-asc' ? 119 : 20, null, null, null, null]);
    }
  });
});

describe('The catalogue in one language of several', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('reads each view of a language from the indexes with the language in front (0034), never every language’s tours', async () => {
    t = await createTestApp('sqlite');
    const db = t.app.ctx.db;
    const categoryIds = await addCategories(db);
    for (const language of ['en', 'de', 'fr', 'pt-PT']) await addTours(db, categoryIds, 0, 1_000, language);
    await db.kysely.executeQuery(CompiledQuery.raw('ANALYZE'));
    const views: [CatalogueFilters, RegExp][] = [
      [{ sort: 'newest' }, /USING (COVERING )?INDEX posts_catalogue_language_newest/],
      [{ sort: 'price-asc' }, /USING (COVERING )?INDEX posts_catalogue_language_price_asc/],
      [{ sort: 'price-desc' }, /USING (COVERING )?INDEX posts_catalogue_language_price_desc/],
      [
        { sort: 'newest', categoryId: categoryIds[6]! },
        /USING (COVERING )?INDEX posts_catalogue_language_(category|facets)/,
      ],
      [{ sort: 'newest', text: 'tour 7' }, /USING (COVERING )?INDEX posts_catalogue_language_/],
      [
        { sort: 'newest', duration: { value: 'day', min: 301, max: null } },
        /USING (COVERING )?INDEX posts_catalogue_language_/,
      ],
    ];
    for (const [filters, index] of views) {
      const plan = (await planOf(db, { ...filters, language: 'de' })).join('; ');
      expect(plan, JSON.stringify(filters)).toMatch(index);
      expect(plan, JSON.stringify(filters)).not.toMatch(/SCAN posts\b(?! USING)/);
      // The first page of an order is read in that order, not sorted from every tour of the language.
      if (!filters.text && !filters.duration && !filters.categoryId)
        expect(plan, JSON.stringify(filters)).not.toContain('TEMP B-TREE');
    }
    // And a page lists that language's tours only.
    const cards = await tourCardsQuery(db, { sort: 'newest', language: 'de' }, 12, 0).execute();
    expect(cards).toHaveLength(12);
    expect(cards.every((card) => card.slug.endsWith('-de'))).toBe(true);
  });
});
