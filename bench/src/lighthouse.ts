/**
 * Lighthouse (issue 15) against the demo site, as a visitor's phone would see it: Lighthouse 12's default mobile
 * settings (a mid-range phone's screen, 4x CPU slowdown and a slow 4G connection, simulated) driving the system
 * Chromium, on the demo's home page, the catalogue (/tours) and a tour page. Prints the four category scores,
 * LCP, TBT, CLS, the bytes transferred and the bytes before images. Targets: performance at least 98,
 * accessibility, best practices and SEO 100, TBT under 50 ms, the home page under 100 KB before images.
 * Each page is measured RUNS times (5; LIGHTHOUSE_RUNS overrides) as served, and in the same run, alternating, as
 * a plain document of the same content without its sandboxed frames (issue 26): a small proxy in front of the
 * server answers `/plain/<path>` with the page's frames' documents inlined (the home page's srcdoc document served
 * top-level; a shell page's header, content and footer frames' bodies and styles put in place of the frames) and
 * passes everything else through; medians of performance, TBT and CLS, framed and plain, are printed.
 * Lighthouse 12, not 13: 13 needs Node 22.19. Run alone after `npm run build`:
 * `node --import tsx bench/src/lighthouse.ts` (CHROMIUM_PATH overrides /usr/bin/chromium; LIGHTHOUSE_REPORTS=dir keeps
 * each page's whole report there as JSON).
 */
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchServer } from './lib/server.js';

const PAGES = [
  ['home page', '/'],
  ['catalogue', '/tours'],
  ['tour page', '/tours/sunset-sailing-on-the-bay'],
] as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const TARGETS = { performance: 98, others: 100, tbtMs: 50, homeBytesBeforeImages: 100 * 1024 };

