import { createHash } from 'node:crypto';
import { inTransaction } from '../db/transaction.js';
import type { Db } from '../db/dialect.js';
import { migrateTo, migrateToLatest, migrationState } from '../db/connect.js';
import { contentTypeOf } from '../media/serve-uploads.js';
import { isMediaPath, type MediaStorage } from '../media/storage.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  chunkLines,
  MANIFEST_NAME,
  MEDIA_ENTRY,
  readArchive,
  TABLE_CHUNK,
  type Manifest,
} from './archive.js';
import { endAccessAfterRestore, type AccessEnded } from './after-restore.js';
import { sealStoredSecrets } from '../modules/two-factor/stored-secrets.js';
import type { SecretBox } from '../secret-box.js';
import {
  backedUpTables,
  deleteAllRows,
  insertRows,
  isEmpty,
  resetIdSequence,
  restoreSelfReferences,
} from './tables.js';

/** A restore refused, with every reason a person needs to act on it; nothing was written. */
export class RestoreRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`The restore was refused; nothing was written:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * Rows go into the database a batch at a time: at most this many bytes of their JSON, and at most this many values
 * in one INSERT (PostgreSQL takes 65,535 parameters; a table of 30 columns made 60,000 with 2,000 rows).
 */
const INSERT_BATCH_BYTES = 4 * 1024 * 1024;
const INSERT_VALUES_MAX = 30_000;

type Row = Record<string, unknown>;

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive and checks it against its manifest before anything is written: a truncated or damaged
 * file, one that is not a Tours CMS backup, a table or file whose count, size or checksum differs, or an entry the
 * manifest does not name, is refused with each difference spelled out.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const tables = new Map<string, { rows: number; chunks: number; hash: ReturnType<typeof createHash> }>();
  const files = new Map<string, { bytes: number; sha256: string }>();
  const unknown: string[] = [];
  let manifest: Manifest | null = null;
  try {
    await readArchive(file, async (entry) => {
      if (entry.name === MANIFEST_NAME) {
        const text = (await collect(entry.body)).toString('utf8');
        try {
          manifest = JSON.parse(text) as Manifest;
        } catch {
          throw new RestoreRefused([`${MANIFEST_NAME} is not JSON: this is not a Tours CMS backup`]);
        }
        return;
      }
      const chunk = TABLE_CHUNK.exec(entry.name);
      if (chunk) {
        // Streamed: a chunk of an older backup may hold 2,000 rows of any size.
        const table = tables.get(chunk[1]!) ?? { rows: 0, chunks: 0, hash: createHash('sha256') };
        let lineOpen = false;
        for await (const part of entry.body) {
          table.hash.update(part);
          let start = 0;
          for (let end = part.indexOf(10); end !== -1; end = part.indexOf(10, start)) {
            if (end > start || lineOpen) table.rows += 1;
            lineOpen = false;
            start = end + 1;
          }
          if (start < part.length) lineOpen = true;
        }
        if (lineOpen) table.rows += 1;
        table.chunks += 1;
        tables.set(chunk[1]!, table);
        return;
      }
      if (entry.name.startsWith(MEDIA_ENTRY)) {
        const hash = createHash('sha256');
        let bytes = 0;
        for await (const part of entry.body) {
          hash.update(part);
          bytes += part.length;
        }
        files.set(entry.name.slice(MEDIA_ENTRY.length), { bytes, sha256: hash.digest('hex') });
        return;
      }
      unknown.push(entry.name);
    });
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RestoreRefused([
      `${file} could not be read to its end (${reason}): it is truncated, damaged, or not a gzip-compressed tar archive`,
    ]);
  }
  const found = manifest as Manifest | null;
  if (!found)
    throw new RestoreRefused([`${file} has no ${MANIFEST_NAME}: it is not a Tours CMS backup, or it was cut short`]);
  if (
    found.format !== BACKUP_FORMAT ||
    !Array.isArray(found.tables) ||
    !Array.isArray(found.files) ||
    !Array.isArray(found.migrations)
  ) {
    throw new RestoreRefused([
      `${file} is not a Tours CMS backup (its manifest names format "${String((found as { format?: unknown }).format)}")`,
    ]);
  }
  if (found.version !== BACKUP_VERSION)
    throw new RestoreRefused([
      `the backup's format version is ${String(found.version)}; this version of Tours CMS reads version ${BACKUP_VERSION}`,
    ]);

  const problems: string[] = [];
  for (const expected of found.tables) {
    const actual = tables.get(expected.name);
    tables.delete(expected.name);
    if (!actual) {
      if (expected.rows > 0)
        problems.push(`table ${expected.name}: missing from the archive (the manifest lists ${expected.rows} rows)`);
      continue;
    }
    if (actual.rows !== expected.rows)
      problems.push(`table ${expected.name}: ${actual.rows} rows in the archive, the manifest lists ${expected.rows}`);
    const sha256 = actual.hash.digest('hex');
    if (sha256 !== expected.sha256)
      problems.push(
        `table ${expected.name}: its contents differ from the manifest's checksum (sha256 ${sha256}, expected ${expected.sha256})`,
      );
  }
  for (const name of tables.keys()) problems.push(`table ${name}: in the archive but not in the manifest`);
  for (const expected of found.files) {
    const actual = files.get(expected.path);
    files.delete(expected.path);
    if (!isMediaPath(expected.path)) problems.push(`file ${expected.path}: not a media path`);
    else if (!actual) problems.push(`file ${expected.path}: missing from the archive`);
    else if (actual.bytes !== expected.bytes)
      problems.push(
        `file ${expected.path}: ${actual.bytes} bytes in the archive, the manifest lists ${expected.bytes}`,
      );
    else if (actual.sha256 !== expected.sha256)
      problems.push(`file ${expected.path}: its bytes differ from the manifest's checksum`);
  }
  for (const path of files.keys()) problems.push(`file ${path}: in the archive but not in the manifest`);
  for (const name of unknown) problems.push(`${name}: an entry that is not part of a Tours CMS backup`);
  if (problems.length) throw new RestoreRefused(problems);
  return found;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  /** When the backup was made: the users' passwords and two-factor settings are those of that moment. */
  backupMadeAt: string;
  /** Sessions ended and preview links revoked after the load. */
  accessEnded: AccessEnded;
  /**
   * The accounts whose two-factor secret this site's keys do not open (the backup came from a site with another
   * SECRETS_KEY): their two-factor sign-in is off, to be set up again.
   */
  twoFactorReset: string[];
}

