import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { Db } from '../db/dialect.js';
import type { MediaStorage } from '../media/storage.js';
import { backedUpTables, readRows } from './tables.js';

export const BACKUP_FORMAT = 'tours-cms-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

/** What an archive holds, written last into it: every table's row count and checksum, every file's size and checksum. */
export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created_at: string;
  source: { database: 'sqlite' | 'postgres'; storage: 'local' | 's3' };
  /** The migrations the database had run: a restore loads the rows at this schema, then upgrades. */
  migrations: string[];
  tables: { name: string; rows: number; chunks: number; sha256: string }[];
  files: { path: string; bytes: number; sha256: string }[];
}

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
}

const chunkName = (table: string, index: number) => `tables/${table}/${String(index).padStart(6, '0')}.jsonl`;
/**
 * A table chunk is closed once it holds this much: 2,000 rows of a table of large rows (revisions of long pages)
 * would otherwise make one entry, and one string, of gigabytes. A restore reads older, larger chunks a line at a
 * time all the same.
 */
const TABLE_CHUNK_TARGET_BYTES = 8 * 1024 * 1024;
export const TABLE_CHUNK = /^tables\/([a-z_][a-z0-9_]*)\/(\d{6})\.jsonl$/;
export const MEDIA_ENTRY = 'media/';

function addEntry(pack: tar.Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    pack.entry({ name, size: body.length, mode: 0o600 }, body, (error) => (error ? reject(error) : resolve())),
  );
}

async function addStream(pack: tar.Pack, name: string, size: number, body: Readable): Promise<string> {
  const hash = createHash('sha256');
  const entry = pack.entry({ name, size, mode: 0o600 });
  body.on('data', (chunk: Buffer) => hash.update(chunk));
  await pipeline(body, entry);
  return hash.digest('hex');
}

/**
 * Writes one archive (tar, gzip) of every table and every media file, with a manifest of counts and checksums,
 * while the site keeps serving: the rows are read in one transaction (a snapshot: REPEATABLE READ on PostgreSQL, a
 * read transaction on SQLite's WAL), the files streamed from the storage one by one. Nothing of it is written
 * anywhere but the archive (the users' password hashes included): the archive is created readable by its owner
 * only, under a temporary name until it is whole.
 */
export async function writeBackup(
  db: Db,
  storage: MediaStorage,
  migrations: string[],
  file: string,
  progress: (line: string) => void = () => {},
): Promise<BackupSummary> {
  const partial = `${file}.part`;
  const pack = tar.pack();
  const written = pipeline(
    pack,
    zlib.createGzip({ level: 6 }),
    fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
  );
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    source: { database: db.dialect, storage: storage.kind },
    migrations,
    tables: [],
    files: [],
  };
  try {
    const snapshot =
      db.dialect === 'postgres'
        ? db.kysely.transaction().setIsolationLevel('repeatable read')
        : db.kysely.transaction();
    await snapshot.execute(async (trx) => {
      const tx: Db = { kysely: trx, dialect: db.dialect };
      for (const table of await backedUpTables(tx)) {
        const hash = createHash('sha256');
        let rows = 0;
        let chunks = 0;
        let lines: Buffer[] = [];
        let bytes = 0;
        const flush = async () => {
          const body = Buffer.concat(lines);
          hash.update(body);
          chunks += 1;
          await addEntry(pack, chunkName(table.name, chunks), body);
          lines = [];
          bytes = 0;
        };
        for await (const page of readRows(tx, table)) {
          for (const row of page) {
            const line = Buffer.from(`${JSON.stringify(row)}\n`, 'utf8');
            lines.push(line);
            bytes += line.length;
            rows += 1;
            if (bytes >= TABLE_CHUNK_TARGET_BYTES) await flush();
          }
        }
        if (lines.length) await flush();
        manifest.tables.push({ name: table.name, rows, chunks, sha256: hash.digest('hex') });
        progress(`  ${table.name}: ${rows} rows`);
      }
    });
    for await (const { filePath } of storage.listFiles()) {
      const stat = await storage.stat(filePath);
      if (!stat) continue; // removed since it was listed
      const sha256 = await addStream(pack, MEDIA_ENTRY + filePath, stat.size, await storage.read(filePath));
      manifest.files.push({ path: filePath, bytes: stat.size, sha256 });
    }
    progress(`  media files: ${manifest.files.length}`);
    await addEntry(pack, MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await written;
    await fsp.rename(partial, file);
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await fsp.rm(partial, { force: true });
    throw error;
  }
  return {
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
    files: manifest.files.length,
    fileBytes: manifest.files.reduce((sum, f) => sum + f.bytes, 0),
  };
}

/**
 * The lines of a table chunk as they stream past, each one row's JSON (empty lines skipped): only the line being
 * read is held, however large the entry.
 */
export async function* chunkLines(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  for await (const chunk of body) {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      const line = pending.length ? Buffer.concat([...pending, piece]) : piece;
      pending = [];
      if (line.length) yield line;
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length) yield Buffer.concat(pending);
}

/** One entry of an archive as it streams past: its name and its bytes (to be read whole, or drained). */
export interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/**
 * Reads an archive's entries in order, calling `onEntry` for each (which must consume or drain the body). A
 * truncated or damaged file rejects with the reader's error.
 */
export async function readArchive(file: string, onEntry: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      let ended = false;
      let handled = false;
      const proceed = () => {
        if (ended && handled) next();
      };
      stream.on('end', () => {
        ended = true;
        proceed();
      });
      onEntry({ name: header.name, size: header.size ?? 0, body: stream as AsyncIterable<Buffer> }).then(
        () => {
          handled = true;
          stream.resume(); // whatever the handler left unread
          proceed();
        },
        (error: unknown) => extract.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  await Promise.all([pipeline(fs.createReadStream(file), zlib.createGunzip(), extract), done]);
}
