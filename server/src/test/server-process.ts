import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.js';
import { TEST_SECRETS_KEY } from './test-app.js';
import { BUILT_MAIN } from './server-build.js';

/** The first admin every server process of the tests starts with. */
export const PROCESS_ADMIN = { username: 'owner', password: 'two-nodes-password' };

/** A server started as a process of its own (server/dist/main.js, built by the run's setup), as a deployment runs it. */
export interface ServerProcess {
  origin: string;
  port: number;
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** Starts the built server with the environment given (on top of this process's, with a free port and the first admin). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_USERNAME: PROCESS_ADMIN.username,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
      SECRETS_KEY: TEST_SECRETS_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { origin: `http://127.0.0.1:${port}`, port, process: child, output: () => output, exited };
}

/** Waits until the process answers /readyz with 200; throws with its output when it exits or takes too long. */
export async function untilReady(node: ServerProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (node.process.exitCode !== null) throw new Error(`The node exited early:\n${node.output()}`);
    const ready = await fetch(`${node.origin}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The node did not become ready:\n${node.output()}`);
}

/** Signs the first admin in on the process and answers the bearer token. */
export async function signInToProcess(node: ServerProcess): Promise<string> {
  const res = await fetch(`${node.origin}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams(PROCESS_ADMIN),
  });
  if (!res.ok) throw new Error(`Sign-in failed (${res.status}): ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
