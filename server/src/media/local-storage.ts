import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { MediaStorage } from './storage.js';

const UPLOADS = 'uploads';
const STAGING_SUFFIX = '.part';

/** A staged file is a dotfile, which the file server never serves, beside where the final file will be. */
function stagedName(filePath: string): string {
  const slash = filePath.lastIndexOf('/');
  return `${filePath.slice(0, slash + 1)}.${filePath.slice(slash + 1)}${STAGING_SUFFIX}`;
}

/** A staging file untouched this long was left by a crash mid-upload: a live upload writes to it all the time. */
export const STALE_STAGING_MS = 24 * 3_600_000;

/** Removes staging files a crashed server left behind; answers how many it removed. */
export async function sweepStaleStaging(uploadsDir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const entry of await fsp.readdir(uploadsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.startsWith('.') || !entry.name.endsWith(STAGING_SUFFIX)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (now - (await fsp.stat(file)).mtimeMs > STALE_STAGING_MS) {
      await fsp.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Media on the local disk under `<dataDir>/uploads/YYYY/MM/`. */
export function createLocalStorage(dataDir: string): MediaStorage {
  const root = path.resolve(dataDir);
  const uploadsDir = path.join(root, UPLOADS);
  fs.mkdirSync(uploadsDir, { recursive: true });
  // In the background: start-up does not wait on a walk of the whole library, and a failure here harms nothing.
  sweepStaleStaging(uploadsDir).catch(() => {});

  let activeWrites = 0;
  let idleWaiters: (() => void)[] = [];
  const settleWrite = () => {
    activeWrites -= 1;
    if (activeWrites === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  };

  function absolutePath(filePath: string): string {
    const absolute = path.resolve(root, filePath);
    if (!absolute.startsWith(uploadsDir + path.sep)) throw new Error(`Media path outside the upload root: ${filePath}`);
    return absolute;
  }

  async function removeQuietly(absolute: string): Promise<void> {
    await fsp.rm(absolute, { force: true });
  }

  return {
    uploadsDir,

    newFilePath(extension, date = new Date()) {
      const year = String(date.getUTCFullYear());
      const month = String(date.getUTCMonth() + 1).padStart(2, '0');
      return `${UPLOADS}/${year}/${month}/${randomBytes(16).toString('hex')}.${extension}`;
    },

    thumbnailPathOf(filePath) {
      return filePath.replace(/\.[^./]+$/, '') + '.thumb.webp';
    },

    async writeStaged(filePath, source) {
      const staged = absolutePath(stagedName(filePath));
      activeWrites += 1;
      try {
        await fsp.mkdir(path.dirname(staged), { recursive: true });
        // Opened before the first byte arrives, so that a failure can never race the file's creation and
        // leave it behind. 'wx': never write through an existing file, however unlikely a clash of 128 bits is.
        const out = (await fsp.open(staged, 'wx')).createWriteStream();
        try {
          await pipeline(source, out);
        } catch (error) {
          if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
          await removeQuietly(staged);
          throw error;
        }
        return staged;
      } finally {
        settleWrite();
      }
    },

    async commit(filePath) {
      await fsp.rename(absolutePath(stagedName(filePath)), absolutePath(filePath));
    },

    absolutePath,

    async remove(...filePaths) {
      for (const filePath of filePaths) {
        if (!filePath) continue;
        await removeQuietly(absolutePath(stagedName(filePath)));
        await removeQuietly(absolutePath(filePath));
      }
    },

    async *listFiles() {
      for (const entry of await fsp.readdir(uploadsDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || entry.name.startsWith('.')) continue;
        const absolute = path.join(entry.parentPath, entry.name);
        const stat = await fsp.stat(absolute).catch(() => null);
        if (!stat) continue;
        yield { filePath: `${UPLOADS}/${path.relative(uploadsDir, absolute).split(path.sep).join('/')}`, modifiedMs: stat.mtimeMs };
      }
    },

    whenIdle() {
      return activeWrites === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