export interface LighthouseRow {
  label: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  bytesBeforeImages: number;
  /** Audits of the four categories that did not pass, for a row below its target. */
  failing: string[];
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

/**
 * The demo's images get their variants in the background after the first start: measure the site as it is once
 * they are made, as every visitor after the first minutes sees it.
 */
async function waitForVariants(origin: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  const text = async (pathname: string) => (await fetch(`${origin}${pathname}`)).text();
  const allPictures = async () => {
    const catalogue = await text('/tours');
    const cards = catalogue.split('<article class="card">').length - 1;
    return catalogue.split('<picture>').length - 1 === cards && (await text('/')).includes('<picture>');
  };
  while (!(await allPictures())) {
    if (Date.now() > deadline) throw new Error('The demo images had no variants after two minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function measureLighthouse(): Promise<LighthouseRow[]> {
  const server = await startBenchServer({ name: 'lighthouse', env: { SEED_DEMO: 'true' } });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    await waitForVariants(server.origin);
    const rows: LighthouseRow[] = [];
    for (const [label, pathname] of PAGES) {
      const url = `${server.origin}${pathname}`;
      // One visit first, so the server's caches are warm, as they are for every visitor but the first.
      await fetch(url);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      const reports = process.env.LIGHTHOUSE_REPORTS;
      if (reports) {
        fs.mkdirSync(reports, { recursive: true });
        fs.writeFileSync(path.join(reports, `${label.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr, null, 1));
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]!;
      const requests = ((audit('network-requests').details as { items?: NetworkRequest[] } | undefined)?.items ??
        []) as NetworkRequest[];
      const bytesBeforeImages = requests
        .filter((request) => request.resourceType !== 'Image')
        .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
      const failing = CATEGORIES.flatMap((id) =>
        lhr.categories[id]!.auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9).map(
          (ref) => `${id}: ${ref.id}`,
        ),
      );
      rows.push({
        label,
        scores: Object.fromEntries(
          CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]!.score ?? 0) * 100)]),
        ) as LighthouseRow['scores'],
        lcpMs: audit('largest-contentful-paint').numericValue ?? NaN,
        tbtMs: audit('total-blocking-time').numericValue ?? NaN,
        cls: audit('cumulative-layout-shift').numericValue ?? NaN,
        bytes: audit('total-byte-weight').numericValue ?? NaN,
        bytesBeforeImages,
        failing,
      });
    }
    return rows;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

export function formatLighthouse(rows: LighthouseRow[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    'Lighthouse 12, mobile (simulated slow 4G, 4x CPU slowdown), system Chromium:',
    ...rows.map((row) => {
      const s = row.scores;
      const line =
        `  ${row.label}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s['best-practices']}, SEO ${s.seo}; ` +
        `LCP ${Math.round(row.lcpMs)} ms, TBT ${Math.round(row.tbtMs)} ms, CLS ${row.cls.toFixed(3)}; ${kb(row.bytes)} transferred, ${kb(row.bytesBeforeImages)} before images`;
      return row.failing.length ? `${line}\n    not passing: ${row.failing.join(', ')}` : line;
    }),
  ].join('\n');
}

/** The HTML of a srcdoc attribute, unescaped (the server escapes `&` and `"` only). */
function unescapeSrcdoc(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/**
 * The same content as a plain document: a page's srcdoc document served top-level, or a shell document with each
 * frame of staff HTML replaced by its document's styles and body (the shell's policy is not sent: it would refuse
 * the inlined styles).
 */
async function plainDocument(origin: string, pathname: string): Promise<string> {
  const page = await (await fetch(`${origin}${pathname}`)).text();
  const srcdoc = /<iframe id="site-frame"[^>]*srcdoc="([^"]*)"/.exec(page);
  if (srcdoc) return unescapeSrcdoc(srcdoc[1]!);
  let plain = page;
  for (const [tag, src] of page.matchAll(/<iframe[^>]*src="([^"]+)"[^>]*data-autosize[^>]*><\/iframe>/g)) {
    const frame = await (await fetch(`${origin}${src!.replace(/&amp;/g, '&')}`)).text();
    const head = /<head>([\s\S]*?)<\/head>/.exec(frame)?.[1] ?? '';
    const styles = [...head.matchAll(/<style[\s\S]*?<\/style>|<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    const body = /<body>([\s\S]*?)<script>[\s\S]*<\/body>/.exec(frame)?.[1] ?? '';
    plain = plain.replace(tag, `${styles.join('\n')}\n${body}`);
  }
  return plain;
}

/** A proxy to the server that answers `/plain/<path>` with the plain document of `<path>`. */
async function startPlainProxy(origin: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/plain/')) {
      plainDocument(origin, url.slice('/plain'.length)).then(
        (body) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body),
        (error: Error) => res.writeHead(502).end(error.message),
      );
      return;
    }
    const upstream = http.request(`${origin}${url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface FrameCostSide {
  performance: number[];
  tbtMs: number[];
  cls: number[];
  /** Main-thread time by kind of work (Lighthouse's breakdown of its Chromium trace: "Style & Layout"...), per run. */
  work: Record<string, number>[];
  /** Each run's long tasks (over 50 ms): where they start, how long, and the script or frame they are charged to. */
  longTasks: { startMs: number; durationMs: number; url: string }[][];
}

export interface FrameCostRow {
  label: string;
  framed: FrameCostSide;
  plain: FrameCostSide;
}

interface WorkItem {
  group?: string;
  groupLabel?: string;
  duration?: number;
}

interface LongTaskItem {
  url?: string;
  startTime?: number;
  duration?: number;
}

/** Lighthouse (mobile, performance only) RUNS times on each page as served and as a plain document, alternating. */
export async function measureFrameCost(runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5)): Promise<FrameCostRow[]> {
  const server = await startBenchServer({ name: 'lighthouse-frames', env: { SEED_DEMO: 'true' } });
  const proxy = await startPlainProxy(server.origin);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const measure = async (url: string) => {
    let result: Awaited<ReturnType<typeof lighthouse>>;
    // Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART): that run is made again.
    for (let attempt = 1; ; attempt += 1) {
      result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (result?.lhr.runtimeError?.code !== 'NO_NAVSTART' || attempt === 3) break;
    }
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError)
      throw new Error(`Lighthouse: ${lhr?.runtimeError?.message ?? 'no result'} for ${url}`);
    const items = <T>(audit: string) =>
      ((lhr.audits[audit]?.details as { items?: T[] } | undefined)?.items ?? []) as T[];
    const work: Record<string, number> = {};
    for (const item of items<WorkItem>('mainthread-work-breakdown'))
      work[item.groupLabel ?? item.group ?? '?'] = item.duration ?? 0;
    return {
      performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      tbtMs: lhr.audits['total-blocking-time']!.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? NaN,
      work,
      longTasks: items<LongTaskItem>('long-tasks').map((task) => ({
        startMs: Math.round(task.startTime ?? 0),
        durationMs: Math.round(task.duration ?? 0),
        url: task.url ?? '',
      })),
    };
  };
  const empty = (): FrameCostSide => ({ performance: [], tbtMs: [], cls: [], work: [], longTasks: [] });
  try {
    await waitForVariants(server.origin);
    const rows: FrameCostRow[] = [];
    for (const [label, pathname] of PAGES) {
      const row: FrameCostRow = { label, framed: empty(), plain: empty() };
      // One visit at Lighthouse's phone width first: the server learns the frames' heights there, as it has
      // from every visitor but the first at a width (docs/design/public-site.md).
      await measure(`${server.origin}${pathname}`);
      for (let run = 0; run < runs; run += 1) {
        for (const [variant, url] of [
          ['framed', `${server.origin}${pathname}`],
          ['plain', `${proxy.origin}/plain${pathname}`],
        ] as const) {
          const figures = await measure(url);
          row[variant].performance.push(figures.performance);
          row[variant].tbtMs.push(figures.tbtMs);
          row[variant].cls.push(figures.cls);
          row[variant].work.push(figures.work);
          row[variant].longTasks.push(figures.longTasks);
        }
      }
      rows.push(row);
    }
    return rows;
  } finally {
    chrome.kill();
    await proxy.close();
    await server.stop();
  }
}

export function formatFrameCost(rows: FrameCostRow[]): string {
  const side = (figures: FrameCostSide) =>
    `performance ${median(figures.performance)} (${figures.performance.join(', ')}), TBT ${Math.round(median(figures.tbtMs))} ms (${figures.tbtMs.map(Math.round).join(', ')}), CLS ${median(figures.cls).toFixed(3)}`;
  // The main thread's work by kind, medians over the runs (ms, Lighthouse's simulated 4x slower phone).
  const work = (figures: FrameCostSide) => {
    const kinds = [...new Set(figures.work.flatMap((run) => Object.keys(run)))];
    return kinds
      .map((kind) => [kind, median(figures.work.map((run) => run[kind] ?? 0))] as const)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${Math.round(ms)}`)
      .join(', ');
  };
  const longTasks = (figures: FrameCostSide) =>
    figures.longTasks
      .map(
        (run) =>
          run.map((task) => `${task.durationMs} ms at ${task.startMs} (${shortUrl(task.url)})`).join('; ') || 'none',
      )
      .join(' | ');
  return [
    'Lighthouse 12, mobile, performance only; medians (each run in brackets), framed as served against the same content plain:',
    ...rows.flatMap((row) => [
      `  ${row.label}, framed: ${side(row.framed)}`,
      `  ${row.label}, plain:  ${side(row.plain)}`,
    ]),
    '',
    "Where the main thread's time goes (Lighthouse's breakdown of its Chromium trace, ms, medians), and each run's long tasks:",
    ...rows.flatMap((row) => [
      `  ${row.label}, framed: ${work(row.framed)}`,
      `    long tasks: ${longTasks(row.framed)}`,
      `  ${row.label}, plain:  ${work(row.plain)}`,
      `    long tasks: ${longTasks(row.plain)}`,
    ]),
  ].join('\n');
}

/** A task's URL as a reader wants it: the path, or what kind of document it was. */
function shortUrl(url: string): string {
  if (!url) return 'unattributed';
  if (url.startsWith('about:srcdoc')) return 'srcdoc frame';
  try {
    return new URL(url).pathname;
  } catch {
    return url.slice(0, 40);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === 'frames') console.log(formatFrameCost(await measureFrameCost()));
  else console.log(formatLighthouse(await measureLighthouse()));
}
