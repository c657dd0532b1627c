import { ConfigError, loadConfig } from '../config.js';
import { connectDatabase, migrationState } from '../db/connect.js';
import { assertStorageReady, createMediaStorage } from '../media/media-storage.js';
import { writeBackup } from './archive.js';
import { RestoreRefused, restoreBackup } from './restore.js';
import { lockForRestore } from '../db/server-lock.js';
import { loadSecretBox } from '../secret-box.js';

const USAGE = `Usage:
  npm run backup -- FILE             write every table and media file of this site into FILE (.tar.gz)
  npm run restore -- FILE [--force]  load FILE into this site's database and media storage

A restore needs an empty database and storage, and no server running on them. --force replaces what is there, and
restores even under running servers (they drop their cached pages; every session and preview link ends).
Both read the same environment as the server (DATABASE_URL, DATA_DIR, STORAGE, S3_*...).`;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * `backup FILE` and `restore FILE [--force]`, against the database and storage the environment names; `--help`
 * prints the usage and does nothing else. A backup runs beside a serving site; a restore is for an empty target
 * with no server on it (moving from SQLite and local files to PostgreSQL and S3 is: back up, point the environment
 * at the new place, restore), unless forced.
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (args.some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [file, ...rest] = args;
  const force = rest.includes('--force');
  if (
    !file ||
    file.startsWith('-') ||
    !['backup', 'restore'].includes(command ?? '') ||
    rest.some((arg) => arg !== '--force') ||
    (command === 'backup' && force)
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const serverLock = command === 'restore' ? await lockForRestore(config) : null;
  try {
    if (serverLock?.runningServer && !force) {
      throw new RestoreRefused([
        `${serverLock.runningServer} is using this database. Stop it (every node) and restore again, or add --force to restore under it: its cached pages are then dropped, and every session and preview link ends.`,
      ]);
    }
    const db = await connectDatabase(config);
    const storage = createMediaStorage(config);
    try {
      await assertStorageReady(storage, config);
      if (command === 'backup') {
        const migrations = (await migrationState(db)).filter((m) => m.executed).map((m) => m.name);
        if (!migrations.length)
          throw new ConfigError('This database has no Tours CMS tables yet: there is nothing to back up.');
        log(
          `Backing up ${db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} and ${storage.kind === 's3' ? 'the S3 bucket' : 'the local media'} to ${file}...`,
        );
        const summary = await writeBackup(db, storage, migrations, file, log);
        log(
          `Wrote ${file}: ${summary.rows} rows in ${summary.tables} tables, ${summary.files} media files (${mib(summary.fileBytes)}).`,
        );
      } else {
        if (serverLock?.runningServer)
          log(`${serverLock.runningServer} is using this database: restoring under it (--force).`);
        log(`Checking ${file} against its manifest...`);
        const summary = await restoreBackup(db, storage, file, {
          secrets: loadSecretBox(config),
          force,
          progress: log,
        });
        log(
          `Restored ${summary.rows} rows in ${summary.tables} tables and ${summary.files} media files into ${db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} and ${storage.kind === 's3' ? 'the S3 bucket' : 'the local media'}.`,
        );
        log(
          `Users' passwords and two-factor settings are now those of the backup's date (${summary.backupMadeAt}): a password changed or two-factor sign-in set up since then is undone. ` +
            `Every session (${summary.accessEnded.sessions}) ended and every preview link (${summary.accessEnded.previewLinks}) was revoked: everyone signs in again.`,
        );
        if (summary.twoFactorReset.length) {
          log(
            `These accounts must set up two-factor sign-in again, since their secrets were sealed with a SECRETS_KEY this site does not have (to keep them, restore again with that key as SECRETS_KEY_PREVIOUS): ${summary.twoFactorReset.join(', ')}.`,
          );
        }
      }
      return 0;
    } finally {
      await db.kysely.destroy();
    }
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await serverLock?.release();
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
