import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { sql } from 'kysely';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { connectDatabase, migrationState } from '../db/connect.js';
import type { Db } from '../db/dialect.js';
import { createLocalStorage } from '../media/local-storage.js';
import { createS3Storage } from '../media/s3-storage.js';
import type { MediaStorage } from '../media/storage.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import {
  createTestApp,
  DIALECTS,
  injectAs,
  signIn,
  TEST_PASSWORD,
  TEST_SECRETS_KEY,
  type TestApp,
} from '../test/test-app.js';
import { createSecretBox, parseSecretsKey } from '../secret-box.js';
import { createTestPage, createTestTerm, createTestTour, uploadTestMedia } from '../test/page-fixtures.js';
import { makeImage, makePdf } from '../test/media-fixtures.js';
import { BUILT_CLI } from '../test/server-build.js';
import { readArchive, writeBackup } from './archive.js';
import { enableTwoFactor, totpCode } from '../test/totp.js';
import { RestoreRefused, restoreBackup } from './restore.js';
import { backedUpTables, readRows } from './tables.js';

/** The keys of every test site: what a backup of one is restored with. */
const secrets = createSecretBox(parseSecretsKey(TEST_SECRETS_KEY)!);

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.stop());

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-backup-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A site with something in every kind of table: users, pages, tours with tags, nested categories, media, history. */
async function siteWithContent(): Promise<TestApp> {
  const t = await createTestApp('sqlite');
  cleanups.push(() => t.close());
  const parent = await createTestTerm(t, 'categories', { name: 'Islands', slug: 'islands' });
  const child = await injectAs(t.app, t.tokens.editor, {
    method: 'POST',
    url: '/api/categories/',
    payload: { name: 'Small islands', slug: 'small-islands', parent_id: parent.id },
  });
  expect(child.statusCode).toBe(201);
  const tag = await createTestTerm(t, 'tags', { name: 'Sunset', slug: 'sunset' });
  const image = await uploadTestMedia(t, 'harbour.jpg', await makeImage('jpeg', 640, 480));
  await uploadTestMedia(t, 'brochure.pdf', makePdf());
  const described = await injectAs(t.app, t.tokens.editor, {
    method: 'PUT',
    url: `/api/media/${image.id}`,
    payload: { alt_text: 'The harbour at dawn' },
  });
  expect(described.statusCode, described.body).toBe(200);
  const faq = await injectAs(t.app, t.tokens.editor, {
    method: 'POST',
    url: '/api/faqs/',
    payload: { question: 'What should I bring?', answer: '<p>A hat.</p>' },
  });
  expect(faq.statusCode, faq.body).toBe(201);
  const tour = await createTestTour(t, {
    title: 'Ferry to the islands',
    slug: 'ferry',
    price: 95.5,
    category_id: child.json().id,
    tag_ids: [tag.id],
    featured_image_id: image.id,
    // The tour's sections (issue 28): JSON columns of the post, its FAQs in post_faqs.
    highlights: ['Two islands in a day'],
    itinerary: [{ title: 'The crossing', description: '<p>An hour at sea.</p>', image_id: image.id }],
    includes: ['Ferry tickets'],
    excludes: ['Lunch'],
    faq_ids: [faq.json().id],
    gallery: [{ media_id: image.id, caption: 'The harbour' }],
    meeting_point: { name: 'Ferry terminal', latitude: 38.7, longitude: -9.1 },
  } as never);
  await injectAs(t.app, t.tokens.editor, {
    method: 'PUT',
    url: `/api/posts/${tour.id}`,
    payload: { title: 'Ferry to the islands', slug: 'ferry', price: 99, status: 'published' },
  });
  const departure = await injectAs(t.app, t.tokens.editor, {
    method: 'POST',
    url: `/api/posts/${tour.id}/departures`,
    payload: { starts_on: '2099-06-01', start_time: '08:15', price: 45.5, seats_total: 20 },
  });
  expect(departure.statusCode, departure.body).toBe(201);
  // The tour in German too (issue 30): a translation group of two, each item with its language.
  const languages = await injectAs(t.app, t.tokens.admin, {
    method: 'PUT',
    url: '/api/settings',
    payload: {
      site_name: 'Island Ferries',
      site_description: 'Ferries to every island — ⛴',
      currency: 'EUR',
      languages: ['en', 'de'],
      language_details: { de: { site_name: 'Inselfähren', contact_email: 'faehre@example.com' } },
    },
  });
  expect(languages.statusCode, languages.body).toBe(200);
  const german = await injectAs(t.app, t.tokens.editor, {
    method: 'POST',
    url: `/api/posts/${tour.id}/translations`,
    payload: { language: 'de' },
  });
  expect(german.statusCode, german.body).toBe(201);
  const lisboa = await createTestPage(t, {
    title: 'Olá, Lisboa',
    slug: 'lisboa',
    status: 'published',
    content: '<p>Çà et là — 🚤</p>',
    featured_image_id: image.id,
  });
  const menu = await injectAs(t.app, t.tokens.editor, {
    method: 'PUT',
    url: '/api/menus/header',
    payload: {
      items: [
        { kind: 'page', target_id: lisboa.id },
        { kind: 'post', target_id: tour.id, parent: 0 },
        { kind: 'custom', label: 'Reviews', url: 'https://reviews.example/' },
      ],
    },
  });
  expect(menu.statusCode, menu.body).toBe(200);
  await injectAs(t.app, null, {
    method: 'POST',
    url: '/api/contacts/',
    payload: { name: 'Maya', email: 'maya@example.com', subject: 'Dog?', message: 'Can we bring our dog?' },
  });
  // The image's responsive variants are made in the background: a site at rest has them.
  await t.app.imageVariants.idle();
  return t;
}

