/**
 * The public site's cached documents under load with `wrk` (apt-get install -y wrk): the demo's home page (a
 * page), a tour page and the catalogue, each side by side with a bare `node:http` server and nginx (when installed:
 * apt-get install -y nginx-light) sending the same brotli bytes with the same headers, from memory or a file, in
 * seven alternating rounds of two seconds in one run, after a warm-up; each ratio is the median of the rounds'
 * ratios, since this machine's speed moves from minute to minute. Issue 15's budget: at least 0.75 of the bare server's requests per second and 0.5
 * of nginx's, at 10 and 50 connections, with p99 under 5 ms at 10. wrk uses far less CPU than a Node load
 * generator, which on two cores would take the server's time. nginx runs one worker, as the server is one process.
 * Each run also reads the serving process's CPU time per request from /proc: on a machine that others share, the
 * throughput figures move with their load, while the CPU each answer costs (and so the ratios of those costs,
 * what the throughput ratios tend to on an idle machine) moves far less.
 * Run alone after `npm run build`: `node --import tsx bench/src/site-wrk.ts [connections...]` (default 10 50).
 * With BENCH_BASELINE=/path/to/another/checkout (built), that checkout's server runs beside this one in the same
 * rounds, on its own copy of the demo, and each row gives this server's requests per second as a share of it: a
 * before-and-after figure from one run.
 * With SITE_WRK_TRANSLATED=1 (issue 30): the site in English and German, the demo's "Good to know" page translated
 * and published at /de/gut-zu-wissen, and the two pages measured side by side instead (a translated page from the
 * page cache against today's page: budget within 10%).
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

/** Issue 30: today's page and its German translation, at their addresses. */
const TRANSLATED_DOCUMENTS = [
  ['page (Good to know)', '/good-to-know'],
  ['translated page (/de/)', '/de/gut-zu-wissen'],
] as const;

/** Adds German to the site and publishes the demo's "Good to know" page in German, through the API. */
async function translateDemoPage(origin: string, token: string): Promise<void> {
  const api = async (method: string, url: string, body?: object) => {
    const res = await fetch(`${origin}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const settings = await api('GET', '/settings');
  await api('PUT', '/settings', { ...settings, updated_at: undefined, languages: ['en', 'de'] });
  const page = await api('GET', '/pages/slug/good-to-know');
  const draft = await api('POST', `/pages/${String(page.id)}/translations`, { language: 'de' });
  await api('PUT', `/pages/${String(draft.id)}`, {
    ...draft,
    title: 'Gut zu wissen',
    slug: 'gut-zu-wissen',
    status: 'published',
  });
}

export const MIN_BARE_RATIO = 0.75;
export const MIN_NGINX_RATIO = 0.5;
export const MAX_P99_MS_AT_10 = 5;
const WARM_UP_SECONDS = 3;

/** The headers that describe an answer, as the server sent them (the connection's own are the bare server's). */
const SKIPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

const BARE_SERVER = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.argv[1]);
const headers = JSON.parse(process.argv[3]);
headers['content-length'] = String(body.length);
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(Number(process.argv[2]), '127.0.0.1');
`;

interface Captured {
  body: Buffer;
  headers: Record<string, string>;
}

/** The bytes and headers the server sends for a brotli request, undecoded (fetch would decode them). */
function capture(url: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
        if (res.statusCode !== 200 || res.headers['content-encoding'] !== 'br')
          reject(new Error(`${url}: ${res.statusCode} ${res.headers['content-encoding']}`));
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (!SKIPPED_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
        const chunks: Buffer[] = [];
        res
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('end', () => resolve({ body: Buffer.concat(chunks), headers }));
      })
      .on('error', reject);
  });
}

/** The CPU time (user + system) a process has used, in microseconds, from /proc (Linux's clock ticks: 100 a second). */
function cpuMicros(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
}

interface WrkRun {
  rps: number;
  p99Ms: number;
  /** The serving process's CPU time per request: what the machine's load does not change much. */
  cpuMicrosPerRequest: number;
}

/** Requests per second, p99 and the server's CPU time per request of one wrk run against `pid`. */
function wrk(url: string, pid: number, connections: number, seconds: number): WrkRun {
  const cpuBefore = cpuMicros(pid);
  const run = spawnSync(
    'wrk',
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: br', url],
    { encoding: 'utf8' },
  );
  const cpu = cpuMicros(pid) - cpuBefore;
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  if (/Non-2xx/.test(run.stdout)) throw new Error(`${url} answered errors under load:\n${run.stdout}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(run.stdout)?.[1]);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(run.stdout);
  const p99Ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : NaN;
  return { rps, p99Ms, cpuMicrosPerRequest: cpu / requests };
}

/** nginx's `add_header` lines for a captured answer (its own Content-Type from `default_type`). */
function nginxHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .filter(([name]) => name !== 'content-type' && name !== 'etag')
    .map(([name, value]) => `      add_header ${name} '${value.replace(/'/g, "\\'")}' always;`)
    .join('\n');
}

