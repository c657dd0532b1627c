/**
 * What compiling in the worker thread costs a publish (issue 27, item 1; budget: under 5 ms for a page without
 * style blocks). A publish that changes the site's classes rebuilds its stylesheet: here the same build of a
 * typical site's classes compiled in this thread and in the worker, alternately, after a warm-up; the difference
 * of the medians is what the worker adds (posting the classes, receiving the CSS). A publish that keeps the classes
 * compiles nothing, in either case. Run alone after `npm run build`: `node --import tsx bench/src/style-worker.ts`.
 */
import { performance } from 'node:perf_hooks';
import { compileTailwind } from '../../server/dist/public-site/styles/tailwind-compile.js';
import { styleCompiler } from '../../server/dist/public-site/styles/style-compiler.js';
import { median } from './lib/load.js';

const ROUNDS = 15;

/** About 400 classes: the demo site's order of magnitude, with the one class a publish adds. */
function siteClasses(round: number): string[] {
  const classes = [`w-[${round}px]`];
  for (const utility of ['p', 'm', 'px', 'py', 'mt', 'mb', 'gap', 'rounded', 'text', 'bg'])
    for (let n = 0; n < 40; n++)
      classes.push(
        utility === 'bg' || utility === 'text' ? `${utility}-sky-${(n % 9) * 100 + 100}` : `${utility}-${n}`,
      );
  return classes;
}

export async function measureStyleWorker(): Promise<{ inThreadMs: number; workerMs: number }> {
  for (let i = 0; i < 3; i++) {
    await compileTailwind(siteClasses(-i));
    await styleCompiler.compile(siteClasses(-i));
  }
  const inThread: number[] = [];
  const worker: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    await compileTailwind(siteClasses(round));
    inThread.push(performance.now() - started);
    started = performance.now();
    await styleCompiler.compile(siteClasses(round + 1000));
    worker.push(performance.now() - started);
  }
  return { inThreadMs: median(inThread), workerMs: median(worker) };
}

export function formatStyleWorker({ inThreadMs, workerMs }: { inThreadMs: number; workerMs: number }): string {
  return `site stylesheet build after a publish: in this thread ${inThreadMs.toFixed(1)} ms, in the worker ${workerMs.toFixed(1)} ms (adds ${(workerMs - inThreadMs).toFixed(1)} ms; budget 5 ms)`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(formatStyleWorker(await measureStyleWorker()));
