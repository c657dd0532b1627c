import { describe, expect, it } from 'vitest';
import { createStyleCompiler } from './style-compiler.js';

describe('the style compiler worker', () => {
  it('ends a compile that runs past its time limit, and compiles the next one in a fresh worker', async () => {
    const compiler = createStyleCompiler();
    // No compile finishes in a millisecond (the worker alone takes longer to start): this one is ended.
    await expect(compiler.compile(['text-lg'], undefined, 1)).rejects.toThrow('it took longer than 0.001 s to compile');
    const { css } = await compiler.compile(['text-lg', 'md:flex']);
    expect(css).toContain('.text-lg{');
    expect(css).toContain('.md\\:flex{');
  });

  it('answers the jobs queued behind one that failed, each with its own result', async () => {
    const compiler = createStyleCompiler();
    const results = await Promise.allSettled([
      compiler.compile(['p-4'], '@import "tailwindcss"; @plugin "x";'),
      compiler.compile(['p-4']),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected' });
    expect(results[1]).toMatchObject({ status: 'fulfilled' });
    expect((results[1] as PromiseFulfilledResult<{ css: string }>).value.css).toContain('.p-4{');
  });

  it('ends a compile that runs out of its memory limit without harm to the process', async () => {
    // 200,000 classes from one staff block ran the whole server out of memory; here the worker's small heap stands in.
    const compiler = createStyleCompiler({ heapMb: 16 });
    const classes = Array.from({ length: 100_000 }, (_, i) => `w-[${i}px]`);
    await expect(compiler.compile(classes)).rejects.toThrow('it needed more than 16 MB of memory to compile');
  });
});