/** One nginx worker serving each captured document at /doc<N> from a file, with the server's headers. */
async function startNginx(
  dir: string,
  docs: { file: string; captured: Captured }[],
): Promise<{ origin: string; process: ChildProcess; workerPid: number } | null> {
  if (spawnSync('nginx', ['-v']).error) return null;
  const port = await freePort();
  const locations = docs
    .map(
      ({ file, captured }, index) => `    location = /doc${index} {
      default_type '${captured.headers['content-type']}';
      etag on;
      alias ${file};
${nginxHeaders(captured.headers)}
    }`,
    )
    .join('\n');
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
${locations}
  }
}
`,
  );
  const child = spawn('nginx', ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor(`http://127.0.0.1:${port}/doc0`, child);
  // The one worker answers; the master only watches it.
  const workerPid = Number(
    fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ')[0],
  );
  return { origin: `http://127.0.0.1:${port}`, process: child, workerPid };
}

export interface SiteWrkRow {
  label: string;
  bytes: number;
  rps: number;
  p99Ms: number;
  bareRps: number;
  nginxRps: number | null;
  /** The median of each round's ratio of the server's requests per second to the bare server's, and to nginx's. */
  bareRatio: number;
  nginxRatio: number | null;
  /** The same for the BENCH_BASELINE checkout's server, when one runs. */
  baselineRps: number | null;
  baselineRatio: number | null;
  /** CPU time per request of the server, the bare server and nginx, in microseconds. */
  cpu: { served: number; bare: number; nginx: number | null; baseline: number | null };
}

export interface SiteWrkResult {
  connections: number;
  rows: SiteWrkRow[];
}

