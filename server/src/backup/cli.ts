import { ConfigError } from '../config.js';

const USAGE = `Usage:
  npm run backup -- FILE             write every table and media file of this site into FILE (.tar.gz)
  npm run restore -- FILE [--force]  load FILE into this site's database and media storage

A restore needs an empty database and storage, and no server running on them. --force replaces what is there, and
restores even under running servers (they drop their cached pages; every session and preview link ends).
Both read the same environment as the server (DATABASE_URL, DATA_DIR, STORAGE, S3_*...).`;

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
  // The database drivers, the storage SDKs and the archive code load only now: `--help` and a mistyped command
  // answer at once.
  const { runCommand } = await import('./cli-commands.js');
  return runCommand(command as 'backup' | 'restore', file, force);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