/**
 * Loads a verified archive into this database and storage. The target must be empty (no rows, no media files)
 * unless `force` (then its rows and files are removed first). A new database is brought to the backup's schema,
 * loaded, then upgraded to this version's, so an older backup's rows pass through the same migrations a running
 * site's would. Rows go in one transaction (all or nothing); files follow. Then every session and preview link
 * ends and the running servers drop their caches (`endAccessAfterRestore`): the backup's credentials are not
 * brought back to life.
 */
export async function restoreBackup(
  db: Db,
  storage: MediaStorage,
  file: string,
  options: { secrets: SecretBox; force?: boolean; progress?: (line: string) => void },
): Promise<RestoreSummary> {
  const progress = options.progress ?? (() => {});
  const manifest = await verifyArchive(file);
  progress(
    `The archive matches its manifest: ${manifest.tables.length} tables, ${manifest.files.length} files, made ${manifest.created_at} from ${manifest.source.database} and ${manifest.source.storage} storage.`,
  );

  const known = await migrationState(db);
  const knownNames = known.map((m) => m.name);
  const newer = manifest.migrations.filter((name) => !knownNames.includes(name));
  if (newer.length)
    throw new RestoreRefused([
      `the backup was made by a newer version of Tours CMS (migrations ${newer.join(', ')}): restore it with that version or a later one`,
    ]);
  const backupLevel = manifest.migrations.at(-1);
  const executed = known.filter((m) => m.executed).map((m) => m.name);
  if (executed.some((name) => !manifest.migrations.includes(name))) {
    const tables = await backedUpTables(db);
    const { empty } = await isEmpty(db, tables);
    throw new RestoreRefused([
      `the target database is already at a newer schema than the backup (it ran ${executed.at(-1)}, the backup ${backupLevel})${empty ? '' : ' and holds data'}: restore into a new, empty database (or schema), which the restore brings to the backup's schema itself`,
    ]);
  }
  if (backupLevel) await migrateTo(db, backupLevel);

  const tables = await backedUpTables(db);
  const { empty, rows: present } = await isEmpty(db, tables);
  const storedFiles: string[] = [];
  for await (const { filePath } of storage.listFiles()) storedFiles.push(filePath);
  if ((!empty || storedFiles.length) && !options.force) {
    const held = Object.entries(present).map(([name, n]) => `${name} (${n})`);
    throw new RestoreRefused([
      `the target is not empty${held.length ? `: rows in ${held.join(', ')}` : ''}${storedFiles.length ? `${held.length ? ';' : ':'} ${storedFiles.length} media files` : ''}. Restore into an empty database and storage, or add --force to replace what is there`,
    ]);
  }
  const missing = manifest.tables
    .filter((t) => t.rows > 0 && !tables.some((table) => table.name === t.name))
    .map((t) => t.name);
  if (missing.length)
    throw new RestoreRefused([`the target database has no table ${missing.join(', ')} at the backup's schema`]);

  let rows = 0;
  await inTransaction(db, async (tx) => {
    if (options.force) await deleteAllRows(tx, tables);
    const byName = new Map(tables.map((t) => [t.name, t]));
    // Of a table that references itself, only the key and those references are kept for the second pass.
    const selfReferencing = new Map<string, Row[]>();
    await readArchive(file, async (entry) => {
      const chunk = TABLE_CHUNK.exec(entry.name);
      if (!chunk) return;
      const table = byName.get(chunk[1]!)!;
      const selfColumns = table.references.filter((ref) => ref.table === table.name).map((ref) => ref.column);
      const kept = selfColumns.length ? (selfReferencing.get(table.name) ?? []) : null;
      if (kept) selfReferencing.set(table.name, kept);
      let batch: Row[] = [];
      let batchBytes = 0;
      const flush = async () => {
        await insertRows(tx, table, batch);
        rows += batch.length;
        if (kept)
          for (const row of batch)
            kept.push(Object.fromEntries([...table.key, ...selfColumns].map((column) => [column, row[column]])));
        batch = [];
        batchBytes = 0;
      };
      // A line at a time, never the whole entry: a chunk of an older backup may hold 2,000 rows of any size.
      for await (const line of chunkLines(entry.body)) {
        const row = JSON.parse(line.toString('utf8')) as Row;
        batch.push(row);
        batchBytes += line.length;
        if (batchBytes >= INSERT_BATCH_BYTES || batch.length * Object.keys(row).length >= INSERT_VALUES_MAX)
          await flush();
      }
      if (batch.length) await flush();
    });
    for (const [name, saved] of selfReferencing) await restoreSelfReferences(tx, byName.get(name)!, saved);
    for (const table of tables) await resetIdSequence(tx, table);
  });
  progress(`Loaded ${rows} rows into ${manifest.tables.length} tables.`);

  if (options.force && storedFiles.length) await storage.remove(...storedFiles);
  let files = 0;
  await readArchive(file, async (entry) => {
    if (!entry.name.startsWith(MEDIA_ENTRY)) return;
    const filePath = entry.name.slice(MEDIA_ENTRY.length);
    await storage.writeStaged(filePath, entry.body);
    await storage.commit(filePath, contentTypeOf(filePath));
    files += 1;
  });
  progress(`Stored ${files} media files.`);
  await migrateToLatest(db);
  // The backup's two-factor secrets, sealed with its site's key (or plain, from before they were sealed): sealed
  // under this site's key, or, when no key of this site opens them, turned off for those accounts.
  const { unreadable: twoFactorReset } = await sealStoredSecrets(db, options.secrets, { dropUnreadable: true });
  const accessEnded = await endAccessAfterRestore(db);
  return {
    tables: manifest.tables.length,
    rows,
    files,
    backupMadeAt: manifest.created_at,
    accessEnded,
    twoFactorReset,
  };
}
