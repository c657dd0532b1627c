/**
 * How long the built server takes to start on a site that already exists (migrated, its first admin made): from
 * the process's spawn to its first `/healthz` answer, the median of ten starts on fresh copies of one data
 * directory, and how long importing the app takes (the median of five processes). Every node, every command and
 * every browser test's server pays this. With BENCH_BASELINE=/path/to/another/checkout (built), that checkout's
 * server starts in the same run, alternately with this one's, so the two figures share the machine's load.
 *
 *   npm run build && [BENCH_BASELINE=../base] node --import tsx bench/src/server-start.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/load.js';
import { benchServerEnvironment, freePort, stopProcess, waitFor } from './lib/server.js';

const HERE = fileURLToPath(new URL('../..', import.meta.url));
const STARTS = 10;
const IMPORTS = 5;

export interface ServerStart {
  /** Median milliseconds from spawn to the first `/healthz` answer. */
  startMs: number;
  /** Median milliseconds to import `server/dist/app.js` in a fresh process. */
  importMs: number;
}

export interface ServerStartResult {
  current: ServerStart;
  baseline: ServerStart | null;
}

/** One start of `root`'s server on a copy of `template`: milliseconds to its first answer. */
async function startOnce(root: string, template: string): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-bench-start-'));
  fs.cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: benchServerEnvironment(port, dataDir),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`, child, 5);
    return performance.now() - started;
  } finally {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One fresh process importing `root`'s app: milliseconds, as the process measured it. */
function importOnce(root: string): number {
  const app = path.join(root, 'server/dist/app.js');
  const run = spawnSync(
    process.execPath,
    [
      '-e',
      `const t = performance.now(); import(${JSON.stringify(app)}).then(() => console.log(performance.now() - t))`,
    ],
    { cwd: path.join(root, 'server'), encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`Importing ${app} failed:\n${run.stderr}`);
  return Number(run.stdout.trim());
}

export async function measureServerStart(baselineRoot = process.env.BENCH_BASELINE): Promise<ServerStartResult> {
  const roots = [HERE, ...(baselineRoot ? [path.resolve(baselineRoot)] : [])];
  // The site every start opens: a first start's data (migrated, the admin made), stopped.
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-bench-start-template-'));
  const port = await freePort();
  const first = spawn(process.execPath, [path.join(HERE, 'server/dist/main.js')], {
    env: benchServerEnvironment(port, template),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`, first);
  } finally {
    await stopProcess(first);
  }
  try {
    const starts = roots.map(() => [] as number[]);
    const imports = roots.map(() => [] as number[]);
    // One start of each first, unmeasured (the files' first reading from disk), then alternately.
    for (const root of roots) await startOnce(root, template);
    for (let i = 0; i < STARTS; i++)
      for (const [index, root] of roots.entries()) starts[index]!.push(await startOnce(root, template));
    for (let i = 0; i < IMPORTS; i++)
      for (const [index, root] of roots.entries()) imports[index]!.push(importOnce(root));
    const results = roots.map((_, index) => ({
      startMs: median(starts[index]!),
      importMs: median(imports[index]!),
    }));
    return { current: results[0]!, baseline: results[1] ?? null };
  } finally {
    fs.rmSync(template, { recursive: true, force: true });
  }
}

export function formatServerStart({ current, baseline }: ServerStartResult): string {
  const line = (name: string, result: ServerStart) =>
    `server start (${name}): spawn to first /healthz median ${result.startMs.toFixed(0)} ms of ${STARTS}; importing the app median ${result.importMs.toFixed(0)} ms of ${IMPORTS}`;
  return [line('this checkout', current), ...(baseline ? [line('BENCH_BASELINE', baseline)] : [])].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(formatServerStart(await measureServerStart()));
