import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TUNING = fileURLToPath(new URL('./runtime-tuning.ts', import.meta.url));

/**
 * A fresh Node process that queues ticks between full garbage collections, as a server does while it renders its
 * first pages, then prints the state of the inline caches of the object literal that `process.nextTick` builds
 * (V8's `%DebugPrint` of the function lists each feedback slot with its state). With `tuning`, runtime-tuning.ts is
 * loaded first, as main.ts loads it.
 */
function tickLiteralCaches(tuning: boolean): string[] {
  const script = `
    ${tuning ? `await import(${JSON.stringify(TUNING)});` : ''}
    const noop = () => {};
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < 50; i += 1) process.nextTick(noop);
      await settle();
      globalThis.gc();
    }
    for (let i = 0; i < 50; i += 1) process.nextTick(noop);
    await settle();
    new Function('f', '%DebugPrint(f)')(process.nextTick);
  `;
  // V8 prints to the process's stdout with C's stdio, which loses the end of a long print on a pipe that Node has
  // made non-blocking: it goes to a file.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-runtime-tuning-'));
  const printed = path.join(dir, 'stdout.txt');
  const stdout = fs.openSync(printed, 'w');
  try {
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', stdout, 'pipe'],
        encoding: 'utf8',
        timeout: 15_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    return [...fs.readFileSync(printed, 'utf8').matchAll(/slot #\d+ DefineKeyedOwnPropertyInLiteral (\w+)/g)].map(
      (match) => match[1]!,
    );
  } finally {
    fs.closeSync(stdout);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('runtime tuning', () => {
  it('keeps the caches of nextTick’s tick objects monomorphic through full collections', () => {
    const states = tickLiteralCaches(true);
    expect(states.length).toBeGreaterThanOrEqual(2);
    expect(new Set(states)).toEqual(new Set(['MONOMORPHIC']));
  });

  it('is needed: without it, a few full collections leave those caches megamorphic', () => {
    // When a Node release no longer does this, the tick object runtime-tuning.ts keeps can go.
    expect(tickLiteralCaches(false)).toContain('MEGAMORPHIC');
  });
});
