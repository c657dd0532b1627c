/**
 * Lighthouse (issue 15) against the demo site, as a visitor's phone would see it: Lighthouse 12's default mobile
 * settings (a mid-range phone's screen, 4x CPU slowdown and a slow 4G connection, simulated) driving the system
 * Chromium, on the demo's home page, the catalogue (/tours) and a tour page. Prints the four category scores,
 * LCP, TBT, CLS, the bytes transferred and the bytes before images. Targets: performance at least 98,
 * accessibility, best practices and SEO 100, TBT under 50 ms, the home page under 100 KB before images.
 * Lighthouse 12, not 13: 13 needs Node 22.19. Run alone after `npm run build`:
 * `node --import tsx bench/src/lighthouse.ts` (CHROMIUM_PATH overrides /usr/bin/chromium; LIGHTHOUSE_REPORTS=dir keeps
 * each page's whole report there as JSON).
 */
import fs from 'node:fs';
import path from 'node:path';
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
    // The demo's images get their variants in the background after the first start: measure the site as it is
    // once they are made, as every visitor after the first minutes sees it.
    const deadline = Date.now() + 120_000;
    const text = async (pathname: string) => (await fetch(`${server.origin}${pathname}`)).text();
    const allPictures = async () => {
      const catalogue = await text('/tours');
      const cards = catalogue.split('<article class="card">').length - 1;
      return catalogue.split('<picture>').length - 1 === cards && (await text('/')).includes('<picture>');
    };
    while (!(await allPictures())) {
      if (Date.now() > deadline) throw new Error('The demo images had no variants after two minutes');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
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

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatLighthouse(await measureLighthouse()));
}
