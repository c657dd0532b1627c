import { expect, it } from 'vitest';
import { fontAwesomeFontFile } from './font-awesome.js';
import { subsetWoff2 } from './font-subset.js';

const WOFF2 = Buffer.from('wOF2', 'latin1');

// Found when a second site in one process lost its icons: the decoded font was kept as a view of the decoder's own
// memory, which the next compression overwrote, so every subset after the first failed.
it('subsets fonts again and again in one process, each time to a small WOFF2 of its own glyphs', async () => {
  const solid = fontAwesomeFontFile('solid');
  const phone = await subsetWoff2(solid, [0xf095]);
  // Another font decoded in between, as a site with solid and regular icons does.
  const regular = await subsetWoff2(fontAwesomeFontFile('regular'), [0xf095]);
  const anchor = await subsetWoff2(solid, [0xf13d]);
  const both = await subsetWoff2(solid, [0xf095, 0xf13d]);
  for (const font of [phone, regular, anchor, both]) {
    expect(font.subarray(0, 4)).toEqual(WOFF2);
    expect(font.length).toBeLessThan(4096);
  }
  expect(phone.equals(anchor)).toBe(false);
  expect(both.length).toBeGreaterThan(phone.length);
});
