import { createHook } from 'node:async_hooks';
import v8 from 'node:v8';

/**
 * V8 settings and one piece of V8 state for the server process, set before any other module is loaded (main.ts
 * imports this first). Both were found by `bench/src/site-wrk.ts` (issue 15): each made cached pages cost far
 * more CPU for the rest of a process's life, depending on what its first minutes happened to do.
 */

/*
 * Allocation-site pretenuring off: V8 watches which allocation sites' objects survive young-generation collections
 * and, past a threshold, allocates their objects straight into the old generation. A first start (the demo seeded,
 * images resized, stylesheets compiled while the first visitors arrive) can push the sites the request path uses
 * over it; from then on every answer's short-lived objects went to the old generation for the life of the process:
 * in about one start in four, cached pages cost twice the CPU (75–100 µs instead of 40) and p99 at 10 connections
 * was 15 ms instead of 2, with 15 ms scavenges and back-to-back mark-compacts (`--trace-gc`). With it off, none
 * of a dozen starts did.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');

/**
 * One of Node's tick objects (what `process.nextTick` queues), kept for the life of the process.
 *
 * Every `process.nextTick` builds `{ [async_id_symbol], [trigger_async_id_symbol], callback, args }`, and an answer
 * makes several (Node's stream and HTTP code). The hidden classes those objects pass through hang from V8's
 * transition tree by weak links: a full garbage collection that finds no tick object alive drops them, and the
 * next tick builds new ones. The literal's inline caches then see a second set of classes, then a third; after a
 * couple of such collections (a first render of a page is enough) they are megamorphic, and from then on the
 * optimised `nextTick` defines each of those properties through V8's runtime: a cached page cost 19–21 µs of CPU
 * instead of 14–15 (a bare `node:http` server: 12.5), in every process that rendered a page. One tick object that
 * never dies keeps the classes alive, and the caches stay monomorphic whatever the collector does
 * (`runtime-tuning.test.ts`). It is caught with a hook that is enabled for this one call only.
 */
export const keptTickObject: object | null = keepOneTickObject();

function keepOneTickObject(): object | null {
  let kept: object | null = null;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && kept === null) kept = resource as object;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
  return kept;
}