/** Measures the three documents at each number of connections; one server, bare server and nginx for all of them. */
export async function measureSiteWrk(
  connectionCounts: readonly number[] = [10, 50],
  seconds = 2,
  rounds = 7,
): Promise<SiteWrkResult[]> {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed: apt-get install -y wrk');
  const server = await startBenchServer({ name: 'site-wrk', env: { SEED_DEMO: 'true' } });
  const baselineRoot = process.env.BENCH_BASELINE;
  const baseline = baselineRoot
    ? await startBenchServer({ name: 'site-wrk-baseline', env: { SEED_DEMO: 'true' }, root: baselineRoot })
    : null;
  const children: ChildProcess[] = [];
  const translated = process.env.SITE_WRK_TRANSLATED === '1';
  try {
    if (translated) {
      await translateDemoPage(server.origin, await server.signIn());
      if (baseline) await translateDemoPage(baseline.origin, await baseline.signIn());
    }
    const targets = [];
    const docs = [];
    for (const [label, pathname] of translated ? TRANSLATED_DOCUMENTS : DOCUMENTS) {
      const captured = await capture(`${server.origin}${pathname}`);
      const file = path.join(server.dataDir, `doc${targets.length}.br`);
      fs.writeFileSync(file, captured.body);
      const port = await freePort();
      const bare = spawn(process.execPath, ['-e', BARE_SERVER, file, String(port), JSON.stringify(captured.headers)], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(bare);
      await waitFor(`http://127.0.0.1:${port}/`, bare);
      docs.push({ file, captured });
      targets.push({
        label,
        url: `${server.origin}${pathname}`,
        bare: `http://127.0.0.1:${port}/`,
        barePid: bare.pid!,
        bytes: captured.body.length,
        nginx: '',
        baseline: baseline ? `${baseline.origin}${pathname}` : '',
      });
    }
    const nginx = await startNginx(server.dataDir, docs);
    const pids = new Map<string, number>();
    for (const target of targets) {
      pids.set(target.url, server.pid);
      pids.set(target.bare, target.barePid);
      if (baseline) pids.set(target.baseline, baseline.pid);
    }
    if (nginx) {
      children.push(nginx.process);
      targets.forEach((target, index) => {
        target.nginx = `${nginx.origin}/doc${index}`;
        pids.set(target.nginx, nginx.workerPid);
      });
    }
    const results: SiteWrkResult[] = [];
    for (const connections of connectionCounts) {
      const rows: SiteWrkRow[] = [];
      for (const target of targets) {
        const contenders = [
          target.url,
          target.bare,
          ...(target.nginx ? [target.nginx] : []),
          ...(target.baseline ? [target.baseline] : []),
        ];
        // Warm-up: long enough for V8 to have optimized each server's request path before the first round.
        for (const url of contenders) wrk(url, pids.get(url)!, connections, WARM_UP_SECONDS);
        const runs = new Map<string, WrkRun[]>(contenders.map((url) => [url, []]));
        for (let round = 0; round < rounds; round++) {
          // Alternating order, so that neither side always runs on a warmer or cooler machine.
          const order = round % 2 === 0 ? contenders : [...contenders].reverse();
          for (const url of order) runs.get(url)!.push(wrk(url, pids.get(url)!, connections, seconds));
        }
        const rpsOf = (url: string) => median(runs.get(url)!.map((run) => run.rps));
        // Each round's ratio from runs seconds apart, then their median: a machine that others share changes speed
        // from minute to minute, which a ratio of two medians taken over the whole run would take for the servers'.
        const ratioOf = (url: string, other: string) =>
          median(runs.get(url)!.map((run, round) => run.rps / runs.get(other)![round]!.rps));
        const cpuOf = (url: string) => median(runs.get(url)!.map((run) => run.cpuMicrosPerRequest));
        rows.push({
          label: target.label,
          bytes: target.bytes,
          rps: rpsOf(target.url),
          p99Ms: median(runs.get(target.url)!.map((run) => run.p99Ms)),
          bareRps: rpsOf(target.bare),
          nginxRps: target.nginx ? rpsOf(target.nginx) : null,
          bareRatio: ratioOf(target.url, target.bare),
          nginxRatio: target.nginx ? ratioOf(target.url, target.nginx) : null,
          baselineRps: target.baseline ? rpsOf(target.baseline) : null,
          baselineRatio: target.baseline ? ratioOf(target.url, target.baseline) : null,
          cpu: {
            served: cpuOf(target.url),
            bare: cpuOf(target.bare),
            nginx: target.nginx ? cpuOf(target.nginx) : null,
            baseline: target.baseline ? cpuOf(target.baseline) : null,
          },
        });
      }
      results.push({ connections, rows });
    }
    return results;
  } finally {
    for (const child of children) await stopProcess(child);
    await server.stop();
    await baseline?.stop();
  }
}

export function formatSiteWrk(results: SiteWrkResult[]): string {
  return results
    .map((result) =>
      [
        `Cached public documents, wrk -t1 -c${result.connections}, brotli (medians of alternating rounds; ratios: the median of each round's):`,
        ...result.rows.map((row) => {
          const bare = row.bareRatio;
          const nginx = row.nginxRatio;
          const verdict = [
            bare >= MIN_BARE_RATIO,
            nginx === null || nginx >= MIN_NGINX_RATIO,
            result.connections !== 10 || row.p99Ms < MAX_P99_MS_AT_10,
          ].every(Boolean);
          return (
            `  ${row.label} (${(row.bytes / 1024).toFixed(1)} KB): ${Math.round(row.rps)} req/s, p99 ${row.p99Ms.toFixed(2)} ms; ` +
            `bare node:http ${Math.round(row.bareRps)} req/s (${bare.toFixed(2)} of it); ` +
            (row.nginxRps
              ? `nginx ${Math.round(row.nginxRps)} req/s (${nginx!.toFixed(2)} of it)`
              : 'nginx not installed') +
            (row.baselineRps !== null
              ? `; baseline ${Math.round(row.baselineRps)} req/s (${row.baselineRatio!.toFixed(2)} of it)`
              : '') +
            (verdict ? '' : '  BELOW BUDGET') +
            `\n    CPU per request: ${row.cpu.served.toFixed(1)} µs; bare ${row.cpu.bare.toFixed(1)} µs (${(row.cpu.bare / row.cpu.served).toFixed(2)} of the server's throughput per core)` +
            (row.cpu.nginx !== null
              ? `; nginx ${row.cpu.nginx.toFixed(1)} µs (${(row.cpu.nginx / row.cpu.served).toFixed(2)})`
              : '') +
            (row.cpu.baseline !== null
              ? `; baseline ${row.cpu.baseline.toFixed(1)} µs (${(row.cpu.baseline / row.cpu.served).toFixed(2)})`
              : '')
          );
        }),
      ].join('\n'),
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  console.log(formatSiteWrk(await measureSiteWrk(counts.length ? counts : [10, 50])));
}
