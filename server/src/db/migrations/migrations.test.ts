import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CompiledQuery, Migrator, sql } from 'kysely';
import { loadConfig } from '../../config.js';
import { connectDatabase, migrateToLatest } from '../connect.js';
import { dialectHelpers, type Db } from '../dialect.js';
import { postListItemSchema } from '@tours-cms/contract';
import { allMigrations } from './index.js';

let dataDir: string;
let db: Db;
afterEach(async () => {
  await db?.kysely.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A SQLite database brought up to (and including) the named migration, as a site of that time had it. */
async function databaseAt(last: string): Promise<Db> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-migration-'));
  db = await connectDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  const migrations = Object.fromEntries(
    Object.entries(allMigrations(dialectHelpers(db.dialect))).filter(([name]) => name <= last),
  );
  const { error } = await new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
  }).migrateToLatest();
  if (error) throw error;
  return db;
}

async function insertPage(slug: string, title: string): Promise<void> {
  const now = '2026-01-01T00:00:00.000Z';
  await sql`INSERT INTO pages (title, slug, status, created_at, updated_at) VALUES (${title}, ${slug}, 'published', ${now}, ${now})`.execute(
    db.kysely,
  );
}

it('moves pages that had a slug now reserved ("tours", "readyz") to the first free "<slug>-page" slug', async () => {
  await databaseAt('0007-tour-catalogue');
  await insertPage('tours', 'Our tours');
  await insertPage('tours-page', 'Taken already');
  await insertPage('readyz', 'Ready?');
  await migrateToLatest(db);
  const { rows } = await sql<{ slug: string; title: string }>`SELECT slug, title FROM pages ORDER BY id`.execute(
    db.kysely,
  );
  expect(rows).toEqual([
    { slug: 'tours-page-2', title: 'Our tours' },
    { slug: 'tours-page', title: 'Taken already' },
    { slug: 'readyz-page', title: 'Ready?' },
  ]);
});

/** Migrates to the latest and answers each post's duration minutes, by slug. */
async function minutesAfterMigrating(): Promise<{ slug: string; duration_minutes: number | null }[]> {
  await migrateToLatest(db);
  const { rows } = await sql<{
    slug: string;
    duration_minutes: number | null;
  }>`SELECT slug, duration_minutes FROM posts ORDER BY slug`.execute(db.kysely);
  return rows;
}

it('reads the minutes of the durations tours already had', async () => {
  await databaseAt('0006-contact-post');
  const now = '2026-01-01T00:00:00.000Z';
  for (const [slug, duration] of [
    ['a', '3 hours'],
    ['b', 'Full day'],
    ['c', 'ask us'],
  ] as const) {
    await sql`INSERT INTO posts (title, slug, status, duration, created_at, updated_at) VALUES (${slug}, ${slug}, 'published', ${duration}, ${now}, ${now})`.execute(
      db.kysely,
    );
  }
  expect(await minutesAfterMigrating()).toEqual([
    { slug: 'a', duration_minutes: 180 },
    { slug: 'b', duration_minutes: 480 },
    { slug: 'c', duration_minutes: null },
  ]);
});

// Issue 30: what a site had before translations is in its default language, each item a group of its own.
it.each([
  ['the saved default language', 'pt-PT'],
  ['English, with no settings saved', null],
] as const)(
  'puts the posts, pages, components, categories, tags and FAQs a site had in %s, each in a translation group of its own',
  async (_, saved) => {
    await databaseAt('0030-departure-indexes');
    const now = '2026-01-01T00:00:00.000Z';
    if (saved)
      await sql`INSERT INTO settings (id, site_name, currency, updated_at, default_language, languages)
      VALUES (1, 'Site', 'EUR', ${now}, ${saved}, ${JSON.stringify([saved, 'en'])})`.execute(db.kysely);
    for (const slug of ['a', 'b'])
      await sql`INSERT INTO posts (title, slug, status, created_at, updated_at) VALUES (${slug}, ${slug}, 'draft', ${now}, ${now})`.execute(
        db.kysely,
      );
    await insertPage('about', 'About');
    // Migration 0033: common components, categories, tags and FAQs too.
    for (const table of ['categories', 'tags'] as const)
      await sql`INSERT INTO ${sql.table(table)} (name, slug, created_at, updated_at) VALUES ('Boats', 'boats', ${now}, ${now})`.execute(
        db.kysely,
      );
    await sql`INSERT INTO components (name, slug, type, content, is_common, is_active, created_at, updated_at)
    VALUES ('Header', 'header', 'header', '<nav></nav>', 1, 1, ${now}, ${now})`.execute(db.kysely);
    await sql`INSERT INTO faqs (question, answer, created_at, updated_at) VALUES ('Rain?', '<p>Yes</p>', ${now}, ${now})`.execute(
      db.kysely,
    );
    await migrateToLatest(db);
    const language = saved ?? 'en';
    for (const table of ['posts', 'pages', 'components', 'categories', 'tags', 'faqs'] as const) {
      const { rows } = await sql<{ id: number; language: string; translation_group: number }>`
      SELECT id, language, translation_group FROM ${sql.table(table)} ORDER BY id`.execute(db.kysely);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toEqual({ id: row.id, language, translation_group: row.id });
    }
    // The group has one item a language: a second in the same language is refused by the database itself.
    const { rows } = await sql<{ id: number }>`SELECT id FROM posts ORDER BY id`.execute(db.kysely);
    await expect(
      sql`UPDATE posts SET translation_group = ${rows[0]!.id} WHERE id = ${rows[1]!.id}`.execute(db.kysely),
    ).rejects.toThrow(/UNIQUE/);
  },
);

