// What the README's `npm start` does after its build, checked: the built server starts on an empty DATA_DIR (first
// admin, demo site), answers /healthz, the home page and the admin, and on SIGTERM stops cleanly (exit code 0).
// Run from the repository's root after `npm run build`; DATA_DIR is a fresh folder of the caller's.
import { spawn } from 'node:child_process';
import net from 'node:net';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('start-check: set DATA_DIR to an empty folder');

const port = await new Promise((resolve, reject) => {
  const probe = net.createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
// A newcomer's start: SQLite in DATA_DIR, the admin's password generated and printed, the demo site seeded.
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
};
for (const name of ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'ADMIN_EMAIL', 'SEED_DEMO']) delete env[name];
const server = spawn(process.execPath, ['server/dist/main.js'], {
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));

function fail(message) {
  if (server.exitCode === null) server.kill('SIGKILL');
  process.stderr.write(`start-check: ${message}\n--- server output ---\n${output}\n`);
  process.exit(1);
}

const deadline = Date.now() + 120_000;
for (;;) {
  if (server.exitCode !== null) fail(`the server exited early (${server.exitCode})`);
  if (
    await fetch(`${origin}/healthz`).then(
      (res) => res.ok,
      () => false,
    )
  )
    break;
  if (Date.now() > deadline) fail('the server did not answer /healthz within 120 s');
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const home = await fetch(`${origin}/`);
const homeText = await home.text();
if (home.status !== 200 || !homeText.includes('<iframe')) fail(`the home page answered ${home.status}`);
const admin = await fetch(`${origin}/admin/`);
if (admin.status !== 200 || !(await admin.text()).includes('<div id="root"'))
  fail(`the admin answered ${admin.status}`);
if (!output.includes('First start: created the admin account.')) fail('the first start printed no admin account');

server.kill('SIGTERM');
const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000))]);
if (code !== 0) fail(`after SIGTERM the server ended with ${code}, not 0`);
process.stdout.write(
  `start-check: Node ${process.versions.node}: the server started, answered /healthz, / and /admin/, and stopped cleanly on SIGTERM\n`,
);
