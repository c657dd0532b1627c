import v8 from 'node:v8';

/**
 * V8 settings for the server process, set before any other module is loaded (main.ts imports this first).
 *
 * Allocation-site pretenuring off: V8 watches which allocation sites' objects survive young-generation collections
 * and, past a threshold, allocates their objects straight into the old generation. A first start (the demo seeded,
 * images resized, stylesheets compiled while the first visitors arrive) can push the sites the request path uses
 * over it; from then on every answer's short-lived objects went to the old generation for the life of the process:
 * in about one start in four, cached pages cost twice the CPU (75–100 µs instead of 40) and p99 at 10 connections
 * was 15 ms instead of 2, with 15 ms scavenges and back-to-back mark-compacts (`--trace-gc`). With it off, none
 * of a dozen starts did (issue 15; `bench/src/site-wrk.ts`).
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
