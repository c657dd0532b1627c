import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUILT = ['admin/dist/frame/site-frame.js', 'admin/dist/frame/site-parent.js'];
const SCRIPTS_DIR = 'admin/src/frame-runtime/site/';
const SOURCES = [
  ...fs.readdirSync(`${ROOT}${SCRIPTS_DIR}`).map((file) => `${SCRIPTS_DIR}${file}`),
  'admin/vite.frame.config.ts',
  'contract/src/site-frame-protocol.ts',
  'contract/src/display-currencies.ts',
];

function modified(file: string): number | null {
  try {
    return fs.statSync(`${ROOT}${file}`).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Vitest's global setup of the server tests: the public site inlines its frame and parent scripts as built by the
 * frame-runtime build (public-site/documents/site-scripts.ts), so a run without `npm run build` builds them first,
 * and so does a run after they were edited (a second or so; nothing when they are up to date).
 */
export default function setup(): void {
  const newestSource = Math.max(...SOURCES.map((file) => modified(file) ?? 0));
  if (BUILT.every((file) => (modified(file) ?? -1) >= newestSource)) return;
  const build = spawnSync('npm', ['run', 'build:site-scripts', '-w', '@tours-cms/admin'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('could not build the public site scripts (npm run build:site-scripts)');
}
