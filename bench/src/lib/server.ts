/**
 * The built server as a child process for a benchmark: a free port, a fresh DATA_DIR on SQLite, a known admin.
 * Unlike the e2e harness's startServer, its output is not piped into this process (whose event loop drives the
 * load), and the data directory can be seeded before the server opens it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = fileURLToPath(new URL('../../../server/dist/main.js', import.meta.url));
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-password-1' };

export interface BenchServer {
  origin: string;
  dataDir: string;
  /** The server process's id, for its memory in /proc. */
  pid: number;
  /** A bearer token for the admin. */
  signIn(): Promise<string>;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment of a benchmark's server: this process's, a port on loopback, DATA_DIR on SQLite, the admin. */
export function benchServerEnvironment(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
}

/** Polls `url` every `intervalMs` until it answers 2xx; fails if `child` exits first or 30 s pass. */
export async function waitFor(url: string, child: ChildProcess, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The process behind ${url} exited before it answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer within 30 s`);
}

/** SIGTERM, then SIGKILL if the process has not exited within 5 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** VmRSS and VmHWM (the kernel's own peak) of a process, in bytes. */
export function readMemory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/**
 * Starts the built server on a fresh data directory named after `name`. `seed` runs on that directory before the
 * server starts; `env` adds to or overrides the environment (LOG_LEVEL is 'warn' unless given). `root`: another
 * checkout whose built server runs instead of this one's (an earlier commit, to compare in one run).
 */
export async function startBenchServer({
  name,
  env = {},
  seed,
  root,
}: {
  name: string;
  env?: Record<string, string>;
  seed?: (dataDir: string) => Promise<void>;
  root?: string;
}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tours-cms-bench-${name}-`));
  let child: ChildProcess | null = null;
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    if (seed) await seed(dataDir);
    child = spawn(process.execPath, [root ? path.resolve(root, 'server/dist/main.js') : SERVER_ENTRY], {
      env: benchServerEnvironment(port, dataDir, env),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`${origin}/healthz`, child);
    const server = child;
    return {
      origin,
      dataDir,
      pid: server.pid!,
      async signIn() {
        const response = await fetch(`${origin}/api/auth/token`, {
          method: 'POST',
          body: new URLSearchParams(BENCH_ADMIN),
        });
        if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { access_token: string }).access_token;
      },
      async stop() {
        await stopProcess(server);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (child) await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
