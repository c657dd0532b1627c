import { ConfigError, loadConfig } from '../config.js';
import { connectDatabase, migrationState } from '../db/connect.js';
import { assertStorageReady, createMediaStorage } from '../media/media-storage.js';
import { writeBackup } from './archive.js';
import { RestoreRefused, restoreBackup } from './restore.js';
import { lockForRestore } from '../db/server-lock.js';
import { loadSecretBox } from '../secret-box.js';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * What `npm run backup -- FILE` and `npm run restore -- FILE [--force]` do once cli.ts has read their arguments:
 * against the database and storage the environment names, printing progress; the exit code is the answer.
 */
export async function runCommand(command: 'backup' | 'restore', file: string, force: boolean): Promise<number> {
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
    const storage = await createMediaStorage(config);
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
