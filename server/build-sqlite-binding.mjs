// npm install's last step (the root package's postinstall): compiles better-sqlite3 12, and only on Node 20.
//
// Two versions of better-sqlite3 are installed, each for the Node line it works on (server/src/db/connect.ts):
// 13 ships prebuilt Node-API binaries in its package, but they need Node-API 10 (Node 22.14 and later: on Node 20
// the process crashes as it loads them); 12 works on Node 20 but aborts on Node 24 (its ObjectWrap destructor), and
// its own install script fetches a prebuilt binary from GitHub, which this machine cannot reach, then compiles
// SQLite from source (about a minute of CPU). So the root package.json denies both their install scripts
// (allowScripts), and this compiles 12 where it is loaded: on Node 20, once.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const major = Number(process.versions.node.split('.')[0]);
if (major >= 22) process.exit(0);

const packageDir = path.dirname(
  createRequire(new URL('./package.json', import.meta.url)).resolve('better-sqlite3/package.json'),
);
if (fs.existsSync(path.join(packageDir, 'build', 'Release', 'better_sqlite3.node'))) process.exit(0);

// npm names its own node-gyp to the scripts it runs; the node headers come from npm's config (nodedir) as usual.
const nodeGyp = process.env.npm_config_node_gyp;
if (!nodeGyp) {
  process.stderr.write('build-sqlite-binding: run through npm install (npm_config_node_gyp is not set)\n');
  process.exit(1);
}
process.stdout.write(
  `Compiling better-sqlite3 ${readVersion(packageDir)} for Node ${process.versions.node} (about a minute)...\n`,
);
// Both cores: SQLite and the binding compile side by side. The compiler's log is shown only if it fails.
const build = spawnSync(process.execPath, [nodeGyp, 'rebuild', '--release', '--jobs=max'], {
  cwd: packageDir,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (build.status !== 0) {
  process.stderr.write(
    `${build.stdout ?? ''}${build.stderr ?? ''}${build.error ? String(build.error) : ''}\nbuild-sqlite-binding: compiling better-sqlite3 failed\n`,
  );
  process.exit(build.status ?? 1);
}

function readVersion(dir) {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}
