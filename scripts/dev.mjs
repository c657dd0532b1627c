// `npm run dev`: the server rebuilt and restarted on every change (tsc in watch mode, node --watch on its output)
// beside Vite's dev server for the admin (hot reload at http://localhost:5173/admin/, its API calls proxied to
// the server on port 3000). Ctrl-C stops all three.
import { spawn, spawnSync } from 'node:child_process';

// The binaries are started directly (not through npx or npm) so that stopping this script stops them too.
const node = process.execPath;
const serverBuild = ['node_modules/typescript/bin/tsc', '-b', 'server/tsconfig.build.json'];
const first = spawnSync(node, serverBuild, { stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);
// The public site's frame and parent scripts, which the server reads at start (built again by a restart of this).
for (const mode of ['site-frame', 'site-parent']) {
  const vite = ['../node_modules/vite/bin/vite.js', 'build', '--config', 'vite.frame.config.ts', '--mode', mode];
  const built = spawnSync(node, vite, { cwd: 'admin', stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const children = [
  spawn(node, [...serverBuild, '--watch', '--preserveWatchOutput'], { stdio: 'inherit' }),
  spawn(node, ['--watch-path=server/dist', '--watch-path=contract/dist', 'server/dist/main.js'], {
    stdio: 'inherit',
  }),
  spawn(node, ['../node_modules/vite/bin/vite.js'], { cwd: 'admin', stdio: 'inherit' }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
