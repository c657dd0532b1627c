/**
 * No scan of staff content is super-linear (issue 27, item 2): each scanner read on the worst 2 MB input for its
 * patterns, against a 2 MB page of ordinary markup (budget: under 100 ms each). Before the fix, 60 KB of
 * unclosed quotes in a script held a render for seconds. Run alone after `npm run build`:
 * `node --import tsx bench/src/content-scanners.ts`.
 */
import { performance } from 'node:perf_hooks';
import { durationMinutes, parseBookingEmbed, uploadPathsIn } from '../../contract/dist/index.js';
import { classNamesOf } from '../../server/dist/public-site/styles/class-names.js';
import { htmlToText } from '../../server/dist/public-site/documents/page-text.js';
import { median } from './lib/load.js';

const MB2 = 2 * 1024 * 1024;

/** Each scanner with its worst input: the one that made its pattern restart or split a run every way. */
export const SCANNERS: [string, () => unknown][] = [
  ['class names: unclosed quotes in a script', () => classNamesOf(`<script>${"'\\".repeat(MB2 / 2)}</script>`)],
  ['class names: ordinary markup', () => classNamesOf('<p class="mt-4 text-lg md:flex">Sail on.</p>'.repeat(MB2 / 44))],
  ['media paths: a path ending in dots', () => uploadPathsIn(`uploads/a${'.'.repeat(MB2)}b`)],
  ['duration: digits', () => durationMinutes('1'.repeat(MB2))],
  ['duration: spaces', () => durationMinutes(`1${' '.repeat(MB2)}!`)],
  [
    'booking embed: spaces between attributes',
    () => parseBookingEmbed(`<iframe src="https://a.example/x"${' '.repeat(MB2)}title="t"></iframe>`),
  ],
  ['page text: unclosed tags', () => htmlToText('<a'.repeat(MB2 / 2))],
];

export async function measureContentScanners(): Promise<{ name: string; ms: number }[]> {
  return SCANNERS.map(([name, scan]) => {
    scan();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      scan();
      times.push(performance.now() - started);
    }
    return { name, ms: median(times) };
  });
}

export function formatContentScanners(figures: { name: string; ms: number }[]): string {
  return figures.map(({ name, ms }) => `2 MB, ${name}: median ${ms.toFixed(1)} ms (budget 100 ms)`).join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(formatContentScanners(await measureContentScanners()));
