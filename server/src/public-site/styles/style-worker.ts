/**
 * The worker thread that compiles the site's Tailwind styles (style-compiler.ts starts it): the compiler's time
 * and memory are the worker's, so a block that runs long or out of memory ends this thread, never the server.
 */
import { parentPort } from 'node:worker_threads';
import { compileTailwind } from './tailwind-compile.js';

export interface StyleJob {
  id: number;
  classes: string[];
  input?: string;
}

export type StyleJobResult = { id: number; css: string; warnings: string[] } | { id: number; error: string };

parentPort!.on('message', (job: StyleJob) => {
  compileTailwind(job.classes, job.input).then(
    ({ css, warnings }) => parentPort!.postMessage({ id: job.id, css, warnings } satisfies StyleJobResult),
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies StyleJobResult),
  );
});
