import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { MediaStorage } from './storage.js';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.stop());

const adapters: Record<'local' | 's3', (dataDir: string) => Promise<MediaStorage>> = {
  local: async (dataDir) => createLocalStorage(dataDir),
  s3: async (dataDir) => createS3Storage(await s3.newBucket(), dataDir),
};

const bytes = (value: string) => Readable.from([Buffer.from(value)]);
async function listed(storage: MediaStorage): Promise<string[]> {
  const paths: string[] = [];
  for await (const file of storage.listFiles()) paths.push(file.filePath);
  return paths.sort();
}

// One suite, every adapter: what the media library relies on holds whether files live on disk or in a bucket.
describe.each(Object.keys(adapters) as (keyof typeof adapters)[])('media storage contract [%s]', (kind) => {
  let dataDir: string;
  let storage: MediaStorage;
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-storage-'));
    storage = await adapters[kind](dataDir);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('names files at random under uploads/YYYY/MM/', () => {
    const filePath = storage.newFilePath('jpg', new Date('2025-03-09T12:00:00Z'));
    expect(filePath).toMatch(/^uploads\/2025\/03\/[0-9a-f]{32}\.jpg$/);
    expect(storage.newFilePath('jpg')).not.toBe(storage.newFilePath('jpg'));
    expect(storage.thumbnailPathOf(filePath)).toBe(filePath.replace(/\.jpg$/, '.thumb.webp'));
  });

  it('keeps a staged file out of sight until it is committed, then serves its bytes whole and by range', async () => {
    const filePath = storage.newFilePath('txt');
    const staged = await storage.writeStaged(filePath, bytes('Day 1: the old town on foot.'));
    expect(fs.readFileSync(staged, 'utf8')).toBe('Day 1: the old town on foot.');
    expect(await storage.stat(filePath)).toBeNull();
    expect(await listed(storage)).toEqual([]);

    await storage.commit(filePath, 'text/plain; charset=utf-8');
    expect(fs.existsSync(staged)).toBe(false);
    const stat = await storage.stat(filePath);
    expect(stat).toMatchObject({ size: 28, etag: expect.stringMatching(/^"[^"]+"$/) });
    expect(await text(await storage.read(filePath))).toBe('Day 1: the old town on foot.');
    expect(await text(await storage.read(filePath, { start: 7, end: 14 }))).toBe('the old ');
    expect(await listed(storage)).toEqual([filePath]);
  });

  it('stores small files made in memory, lists them, and removes every file of an item', async () => {
    const filePath = storage.newFilePath('png');
    await storage.writeStaged(filePath, bytes('original'));
    await storage.commit(filePath, 'image/png');
    const thumbnail = storage.thumbnailPathOf(filePath);
    await storage.put(thumbnail, Buffer.from('preview'), 'image/webp');
    expect(await text(await storage.read(thumbnail))).toBe('preview');
    expect(await listed(storage)).toEqual([filePath, thumbnail].sort());

    await storage.remove(filePath, thumbnail, null);
    expect(await storage.stat(filePath)).toBeNull();
    expect(await storage.stat(thumbnail)).toBeNull();
    expect(await listed(storage)).toEqual([]);
    // Removing what is already gone is not an error.
    await storage.remove(filePath);
  });

  it('stores a staged file under an existing name instead of its own, replacing that file whole', async () => {
    const filePath = storage.newFilePath('txt');
    await storage.writeStaged(filePath, bytes('Old leaflet'));
    await storage.commit(filePath, 'text/plain; charset=utf-8');
    const before = await storage.stat(filePath);

    const replacement = storage.newFilePath('txt');
    await storage.writeStaged(replacement, bytes('New leaflet, 2027 prices'));
    await storage.commit(replacement, 'text/plain; charset=utf-8', filePath);
    expect(await text(await storage.read(filePath))).toBe('New leaflet, 2027 prices');
    expect((await storage.stat(filePath))!.etag).not.toBe(before!.etag);
    expect(await storage.stat(replacement)).toBeNull();
    expect(await listed(storage)).toEqual([filePath]);
  });

  it('gives a different validator to different contents', async () => {
    const first = storage.newFilePath('txt');
    const second = storage.newFilePath('txt');
    await storage.put(first, Buffer.from('one'), 'text/plain');
    await storage.put(second, Buffer.from('three'), 'text/plain');
    const [a, b] = await Promise.all([storage.stat(first), storage.stat(second)]);
    expect(a!.etag).not.toBe(b!.etag);
    expect(await storage.stat(first)).toEqual(a);
  });

  it('leaves nothing behind when the upload fails half-way', async () => {
    const filePath = storage.newFilePath('pdf');
    async function* failing() {
      yield Buffer.from('half of it');
      throw new Error('client went away');
    }
    await expect(storage.writeStaged(filePath, failing())).rejects.toThrow('client went away');
    await storage.whenIdle();
    expect(await storage.stat(filePath)).toBeNull();
    expect(await listed(storage)).toEqual([]);
    const stagingFiles = fs
      .readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile());
    expect(stagingFiles).toEqual([]);
  });

  it('never answers for a path outside the media files', async () => {
    const filePath = storage.newFilePath('txt');
    await storage.put(filePath, Buffer.from('x'), 'text/plain');
    for (const outside of [
      'uploads/../tours-cms.sqlite',
      'uploads/2025/.secret.part',
      'etc/passwd',
      'uploads/',
      `${filePath}/..`,
    ]) {
      expect(await storage.stat(outside), outside).toBeNull();
    }
  });

  it('answers the readiness check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});
