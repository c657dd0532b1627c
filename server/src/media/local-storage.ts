import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { isMediaPath, type MediaStorage } from './storage.js';
import {
  newMediaPath,
  STAGING_SUFFIX,
  sweepStaleStaging,
  thumbnailPathOf,
  writeNewFile,
  writeTracker,
} from './staging.js';

export { STALE_STAGING_MS, sweepStaleStaging } from './staging.js';

/** A staged file is a dotfile beside where the final file will be, so that `commit` is one rename. */
function stagedName(filePath: string): string {
  const slash = filePath.lastIndexOf('/');
  return `${filePath.slice(0, slash + 1)}.${filePath.slice(slash + 1)}${STAGING_SUFFIX}`;
}

/** Media on the local disk under `<dataDir>/uploads/YYYY/MM/`. */
export function createLocalStorage(dataDir: string): MediaStorage & { absolutePath(filePath: string): string } {
  const root = path.resolve(dataDir);
  const uploadsDir = path.join(root, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  // In the background: start-up does not wait on a walk of the whole library, and a failure here harms nothing.
  sweepStaleStaging(uploadsDir).catch(() => {});
  const writes = writeTracker();

  /** The absolute path of a stored file, refusing any path outside the upload root. */
  function absolutePath(filePath: string): string {
    const absolute = path.resolve(root, filePath);
    if (!absolute.startsWith(uploadsDir + path.sep)) throw new Error(`Media path outside the upload root: ${filePath}`);
    return absolute;
  }

  return {
    kind: 'local',
    absolutePath,

    newFilePath: (extension, date = new Date()) => newMediaPath(extension, randomBytes(16).toString('hex'), date),

    thumbnailPathOf,

    writeStaged(filePath, source) {
      return writes.track(async () => {
        const staged = absolutePath(stagedName(filePath));
        await writeNewFile(staged, source);
        return staged;
      });
    },

    async commit(filePath, _contentType, finalPath = filePath) {
      // A rename replaces an existing file in one step: a reader sees the old bytes or the new, never a mix.
      await fsp.rename(absolutePath(stagedName(filePath)), absolutePath(finalPath));
    },

    put(filePath, body) {
      // Written under a staging name and renamed: a reader never sees half a file, and a failure leaves none.
      return writes.track(async () => {
        const staged = absolutePath(stagedName(filePath));
        await writeNewFile(staged, [body]);
        await fsp.rename(staged, absolutePath(filePath)).catch(async (error: unknown) => {
          await fsp.rm(staged, { force: true });
          throw error;
        });
      });
    },

    async stat(filePath) {
      if (!isMediaPath(filePath)) return null;
      const stat = await fsp.stat(absolutePath(filePath)).catch(() => null);
      if (!stat?.isFile()) return null;
      // As @fastify/send made it: size and modification time. Stored names are never reused, so it is strong.
      return {
        size: stat.size,
        modifiedMs: stat.mtimeMs,
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      };
    },

    async read(filePath, range) {
      const handle = await fsp.open(absolutePath(filePath), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    signedUrl: async () => null,

    async remove(...filePaths) {
      for (const filePath of filePaths) {
        if (!filePath) continue;
        await fsp.rm(absolutePath(stagedName(filePath)), { force: true });
        await fsp.rm(absolutePath(filePath), { force: true });
      }
    },

    async *listFiles() {
      for (const entry of await fsp.readdir(uploadsDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || entry.name.startsWith('.')) continue;
        const absolute = path.join(entry.parentPath, entry.name);
        const stat = await fsp.stat(absolute).catch(() => null);
        if (!stat) continue;
        yield {
          filePath: `uploads/${path.relative(uploadsDir, absolute).split(path.sep).join('/')}`,
          modifiedMs: stat.mtimeMs,
        };
      }
    },

    whenIdle: () => writes.whenIdle(),

    async check() {
      await fsp.access(uploadsDir, fs.constants.W_OK);
    },
  };
}
