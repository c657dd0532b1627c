/**
 * The public site's cached documents under load with `wrk` (apt-get install -y wrk): the demo's home page (a
 * page), a tour page and the catalogue, each against a bare `node:http` server sending the same brotli bytes, in
 * alternating rounds of one run (issue 11: a tour page and the catalogue served from the cache reach a page's
 * throughput within 10%). wrk uses far less CPU than a Node load generator, which on two cores would take the
 * server's time. Run alone after `npm run build`: `node --import tsx bench/src/site-wrk.ts`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { median } from './lib/load.js';
import { freePort, startBenchServer, stopProcess, waitFor } from './lib/server.js';

const DOCUMENTS = [
  ['page (demo home)', '/'],
  ['tour page', '/tours/sunset-sailing-on-the-bay'],
  ['catalogue', '/tours'],
] as const;

const BARE_SERVER = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.argv[1]);
const headers = { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': String(body.length) };
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(Number(process.argv[2]), '127.0.0.1');
`;

/** The bytes the server sends for a brotli request, undecoded (fetch would decode them). */
function rawBody(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
        if (res.statusCode !== 200 || res.headers['content-encoding'] !== 'br') reject(new Error(`${url}: ${res.statusCode} ${res.headers['content-encoding']}`));
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

/** Requests per second and p99 of one wrk run. */
function wrk(url: string, connections: number, seconds: number): { rps: number; p99Ms: number } {
  const run = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: br', url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1]);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(run.stdout);
  const p99Ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : NaN;
  return { rps, p99Ms };
}

export interface SiteWrkResult {
  connections: number;
  rows: { label: string; bytes: number; rps: number; p99Ms: number; bareRps: number; ratio: number }[];
}

export async function measureSiteWrk(connections = 10, seconds = 5, rounds = 3): Promise<SiteWrkResult> {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed: apt-get install -y wrk');
  const server = await startBenchServer({ name: 'site-wrk', env: { SEED_DEMO: 'true' } });
  const bares: ChildProcess[] = [];
  try {
    const rows = [];
    const targets = [];
    for (const [label, pathname] of DOCUMENTS) {
      const raw = await rawBody(`${server.origin}${pathname}`);
      const file = path.join(server.dataDir, `${targets.length}.br`);
      fs.writeFileSync(file, raw);
      const port = await freePort();
      const bare = spawn(process.execPath, ['-e', BARE_SERVER, file, String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
      bares.push(bare);
      await waitFor(`http://127.0.0.1:${port}/`, bare);
      targets.push({ label, url: `${server.origin}${pathname}`, bare: `http://127.0.0.1:${port}/`, bytes: raw.length });
    }
    for (const target of targets) {
      wrk(target.url, connections, 1); // warm-up
      wrk(target.bare, connections, 1);
      const served: { rps: number; p99Ms: number }[] = [];
      const bare: number[] = [];
      for (let round = 0; round < rounds; round++) {
        if (round % 2 === 0) {
          served.push(wrk(target.url, connections, seconds));
          bare.push(wrk(target.bare, connections, seconds).rps);
        } else {
          bare.push(wrk(target.bare, connections, seconds).rps);
          served.push(wrk(target.url, connections, seconds));
        }
      }
      const rps = median(served.map((s) => s.rps));
      const bareRps = median(bare);
      rows.push({ label: target.label, bytes: target.bytes, rps, p99Ms: median(served.map((s) => s.p99Ms)), bareRps, ratio: rps / bareRps });
    }
    return { connections, rows };
  } finally {
    for (const bare of bares) await stopProcess(bare);
    await server.stop();
  }
}

export function formatSiteWrk(result: SiteWrkResult): string {
  const page = result.rows[0]!.rps;
  return [
    `Cached public documents, wrk -t1 -c${result.connections}, brotli:`,
    ...result.rows.map(
      (row) =>
        `  ${row.label} (${(row.bytes / 1024).toFixed(1)} KB): ${Math.round(row.rps)} req/s, p99 ${row.p99Ms.toFixed(2)} ms; ` +
        `bare node:http ${Math.round(row.bareRps)} req/s (${row.ratio.toFixed(2)} of it); ${((row.rps / page) * 100).toFixed(0)}% of the page's`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatSiteWrk(await measureSiteWrk()));
}
