import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, STALE_STAGING_MS, sweepStaleStaging } from './local-storage.js';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-storage-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('local media storage', () => {
  it('names files at random under uploads/YYYY/MM/ and keeps them hidden until committed', async () => {
    const storage = createLocalStorage(dataDir);
    const filePath = storage.newFilePath('jpg', new Date('2025-03-09T12:00:00Z'));
    expect(filePath).toMatch(/^uploads\/2025\/03\/[0-9a-f]{32}\.jpg$/);
    expect(storage.newFilePath('jpg')).not.toBe(storage.newFilePath('jpg'));
    const staged = await storage.writeStaged(filePath, Readable.from([Buffer.from('abc')]));
    expect(path.basename(staged)).toBe(`.${path.basename(filePath)}.part`);
    expect(fs.existsSync(storage.absolutePath(filePath))).toBe(false);
    await storage.commit(filePath);
    expect(fs.readFileSync(storage.absolutePath(filePath), 'utf8')).toBe('abc');
    await storage.remove(filePath, storage.thumbnailPathOf(filePath));
    expect(fs.existsSync(storage.absolutePath(filePath))).toBe(false);
  });

  it('refuses paths outside the upload root', () => {
    const storage = createLocalStorage(dataDir);
    expect(() => storage.absolutePath('uploads/../tours-cms.sqlite')).toThrow(/outside/);
    expect(() => storage.absolutePath('/etc/passwd')).toThrow(/outside/);
  });

  it('removes the partial file when the source fails', async () => {
    const storage = createLocalStorage(dataDir);
    const filePath = storage.newFilePath('pdf');
    async function* failing() {
      yield Buffer.from('half of it');
      throw new Error('client went away');
    }
    await expect(storage.writeStaged(filePath, failing())).rejects.toThrow('client went away');
    await storage.whenIdle();
    expect(fs.readdirSync(path.dirname(storage.absolutePath(filePath)))).toEqual([]);
  });

  it('sweeps staging files left by a crash, and only old ones', async () => {
    const dir = path.join(dataDir, 'uploads', '2025', '01');
    fs.mkdirSync(dir, { recursive: true });
    const stale = path.join(dir, '.aaaa.jpg.part');
    const live = path.join(dir, '.bbbb.jpg.part');
    const stored = path.join(dir, 'cccc.jpg');
    for (const file of [stale, live, stored]) fs.writeFileSync(file, 'x');
    const old = new Date(Date.now() - STALE_STAGING_MS - 60_000);
    fs.utimesSync(stale, old, old);
    fs.utimesSync(stored, old, old);
    expect(await sweepStaleStaging(path.join(dataDir, 'uploads'))).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(['.bbbb.jpg.part', 'cccc.jpg']);
  });
});