/** Every table's rows but the sessions', which a restore ends (they are compared on their own). */
async function restoredRows(db: Db): Promise<Record<string, unknown[]>> {
  const { sessions: _sessions, ...rest } = await dump(db);
  return rest;
}

async function dump(db: Db): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of await backedUpTables(db)) {
    tables[table.name] = [];
    for await (const page of readRows(db, table)) tables[table.name]!.push(...page);
  }
  return tables;
}

async function filesOf(storage: MediaStorage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const { filePath } of storage.listFiles())
    files[filePath] = (await buffer(await storage.read(filePath))).toString('base64');
  return files;
}

async function backupOf(t: TestApp): Promise<string> {
  const file = path.join(tempDir(), 'site.tar.gz');
  const migrations = (await migrationState(t.app.ctx.db)).filter((m) => m.executed).map((m) => m.name);
  await writeBackup(t.app.ctx.db, t.app.ctx.mediaStorage, migrations, file);
  return file;
}

/** An empty target: a new SQLite file, or a new PostgreSQL schema (dropped after the test). */
async function emptyTarget(
  kind: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
): Promise<{ config: Config; db: Db }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: tempDir(),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SCHEDULER_INTERVAL_SECONDS: '0',
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const db = await connectDatabase(config);
  cleanups.push(async () => {
    await db.kysely.destroy();
    if (kind !== 'postgres') return;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.end());
  });
  return { config, db };
}

