import { ConfigError, loadConfig } from '../config.js';
import { connectDatabase, migrationState } from '../db/connect.js';
import { assertStorageReady, createMediaStorage } from '../media/media-storage.js';
import { writeBackup } from './archive.js';
import { RestoreRefused, restoreBackup } from './restore.js';

const USAGE = `Usage:
  npm run backup -- FILE             write every table and media file of this site into FILE (.tar.gz)
  npm run restore -- FILE [--force]  load FILE into this site's database and media storage (empty, unless --force)

Both read the same environment as the server (DATABASE_URL, DATA_DIR, STORAGE, S3_*...).`;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * `backup FILE` and `restore FILE [--force]`, against the database and storage the environment names. A backup
 * runs beside a serving site; a restore is for an empty target (moving from SQLite and local files to PostgreSQL
 * and S3 is: back up, point the environment at the new place, restore).
 */
async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  const force = rest.includes('--force');
  if (!file || !['backup', 'restore'].includes(command ?? '') || rest.some((arg) => arg !== '--force') || (command === 'backup' && force)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = await connectDatabase(config);
  const storage = createMediaStorage(config);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  try {
    await assertStorageReady(storage, config);
    if (command === 'backup') {
      const migrations = (await migrationState(db)).filter((m) => m.executed).map((m) => m.name);
      if (!migrations.length) throw new ConfigError('This database has no Tours CMS tables yet: there is nothing to back up.');
      log(`Backing up ${db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} and ${storage.kind === 's3' ? 'the S3 bucket' : 'the local media'} to ${file}...`);
      const summary = await writeBackup(db, storage, migrations, file, log);
      log(`Wrote ${file}: ${summary.rows} rows in ${summary.tables} tables, ${summary.files} media files (${mib(summary.fileBytes)}).`);
    } else {
      log(`Checking ${file} against its manifest...`);
      const summary = await restoreBackup(db, storage, file, { force, progress: log });
      log(`Restored ${summary.rows} rows in ${summary.tables} tables and ${summary.files} media files into ${db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} and ${storage.kind === 's3' ? 'the S3 bucket' : 'the local media'}.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await db.kysely.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
