import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { StyleJob, StyleJobResult } from './style-worker.js';

/** How long one compile may run before its worker is ended: a real site's whole stylesheet takes under a second. */
export const STYLE_COMPILE_TIMEOUT_MS = 10_000;
/** The worker's heap: Tailwind and Lightning CSS need under 100 MB for a site of 10,000 classes. */
const WORKER_HEAP_MB = 256;

/** A compile the worker could not finish: ended for its time or memory, or refused by the compiler. */
export class StyleCompileError extends Error {}

interface Pending {
  job: StyleJob;
  timeoutMs: number;
  resolve: (result: { css: string; warnings: string[] }) => void;
  reject: (error: Error) => void;
}

/**
 * Tailwind compiles in one worker thread per process (issue 27): off the event loop, so the site answers while a
 * stylesheet builds, and under limits of time (STYLE_COMPILE_TIMEOUT_MS) and memory (resourceLimits), so a block
 * that asks too much ends the worker, not the server. Jobs run one at a time; a worker that is ended or dies fails
 * only the job it was running, and the next job starts a fresh one. Started on first use.
 */
export function createStyleCompiler({ heapMb = WORKER_HEAP_MB } = {}) {
  let worker: Worker | null = null;
  let running: (Pending & { timer: NodeJS.Timeout }) | null = null;
  const queue: Pending[] = [];
  let nextId = 1;

  // Under tsx or vitest this module is TypeScript, and so is the worker, which then registers tsx's loader first.
  const isSource = import.meta.url.endsWith('.ts');
  const workerUrl = isSource
    ? new URL(
        `data:text/javascript,${encodeURIComponent(
          `const { register } = await import(${JSON.stringify(
            pathToFileURL(
              createRequire(import.meta.url)
                .resolve('tsx/esm/api')
                .replace(/\.cjs$/, '.mjs'),
            ).href,
          )}); register(); await import(${JSON.stringify(new URL('./style-worker.ts', import.meta.url).href)});`,
        )}`,
      )
    : new URL('./style-worker.js', import.meta.url);

  function start(): Worker {
    const started = new Worker(workerUrl, {
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(32, heapMb) },
    });
    started.on('message', (result: StyleJobResult) => {
      if (!running || running.job.id !== result.id) return;
      const done = running;
      finish();
      if ('error' in result) done.reject(new StyleCompileError(result.error));
      else done.resolve({ css: result.css, warnings: result.warnings });
    });
    started.on('error', (error: Error & { code?: string }) => {
      fail(
        started,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `it needed more than ${heapMb} MB of memory to compile`
          : `the compiler failed (${error.message})`,
      );
    });
    started.on('exit', () => fail(started, 'the compiler stopped'));
    return started;
  }

  /** The worker `dead` is gone: its job fails with `reason`, and the next job starts another. */
  function fail(dead: Worker, reason: string): void {
    if (worker !== dead) return;
    worker = null;
    const done = running;
    finish();
    done?.reject(new StyleCompileError(reason));
  }

  function finish(): void {
    if (running) clearTimeout(running.timer);
    running = null;
    next();
    // Idle, the worker never keeps a stopping process alive; busy, it keeps alive whoever awaits its answer.
    if (!running) worker?.unref();
  }

  function next(): void {
    if (running) return;
    const pending = queue.shift();
    if (!pending) return;
    worker ??= start();
    const current = worker;
    const timer = setTimeout(() => {
      fail(current, `it took longer than ${pending.timeoutMs / 1000} s to compile`);
      void current.terminate();
    }, pending.timeoutMs);
    timer.unref();
    running = { ...pending, timer };
    current.ref();
    current.postMessage(pending.job);
  }

  return {
    /** Tailwind's CSS for these classes and input, compiled in the worker (site-styles.ts `compileTailwind`). */
    compile(
      classes: Iterable<string>,
      input?: string,
      timeoutMs = STYLE_COMPILE_TIMEOUT_MS,
    ): Promise<{ css: string; warnings: string[] }> {
      return new Promise((resolve, reject) => {
        queue.push({ job: { id: nextId++, classes: [...classes], input }, timeoutMs, resolve, reject });
        next();
      });
    },
  };
}

/** The process's one style compiler, shared by every app it builds (tests build many). */
export const styleCompiler = createStyleCompiler();