describe('backup and restore', () => {
  it('moves a site from SQLite and local files to a new SQLite file, every row and byte identical, and the site works there', async () => {
    const t = await siteWithContent();
    const file = await backupOf(t);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['site.tar.gz']);

    const target = await emptyTarget('sqlite');
    const storage = createLocalStorage(target.config.dataDir);
    const summary = await restoreBackup(target.db, storage, file, { secrets });
    expect(summary.files).toBe(7); // two uploads, the image's thumbnail and its variants (480 and 640 px, AVIF and WebP)
    expect(await restoredRows(target.db)).toEqual(await restoredRows(t.app.ctx.db));
    expect((await dump(target.db)).menu_items).toHaveLength(3);
    expect(await filesOf(storage)).toEqual(await filesOf(t.app.ctx.mediaStorage));
    // The backup's sessions are not brought back: everyone signs in again.
    expect((await dump(t.app.ctx.db)).sessions).toHaveLength(3);
    expect((await dump(target.db)).sessions).toEqual([]);
    expect(summary.accessEnded).toEqual({ sessions: 3, previewLinks: 0 });

    const app = await buildApp(target.config, { db: target.db });
    cleanups.push(() => app.close());
    expect((await app.inject({ method: 'GET', url: '/lisboa', headers: { accept: 'text/html' } })).body).toContain(
      'Olá, Lisboa',
    );
    const token = await signIn(app, 'editor1', TEST_PASSWORD);
    const tours = (await injectAs(app, token, { method: 'GET', url: '/api/posts/?language=en' })).json() as {
      title: string;
      translations: { language: string; slug: string }[];
    }[];
    expect(tours.map((tour) => tour.title)).toEqual(['Ferry to the islands']);
    expect(tours[0]?.translations).toMatchObject([{ language: 'de', slug: 'ferry-de' }]);
    // The site's description and its German details came back (migration 0035's columns).
    expect((await injectAs(app, token, { method: 'GET', url: '/api/settings' })).json()).toMatchObject({
      site_description: 'Ferries to every island — ⛴',
      language_details: { de: { site_name: 'Inselfähren', contact_email: 'faehre@example.com' } },
    });
    // The tour's sections, its FAQ and the image's alternative text came back with it.
    const ferry = await injectAs(app, token, { method: 'GET', url: '/api/posts/slug/ferry' });
    expect(ferry.json()).toMatchObject({
      highlights: ['Two islands in a day'],
      itinerary: [{ title: 'The crossing', image: { alt_text: 'The harbour at dawn' } }],
      faq_ids: [expect.any(Number)],
      gallery: [{ caption: 'The harbour', media: { alt_text: 'The harbour at dawn' } }],
      meeting_point: { name: 'Ferry terminal', latitude: 38.7 },
    });
    const departures = await injectAs(app, token, {
      method: 'GET',
      url: `/api/posts/${(tours[0] as unknown as { id: number }).id}/departures`,
    });
    expect(departures.json()).toMatchObject([{ starts_on: '2099-06-01', start_time: '08:15', price: 45.5 }]);
    // New rows continue after the restored ids.
    const page = await injectAs(app, token, {
      method: 'POST',
      url: '/api/pages/',
      payload: { title: 'After the move', slug: 'after-the-move' },
    });
    expect(page.statusCode).toBe(201);
  });

  if (DIALECTS.includes('postgres')) {
    it('moves a site from SQLite and local files to PostgreSQL and S3: back up, point the configuration at the new place, restore', async () => {
      const t = await siteWithContent();
      const file = await backupOf(t);
      const bucket = await s3.newBucket();
      const target = await emptyTarget('postgres', s3.envFor(bucket));
      const storage = createS3Storage(bucket, target.config.dataDir);
      await restoreBackup(target.db, storage, file, { secrets });
      expect(await restoredRows(target.db)).toEqual(await restoredRows(t.app.ctx.db));
      expect(await filesOf(storage)).toEqual(await filesOf(t.app.ctx.mediaStorage));

      const app = await buildApp(target.config, { db: target.db, mediaStorage: storage });
      cleanups.push(() => app.close());
      const token = await signIn(app, 'admin1', TEST_PASSWORD);
      const media = (await injectAs(app, token, { method: 'GET', url: '/api/media/' })).json() as {
        file_path: string;
      }[];
      const served = await app.inject({ method: 'GET', url: `/${media[0]!.file_path}` });
      expect(served.statusCode).toBe(200);
      const created = await injectAs(app, token, {
        method: 'POST',
        url: '/api/categories/',
        payload: { name: 'Coast', slug: 'coast' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().id).toBeGreaterThan(2);
    });
  }

  it('refuses a truncated, an altered or a foreign archive before writing anything, saying what does not match', async () => {
    const t = await siteWithContent();
    const file = await backupOf(t);
    const dir = path.dirname(file);

    const truncated = path.join(dir, 'truncated.tar.gz');
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));

    // The same archive with one row changed (a price), its manifest left as it was.
    const altered = path.join(dir, 'altered.tar.gz');
    await rewriteArchive(file, altered, (name, body) =>
      name.startsWith('tables/posts/') ? Buffer.from(body.toString('utf8').replace('"price":99', '"price":1')) : body,
    );

    const foreign = path.join(dir, 'foreign.tar.gz');
    await writeArchive(foreign, [['notes.txt', Buffer.from('not a backup')]]);

    const cases: [string, RegExp][] = [
      [truncated, /could not be read to its end .*: it is truncated, damaged, or not a gzip-compressed tar archive/],
      [altered, /table posts: its contents differ from the manifest's checksum/],
      [foreign, /has no manifest\.json: it is not a Tours CMS backup/],
    ];
    for (const [archive, message] of cases) {
      const target = await emptyTarget('sqlite');
      const storage = createLocalStorage(target.config.dataDir);
      const refusal = await restoreBackup(target.db, storage, archive, { secrets }).catch((error: unknown) => error);
      expect(refusal, archive).toBeInstanceOf(RestoreRefused);
      expect((refusal as Error).message).toMatch(message);
      expect((await migrationState(target.db)).filter((m) => m.executed)).toEqual([]);
      expect(await filesOf(storage)).toEqual({});
    }
  });

  it('refuses a target that holds a site unless told to replace it, then replaces it whole', async () => {
    const source = await siteWithContent();
    const file = await backupOf(source);
    const target = await createTestApp('sqlite');
    cleanups.push(() => target.close());
    await createTestPage(target, { title: 'Already here', slug: 'already-here' });
    const before = await dump(target.app.ctx.db);

    const refusal = await restoreBackup(target.app.ctx.db, target.app.ctx.mediaStorage, file, { secrets }).catch(
      (error: unknown) => error,
    );
    expect((refusal as Error).message).toMatch(
      /the target is not empty: rows in .*add --force to replace what is there/,
    );
    expect((refusal as Error).message).toContain('pages (1)');
    expect((refusal as Error).message).toContain('users (3)');
    expect(await dump(target.app.ctx.db)).toEqual(before);

    await restoreBackup(target.app.ctx.db, target.app.ctx.mediaStorage, file, { secrets, force: true });
    expect(await restoredRows(target.app.ctx.db)).toEqual(await restoredRows(source.app.ctx.db));
    // Neither the target's sessions nor the backup's survive.
    expect((await injectAs(target.app, target.tokens.admin, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(
      401,
    );
    expect(await filesOf(target.app.ctx.mediaStorage)).toEqual(await filesOf(source.app.ctx.mediaStorage));
  });
});

describe('npm run backup / npm run restore', () => {
  const run = (args: string[], env: Record<string, string>, nodeOptions: string[] = []) =>
    spawnSync(process.execPath, [...nodeOptions, BUILT_CLI, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
      encoding: 'utf8',
    });

  it('backs a site up and restores it into an empty one, refuses a full one, and explains its usage', async () => {
    const t = await siteWithContent();
    const file = path.join(tempDir(), 'site.tar.gz');
    const backup = run(['backup', file], { DATA_DIR: t.dataDir });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Wrote .*site\.tar\.gz: \d+ rows in \d+ tables, 7 media files/m);

    const target = tempDir();
    const restore = run(['restore', file], { DATA_DIR: target });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('The archive matches its manifest');
    expect(restore.stdout).toMatch(
      /^Restored \d+ rows in \d+ tables and 7 media files into SQLite and the local media\.$/m,
    );

    const again = run(['restore', file], { DATA_DIR: target });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('the target is not empty');
    const usage = run(['restore'], { DATA_DIR: target });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('npm run restore -- FILE [--force]');
  });

  it('keeps two-factor secrets sealed in the archive; restored without the key, names the accounts that must set it up again', async () => {
    const t = await createTestApp('sqlite');
    cleanups.push(() => t.close());
    const { secret } = await enableTwoFactor(t.app, t.tokens.editor);
    const file = await backupOf(t);
    let users = '';
    await readArchive(file, async (entry) => {
      if (entry.name.startsWith('tables/users/')) users += (await buffer(entry.body)).toString('utf8');
    });
    expect(users).toContain('"totp_secret":"v1:');
    expect(users).not.toContain(secret);

    // With the site's key: two-factor sign-in goes on as before.
    const kept = await emptyTarget('sqlite');
    expect(
      (await restoreBackup(kept.db, createLocalStorage(kept.config.dataDir), file, { secrets })).twoFactorReset,
    ).toEqual([]);
    const app = await buildApp(kept.config, { db: kept.db });
    cleanups.push(() => app.close());
    const challenge = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: 'editor1', password: TEST_PASSWORD },
      })
    ).json();
    expect(challenge).toMatchObject({ two_factor_required: true });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/token/two-factor',
      payload: { challenge: challenge.challenge, code: totpCode(secret, 1) },
    });
    expect(signedIn.statusCode).toBe(200);

    // A new place without the key (it makes its own): the restore succeeds, and says who must set it up again.
    const elsewhere = tempDir();
    const restore = run(['restore', file], { DATA_DIR: elsewhere, SECRETS_KEY: '' });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(
      'These accounts must set up two-factor sign-in again, since their secrets were sealed with a SECRETS_KEY this site does not have',
    );
    expect(restore.stdout).toMatch(/: editor1\.$/m);
    const moved = await buildApp(
      loadConfig({ DATA_DIR: elsewhere, LOG_LEVEL: 'silent', SEED_DEMO: 'false', SCHEDULER_INTERVAL_SECONDS: '0' }),
    );
    cleanups.push(() => moved.close());
    const passwordOnly = await moved.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: 'editor1', password: TEST_PASSWORD },
    });
    expect(passwordOnly.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    expect(
      (await injectAs(moved, passwordOnly.json().access_token, { method: 'GET', url: '/api/account' })).json(),
    ).toMatchObject({ two_factor_enabled: false, recovery_codes_left: 0 });
  });

  it('prints its usage for --help and does nothing else', () => {
    const dir = tempDir();
    for (const args of [
      ['backup', '--help'],
      ['restore', '--help'],
      ['restore', '-h'],
      ['restore', 'site.tar.gz', '--help'],
    ]) {
      const res = run(args, { DATA_DIR: dir });
      expect(res.status, args.join(' ')).toBe(0);
      expect(res.stdout).toContain('npm run backup -- FILE');
      expect(res.stdout).toContain('npm run restore -- FILE [--force]');
      expect(res.stderr).toBe('');
    }
    // No database was opened or made, no file written.
    expect(fs.readdirSync(dir)).toEqual([]);
    // Four processes started one after another: on a loaded machine each may take seconds.
  }, 60_000);
  it('restores a table entry far larger than the restoring process may hold, a row at a time', async () => {
    const t = await createTestApp('sqlite');
    cleanups.push(() => t.close());
    const file = await backupOf(t);
    // 1,000 kept versions of 100 KB each in one entry (100 MB), as an older version wrote 2,000 rows to a chunk
    // whatever their size; the restore below may hold 80 MB of JavaScript objects.
    const revisions = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      item_type: 'page',
      item_id: 1,
      version: i + 1,
      data: JSON.stringify({ title: `Version ${i + 1}`, content: `<p>${'Island hopping. '.repeat(6250)}</p>` }),
      saved_by: 1,
      saved_at: '2026-01-01T00:00:00.000Z',
    }));
    const chunk = Buffer.from(revisions.map((row) => `${JSON.stringify(row)}\n`).join(''), 'utf8');
    expect(chunk.length).toBeGreaterThan(100_000_000);
    const large = path.join(path.dirname(file), 'large.tar.gz');
    await rewriteArchive(
      file,
      large,
      (name, body) => {
        if (name !== 'manifest.json') return body;
        const manifest = JSON.parse(body.toString('utf8')) as {
          tables: { name: string; rows: number; chunks: number; sha256: string }[];
        };
        manifest.tables = manifest.tables.map((table) =>
          table.name === 'revisions'
            ? { ...table, rows: revisions.length, chunks: 1, sha256: createHash('sha256').update(chunk).digest('hex') }
            : table,
        );
        return Buffer.from(JSON.stringify(manifest));
      },
      [['tables/revisions/000001.jsonl', chunk]],
    );

    const target = tempDir();
    const restore = run(['restore', large], { DATA_DIR: target }, ['--max-old-space-size=80']);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^Restored \d+ rows/m);
    const restored = await emptyTarget('sqlite', { DATA_DIR: target });
    const kept = await restored.db.kysely
      .selectFrom('revisions')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(sql`length(data)`).as('bytes')])
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(revisions.length);
    expect(Number(kept.bytes)).toBe(revisions.reduce((sum, row) => sum + row.data.length, 0));
    // 100 MB written, packed and restored by a child process: 4 s alone, 25 s in CI with the other files running.
  }, 60_000);
});

async function writeArchive(file: string, entries: [string, Buffer][]): Promise<void> {
  const pack = tar.pack();
  const out = fs.createWriteStream(file);
  const done = new Promise<void>((resolve, reject) => out.on('finish', () => resolve()).on('error', reject));
  pack.pipe(zlib.createGzip()).pipe(out);
  for (const [name, body] of entries) pack.entry({ name }, body);
  pack.finalize();
  await done;
}

/** A copy of an archive with each entry's body changed, and `added` entries put just before its manifest. */
async function rewriteArchive(
  from: string,
  to: string,
  change: (name: string, body: Buffer) => Buffer,
  added: [string, Buffer][] = [],
): Promise<void> {
  const entries: [string, Buffer][] = [];
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk) => chunks.push(chunk as Buffer));
      stream.on('end', () => {
        entries.push([header.name, change(header.name, Buffer.concat(chunks))]);
        next();
      });
    });
    extract.on('finish', resolve).on('error', reject);
  });
  fs.createReadStream(from).pipe(zlib.createGunzip()).pipe(extract);
  await done;
  const manifestAt = entries.findIndex(([name]) => name === 'manifest.json');
  entries.splice(manifestAt, 0, ...added);
  await writeArchive(to, entries);
}
