import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const SERVER_ENTRY = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
const MAKE_VARIANTS = fileURLToPath(new URL('../../server/dist/make-image-variants.js', import.meta.url));
const ADMIN = { username: 'admin', password: 'admin-password-e2e' };

/** Data folders left by a first start (the first admin, and the demo site for `demo`), for servers to copy. */
export interface ServerTemplates {
  plain: string;
  demo: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Made once per run by the browser tests' global setup (global-setup.ts). */
    serverTemplates: ServerTemplates;
  }
}

/** What decides a first start: with any of these set, a server makes its own instead of copying a template. */
const FIRST_START_VARIABLES = /^(ADMIN_|DATA_DIR$|DATABASE_|S3_|MEDIA_)/;

export interface RunningServer {
  origin: string;
  dataDir: string;
  admin: { username: string; password: string };
  process: ChildProcess;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function assertBuilt(): void {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('The server is not built: run `npm run build` first.');
}

/**
 * Starts the built server (npm run build first) as a child process of its own on a free port, on a fresh DATA_DIR
 * with a known admin. Extra environment (SEED_DEMO, MAX_UPLOAD_MB...) may be passed. In the browser tests the fresh
 * DATA_DIR is a copy of the run's first start (global-setup.ts: migrated, the admin made, the demo site seeded and
 * its image variants made), so a file's server starts in a second or two instead of repeating all that; a server
 * whose environment changes what a first start does (ADMIN_*, DATA_DIR, DATABASE_*, storage) makes its own.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  assertBuilt();
  const template = templateFor(env);
  if (template) await templateMade(template);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-e2e-'));
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  return launchServer({ DATA_DIR: dataDir, ...env }, dataDir);
}

/** Where a template's state is written when it is made: `made`, or why it could not be. */
const stateOf = (template: string) => `${template}.state`;

/**
 * Makes the template in `dataDir` (`makeServerTemplate`) in the background, recording in a file beside it when it
 * is made or why it failed, for the servers that wait for it (`templateMade`): the run's global setup starts the
 * templates and returns, so the run's first tests (the server's and the admin's, before any browser test) start
 * at once instead of after two first starts. Resolves when the making has ended, either way.
 */
export function makeServerTemplateInBackground(env: Record<string, string>, dataDir: string): Promise<void> {
  return makeServerTemplate(env, dataDir).then(
    () => fs.writeFileSync(stateOf(dataDir), 'made'),
    (error: unknown) => fs.writeFileSync(stateOf(dataDir), String(error instanceof Error ? error.stack : error)),
  );
}

/** Waits until the template is made (throws why it could not be, or after two minutes). */
async function templateMade(template: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    let state: string | null = null;
    try {
      state = fs.readFileSync(stateOf(template), 'utf8');
    } catch {
      // not written yet
    }
    if (state === 'made') return;
    if (state !== null) throw new Error(`The browser tests' server template could not be made:\n${state}`);
    if (Date.now() > deadline) throw new Error(`The browser tests' server template was not made within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A first start on an empty DATA_DIR (a new one, or `dataDir`), stopped once it answers and its demo images have
 * their variants: the folder that `startServer` copies (global-setup.ts). The caller removes it.
 */
export async function makeServerTemplate(
  env: Record<string, string>,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-e2e-template-')),
): Promise<string> {
  assertBuilt();
  const server = await launchServer({ DATA_DIR: dataDir, ...env }, dataDir);
  await server.stop({ keepData: true });
  // What the server would make in the background after its first start, made once here rather than in every copy.
  const variants = spawnSync(process.execPath, [MAKE_VARIANTS], {
    env: { ...process.env, ...serverEnvironment({ DATA_DIR: dataDir, ...env }) },
    encoding: 'utf8',
  });
  if (variants.status !== 0)
    throw new Error(`Making the demo's image variants failed:\n${variants.stdout}${variants.stderr}`);
  return dataDir;
}

function templateFor(env: Record<string, string>): string | null {
  if (Object.keys(env).some((name) => FIRST_START_VARIABLES.test(name))) return null;
  let templates: ServerTemplates;
  try {
    templates = inject('serverTemplates');
  } catch {
    return null; // outside Vitest (bench/): a first start of its own
  }
  if (!templates) return null;
  return env.SEED_DEMO === 'true' ? templates.demo : templates.plain;
}

function serverEnvironment(env: Record<string, string>): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: 'admin@example.com',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...env,
  };
}

async function launchServer(
  env: Record<string, string>,
  dataDir: string,
): Promise<RunningServer & { stop(options?: { keepData?: boolean }): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, ...serverEnvironment({ PORT: String(port), ...env }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    origin,
    dataDir,
    admin: ADMIN,
    process: child,
    async stop(options: { keepData?: boolean } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