it('reads the minutes of durations written in the site’s other languages, keeping those already read', async () => {
  await databaseAt('0036-text-updated-at');
  const now = '2026-01-01T00:00:00.000Z';
  for (const [slug, duration, minutes] of [
    ['a', '3 Stunden', null],
    ['b', 'Demi-journée', null],
    ['c', '2 hours', 120],
    ['d', 'sur demande', null],
  ] as const) {
    await sql`INSERT INTO posts (title, slug, status, duration, duration_minutes, created_at, updated_at, text_updated_at)
      VALUES (${slug}, ${slug}, 'published', ${duration}, ${minutes}, ${now}, ${now}, ${now})`.execute(db.kysely);
  }
  expect(await minutesAfterMigrating()).toEqual([
    { slug: 'a', duration_minutes: 180 },
    { slug: 'b', duration_minutes: 240 },
    { slug: 'c', duration_minutes: 120 },
    { slug: 'd', duration_minutes: null },
  ]);
});

it('reads the posts list from its covering index alone, whatever columns the list schema names', async () => {
  await databaseAt('9999');
  const query = db.kysely
    .selectFrom('posts')
    .select([...postListItemSchema.keyof().exclude(['translations']).options, 'translation_group'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .compile();
  const { rows } = await sql.raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${query.sql}`).execute(db.kysely);
  expect(rows.map((row) => row.detail)).toEqual(['SCAN posts USING COVERING INDEX posts_list']);
});

// Issue 30: one language's Posts list, newest first or by title, reads a covering index alone, no sort.
it.each([
  ['created_at', 'posts_list_language'],
  ['title', 'posts_list_language_title'],
] as const)('reads one language of the posts list by %s from its covering index alone', async (sort, index) => {
  await databaseAt('9999');
  const query = db.kysely
    .selectFrom('posts')
    .select([...postListItemSchema.keyof().exclude(['translations']).options, 'translation_group'])
    .where('language', '=', 'de')
    .orderBy(sort, 'desc')
    .orderBy('id', 'desc')
    .limit(51)
    .compile();
  const { rows } = await db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  expect(rows.map((row) => row.detail)).toEqual([`SEARCH posts USING COVERING INDEX ${index} (language=?)`]);
});

// Issue 30: the translation links of a list come from an index alone (0034), a language's list's too.
it.each(['posts', 'pages'] as const)(
  'reads the %s list’s translation links from a covering index alone',
  async (table) => {
    await databaseAt('9999');
    const links = db.kysely
      .selectFrom(table)
      .select(['id', 'language', 'slug', 'status', 'updated_at', 'translation_group'])
      .where('language', '!=', 'de')
      .where('translation_group', 'in', (eb) =>
        eb.selectFrom(table).select('translation_group').where('language', '=', 'de'),
      )
      .compile();
    const { rows } = await db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${links.sql}`, [...links.parameters]),
    );
    const plan = rows.map((row) => row.detail).join('; ');
    expect(plan).toContain(`COVERING INDEX ${table}_translation_links`);
    expect(plan).not.toMatch(new RegExp(`SCAN ${table}(?! USING COVERING)`));
  },
);

// Issue 26: a page of the Posts list sorted by title reads an index, not every post.
it.each(['asc', 'desc'] as const)('reads a page of the posts sorted by title %s from an index', async (direction) => {
  await databaseAt('9999');
  const query = db.kysely
    .selectFrom('posts')
    .select([...postListItemSchema.keyof().exclude(['translations']).options, 'translation_group'])
    .orderBy('title', direction)
    .orderBy('id', direction)
    .limit(51)
    .compile();
  const { rows } = await db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  expect(rows.map((row) => row.detail)).toEqual(['SCAN posts USING COVERING INDEX posts_list_title']);
});

// Issue 26: a page of the Contacts list (newest or oldest first, all or one status) walks an index, no sort.
it.each([
  ['desc', undefined],
  ['asc', 'new'],
] as const)('reads a page of the contacts %s (status %s) from an index', async (direction, status) => {
  await databaseAt('9999');
  const query = db.kysely
    .selectFrom('contacts')
    .select(['id', 'name', 'created_at'])
    .$if(status !== undefined, (qb) => qb.where('status', '=', status!))
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .limit(51)
    .compile();
  const { rows } = await db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  const plan = rows.map((row) => row.detail).join(' | ');
  expect(plan).toMatch(
    status
      ? /^SEARCH contacts USING INDEX contacts_list_status \(status=\?\)$/
      : /^SCAN contacts USING INDEX contacts_list$/,
  );
});

