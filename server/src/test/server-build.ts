import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The server as `npm start` runs it (server/dist), for the tests that start it as a process of its own or run its
 * command line (server-process.ts, the backup tests): a built server starts in 1.2 s, through tsx from source in
 * 1.8–2.2 s, and those tests start it about thirty times.
 */
export const BUILT_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const BUILT_CLI = fileURLToPath(new URL('../../dist/backup/cli.js', import.meta.url));

/**
 * Vitest's global setup of the server tests: brings server/dist up to date with the sources (TypeScript's build
 * mode compiles only what changed: under a second when nothing did), so a run without `npm run build`, or after an
 * edit, starts the server the tests just read.
 */
export default function setup(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const build = spawnSync(process.execPath, [tsc, '-b', 'server/tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('could not build the server (tsc -b server/tsconfig.build.json)');
}
