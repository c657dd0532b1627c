import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** A staging file untouched this long was left by a crash mid-upload: a live upload writes to it all the time. */
export const STALE_STAGING_MS = 24 * 3_600_000;

/** The suffix of every staging file; with a leading dot, the file server never serves one. */
export const STAGING_SUFFIX = '.part';

/**
 * Streams `source` into a new file at `absolute` and resolves once it is whole. Opened before the first byte
 * arrives, so that a failure can never race the file's creation and leave it behind ('wx': never through an
 * existing file). On any error the partial file is removed before the promise rejects.
 */
export async function writeNewFile(
  absolute: string,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<void> {
  await fsp.mkdir(path.dirname(absolute), { recursive: true });
  const out = (await fsp.open(absolute, 'wx')).createWriteStream();
  try {
    await pipeline(source, out);
  } catch (error) {
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await fsp.rm(absolute, { force: true });
    throw error;
  }
}

/** Removes the staging files a crashed server left under `dir`; answers how many it removed. */
export async function sweepStaleStaging(dir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.startsWith('.') || !entry.name.endsWith(STAGING_SUFFIX)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_STAGING_MS) {
      await fsp.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Counts writes in progress, so tests and shutdown can wait until none is (whenIdle). */
export function writeTracker() {
  let active = 0;
  let waiters: (() => void)[] = [];
  return {
    async track<T>(work: () => Promise<T>): Promise<T> {
      active += 1;
      try {
        return await work();
      } finally {
        active -= 1;
        if (active === 0) {
          const done = waiters;
          waiters = [];
          for (const resolve of done) resolve();
        }
      }
    },
    whenIdle(): Promise<void> {
      return active === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

/** `uploads/YYYY/MM/<32 hex>.<extension>`: the UTC month of `date` and 128 random bits. */
export function newMediaPath(extension: string, random: string, date: Date): string {
  const year = String(date.getUTCFullYear());
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `uploads/${year}/${month}/${random}.${extension}`;
}

/** The thumbnail path that belongs to a file path. */
export function thumbnailPathOf(filePath: string): string {
  return filePath.replace(/\.[^./]+$/, '') + '.thumb.webp';
}