// Issue 26: a page of the Media Library (all or one folder) walks an index; its folders are read from one.
it.each([undefined, 'Lisbon'])('reads a page of the media (folder %s) from an index', async (folder) => {
  await databaseAt('9999');
  const query = db.kysely
    .selectFrom('media')
    .select(['id', 'original_name'])
    .where('trashed_at', 'is', null)
    .$if(folder !== undefined, (qb) => qb.where('folder', '=', folder!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(61)
    .compile();
  const { rows } = await db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  expect(rows.map((row) => row.detail).join(' | ')).toBe(
    folder
      ? 'SEARCH media USING INDEX media_list_folder (trashed_at=? AND folder=?)'
      : 'SEARCH media USING INDEX media_list (trashed_at=?)',
  );
  const folders = db.kysely
    .selectFrom('media')
    .select('folder')
    .distinct()
    .where('trashed_at', 'is', null)
    .where('folder', 'is not', null)
    .compile();
  const plan = await db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${folders.sql}`, [...folders.parameters]),
  );
  expect(plan.rows.map((row) => row.detail).join(' | ')).toBe(
    'SEARCH media USING COVERING INDEX media_list_folder (trashed_at=? AND folder>?)',
  );
});

// Issue 26: a page of the Pages list, newest first or by title, walks an index.
it.each([
  ['created_at', 'pages_list'],
  ['title', 'pages_list_title'],
] as const)('reads a page of the pages sorted by %s from an index', async (column, index) => {
  await databaseAt('9999');
  const query = db.kysely
    .selectFrom('pages')
    .select(['id', 'title', 'slug', 'status'])
    .orderBy(column, 'desc')
    .orderBy('id', 'desc')
    .limit(51)
    .compile();
  const { rows } = await db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  expect(rows.map((row) => row.detail).join(' | ')).toBe(`SCAN pages USING INDEX ${index}`);
});

// Review finding: the inquiry throttle's count scanned every inquiry.
it('counts a sender’s recent inquiries through an index', async () => {
  await databaseAt('9999');
  const query = db.kysely
    .selectFrom('contacts')
    .select('created_at')
    .where('sender_key', '=', '203.0.113.7')
    .where('created_at', '>', '2026-01-01')
    .orderBy('created_at', 'desc')
    .limit(20)
    .compile();
  const { rows } = await db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  expect(rows.map((row) => row.detail).join(' | ')).toMatch(
    /^SEARCH contacts USING (COVERING )?INDEX contacts_sender \(sender_key=\? AND created_at>\?\)$/,
  );
});

it('reads which tours, pages and components already used each media item', async () => {
  await databaseAt('0020-mail');
  const now = '2026-01-01T00:00:00.000Z';
  const media = async (name: string) => {
    await sql`INSERT INTO media (original_name, file_path, thumbnail_path, mime_type, file_size, created_at, updated_at) VALUES (${name}, ${`uploads/2026/01/${name}.jpg`}, ${`uploads/2026/01/${name}.thumb.webp`}, 'image/jpeg', 1, ${now}, ${now})`.execute(
      db.kysely,
    );
    return (await sql<{ id: number }>`SELECT id FROM media WHERE original_name = ${name}`.execute(db.kysely)).rows[0]!
      .id;
  };
  const [cover, inline, variant, unused] = [
    await media('cover'),
    await media('inline'),
    await media('variant'),
    await media('unused'),
  ];
  await sql`INSERT INTO posts (title, slug, status, featured_image_id, content, created_at, updated_at) VALUES ('Tour', 'tour', 'draft', ${cover}, ${'<img src="https://x.example/uploads/2026/01/inline.jpg">'}, ${now}, ${now})`.execute(
    db.kysely,
  );
  await sql`INSERT INTO pages (title, slug, status, featured_image_url, created_at, updated_at) VALUES ('Page', 'page', 'draft', '/uploads/2026/01/cover.jpg', ${now}, ${now})`.execute(
    db.kysely,
  );
  await sql`INSERT INTO components (name, slug, type, content, is_common, is_active, created_at, updated_at) VALUES ('Header', 'header', 'header', ${'<img srcset="/uploads/2026/01/variant.w480.webp 480w">'}, 1, 1, ${now}, ${now})`.execute(
    db.kysely,
  );
  await migrateToLatest(db);
  const { rows } = await sql<{
    media_id: number;
    item_type: string;
  }>`SELECT media_id, item_type FROM media_usage ORDER BY item_type, media_id`.execute(db.kysely);
  expect(rows.map((row) => [row.item_type, row.media_id])).toEqual([
    ['component', variant],
    ['page', cover],
    ['post', cover],
    ['post', inline],
  ]);
  expect(rows.some((row) => row.media_id === unused)).toBe(false);
});
