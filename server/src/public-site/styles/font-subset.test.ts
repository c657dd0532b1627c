import { describe, expect, it } from 'vitest';
import { fontAwesomeFontFile } from './font-awesome.js';
import { subsetWoff2 } from './font-subset.js';

describe('subsetWoff2', () => {
  // Found in review: wawoff2 answers views of its own memory, so a decoded font kept for the next subset was
  // overwritten by the WOFF2 encoding of the first, and every later subset of that font failed.
  it('subsets the same font again and again, each time to a small WOFF2 of the glyphs asked for', async () => {
    const sizes: number[] = [];
    for (let run = 0; run < 3; run++) {
      for (const codePoints of [[0xf095], [0xf095, 0xe445, 0xf0e0]]) {
        const font = await subsetWoff2(fontAwesomeFontFile('solid'), codePoints);
        expect(font.subarray(0, 4).toString('latin1')).toBe('wOF2');
        sizes.push(font.length);
      }
    }
    expect(new Set(sizes.filter((_, index) => index % 2 === 0)).size).toBe(1);
    expect(sizes[1]!).toBeGreaterThan(sizes[0]!);
    expect(Math.max(...sizes)).toBeLessThan(4096);
  });
});
