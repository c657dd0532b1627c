import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, STALE_STAGING_MS, sweepStaleStaging } from './local-storage.js';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-storage-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// What every adapter does is in storage-contract.test.ts; these are the local disk's own rules.
describe('local media storage', () => {
  it('stages a file as a dotfile beside its final name, so that committing it is one rename', async () => {
    const storage = createLocalStorage(dataDir);
    const filePath = storage.newFilePath('jpg');
    const staged = await storage.writeStaged(filePath, [Buffer.from('abc')]);
    expect(staged).toBe(path.join(path.dirname(storage.absolutePath(filePath)), `.${path.basename(filePath)}.part`));
    await storage.commit(filePath, 'image/jpeg');
    expect(fs.readFileSync(storage.absolutePath(filePath), 'utf8')).toBe('abc');
  });

  it('refuses paths outside the upload root', () => {
    const storage = createLocalStorage(dataDir);
    expect(() => storage.absolutePath('uploads/../tours-cms.sqlite')).toThrow(/outside/);
    expect(() => storage.absolutePath('/etc/passwd')).toThrow(/outside/);
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
