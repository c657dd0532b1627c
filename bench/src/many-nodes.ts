/**
 * Issue 14's figures: the public page and GET /posts/ through two nodes on one PostgreSQL database against one node,
 * and a 1 GiB upload into the object store (server RSS growth, budget 100 MiB, as with local files).
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test: a schema of its own is
 * made and dropped) and wrk. The object store is s3rver (the tests' S3-protocol server) in a process of its own.
 * One node gets `wrk -c10`; two nodes get `wrk -c5` each, at the same time, and their rates are added. On a
 * two-core machine the nodes, PostgreSQL and wrk share the same cores, so two nodes cannot double one: the figure
 * says what a second node costs or gains here, not on a real cluster. Run alone after `npm run build`:
 * `node --import tsx bench/src/many-nodes.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { streamUpload } from './media-upload.js';
import { freePort, readMemory, startBenchServer, stopProcess, waitFor, type BenchServer } from './lib/server.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const S3RVER = fileURLToPath(new URL('../../node_modules/s3rver/bin/s3rver.js', import.meta.url));
const MiB = 1024 * 1024;

interface WrkRun {
  rps: number;
  p99Ms: number;
}

function wrk(url: string, connections: number, seconds: number, headers: string[] = []): Promise<WrkRun> {
  return new Promise((resolve, reject) => {
    const args = [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      '-H',
      'Accept-Encoding: br',
      ...headers.flatMap((h) => ['-H', h]),
      url,
    ];
    const child = spawn('wrk', args);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk failed (${code})`));
      const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
      resolve({
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
        p99Ms: p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : NaN,
      });
    });
  });
}

async function startS3rver(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-bench-s3-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [S3RVER, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', 'bench-media'],
    { stdio: 'ignore' },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  await waitFor(`${endpoint}/`, child).catch(async () => {
    // s3rver answers its root with a bucket list: any answer will do.
    for (let i = 0; i < 50; i++) {
      if (
        await fetch(`${endpoint}/`).then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('s3rver did not start');
  });
  return {
    endpoint,
    async stop() {
      await stopProcess(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const s3Env = (endpoint: string) => ({
  STORAGE: 's3',
  S3_BUCKET: 'bench-media',
  S3_ENDPOINT: endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

export interface ManyNodesResult {
  page: { one: WrkRun; two: WrkRun };
  posts: { one: WrkRun; two: WrkRun };
  upload: { bytes: number; seconds: number; throughputMiBps: number; rssGrowthBytes: number };
}

async function sideBySide(
  one: BenchServer,
  two: BenchServer,
  pathname: string,
  headers: string[],
  seconds: number,
): Promise<{ one: WrkRun; two: WrkRun }> {
  await wrk(`${one.origin}${pathname}`, 10, 1, headers); // warm-up
  await Promise.all([wrk(`${one.origin}${pathname}`, 5, 1, headers), wrk(`${two.origin}${pathname}`, 5, 1, headers)]);
  const single = await wrk(`${one.origin}${pathname}`, 10, seconds, headers);
  const [a, b] = await Promise.all([
    wrk(`${one.origin}${pathname}`, 5, seconds, headers),
    wrk(`${two.origin}${pathname}`, 5, seconds, headers),
  ]);
  return { one: single, two: { rps: a.rps + b.rps, p99Ms: Math.max(a.p99Ms, b.p99Ms) } };
}

export async function measureManyNodes(seconds = 8, uploadBytes = 1024 * MiB): Promise<ManyNodesResult> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const s3 = await startS3rver();
  // Both nodes share one SECRETS_KEY, as PostgreSQL requires.
  const shared = {
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ...s3Env(s3.endpoint),
    MAX_UPLOAD_MB: String(Math.ceil(uploadBytes / MiB) + 1),
  };
  const servers: BenchServer[] = [];
  try {
    servers.push(await startBenchServer({ name: 'node-a', env: { ...shared, SEED_DEMO: 'true' } }));
    servers.push(await startBenchServer({ name: 'node-b', env: shared }));
    const [a, b] = servers as [BenchServer, BenchServer];
    const token = await a.signIn();
    // 1,000 tours, so that the list is a real list.
    for (let i = 0; i < 1000; i += 1) {
      const res = await fetch(`${a.origin}/api/posts/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Bench tour ${i}`,
          slug: `bench-tour-${i}`,
          status: 'published',
          content: '<p>'.concat('A day on the water. '.repeat(20), '</p>'),
        }),
      });
      if (res.status !== 201) throw new Error(`Could not create a tour: ${res.status}`);
    }
    const page = await sideBySide(a, b, '/', [], seconds);
    const posts = await sideBySide(a, b, '/api/posts/', [`Authorization: Bearer ${token}`], seconds);

    const warmUp = await streamUpload(a.origin, token, 8 * MiB, 'warm-up.mp4');
    if (warmUp.status !== 201) throw new Error(`Warm-up upload failed: ${warmUp.status} ${warmUp.body}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = readMemory(a.pid);
    let peak = before.rss;
    const sampler = setInterval(() => (peak = Math.max(peak, readMemory(a.pid).rss)), 20);
    const upload = await streamUpload(a.origin, token, uploadBytes, 'one-gigabyte.mp4').finally(() =>
      clearInterval(sampler),
    );
    const after = readMemory(a.pid);
    if (after.hwm > before.hwm) peak = Math.max(peak, after.hwm);
    if (upload.status !== 201) throw new Error(`Upload failed: ${upload.status} ${upload.body}`);
    const item = JSON.parse(upload.body) as { file_path: string };
    const head = await fetch(`${b.origin}/${item.file_path}`, { method: 'HEAD' });
    if (Number(head.headers.get('content-length')) !== uploadBytes) throw new Error('The bucket holds the wrong size');
    return {
      page,
      posts,
      upload: {
        bytes: uploadBytes,
        seconds: upload.seconds,
        throughputMiBps: uploadBytes / MiB / upload.seconds,
        rssGrowthBytes: peak - before.rss,
      },
    };
  } finally {
    for (const server of servers) await server.stop();
    await s3.stop();
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.end());
  }
}

export function formatManyNodes(r: ManyNodesResult): string {
  const row = (label: string, x: { one: WrkRun; two: WrkRun }) =>
    `${label}: one node ${x.one.rps.toFixed(0)} req/s (p99 ${x.one.p99Ms.toFixed(1)} ms); two nodes ${x.two.rps.toFixed(0)} req/s (p99 ${x.two.p99Ms.toFixed(1)} ms), ${(x.two.rps / x.one.rps).toFixed(2)}×`;
  return [
    row('public page (demo home, cached, brotli)', r.page),
    row('GET /api/posts/ (1,000 tours, brotli)', r.posts),
    `${(r.upload.bytes / MiB).toFixed(0)} MiB upload into the object store: ${r.upload.seconds.toFixed(1)} s, ${r.upload.throughputMiBps.toFixed(0)} MiB/s, server RSS growth ${(r.upload.rssGrowthBytes / MiB).toFixed(1)} MiB (budget 100)`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatManyNodes(await measureManyNodes()));
}
