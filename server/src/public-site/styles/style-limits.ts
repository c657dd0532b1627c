/**
 * What a document's `<style type="text/tailwindcss">` blocks may ask of the compiler (issue 27). Staff write them,
 * and Tailwind does what they say: `@source inline("p-{0..100000}")` makes 100,001 classes (30,000 held the server
 * for 2.4 s, 200,000 ran it out of memory), an `@import` repeated loads the whole of Tailwind again each time, and a
 * huge or deeply nested block costs time in every pass. Blocks over these limits are refused before they reach the
 * compiler (read in one linear pass each); whatever slips past meets the worker's time and memory limits
 * (style-compiler.ts). A refused document keeps the site's stylesheet, and its editor says why.
 */

/** The most characters of Tailwind blocks one document may carry: a real page's own theme and rules are a few KB. */
export const STYLE_BLOCKS_MAX_CHARS = 100_000;
/** The deepest nesting of `{` in a block: nested rules and variants rarely go past five. */
export const STYLE_NESTING_MAX = 32;
/** The most classes one `@source inline(...)` may expand to (`{50,{100..900..100},950}` is 11). */
export const STYLE_INLINE_CLASSES_MAX = 2_000;
/** The most stylesheets one compile may load: Tailwind whole, or its theme, preflight and utilities one by one. */
export const STYLE_IMPORTS_MAX = 4;

/** A block the limits refuse, with the reason staff read in the editor. */
export class StyleLimitError extends Error {
  override name = 'StyleLimitError';
}

/**
 * An upper bound on how many classes a brace pattern expands to: the product of every group's size, a group being
 * a range (`{0..100..10}`: 11) or a list (`{sm,md,lg}`: 3). Nested groups count as if side by side, which can only
 * overestimate.
 */
export function inlineExpansionBound(pattern: string): number {
  let product = 1;
  const opened: number[] = [];
  const commas: number[] = [];
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern[at];
    if (char === '{') {
      opened.push(at);
      commas.push(0);
    } else if (char === ',' && commas.length) commas[commas.length - 1]! += 1;
    else if (char === '}' && opened.length) {
      const start = opened.pop()!;
      const listSize = commas.pop()! + 1;
      // Only a short group can be a range: slicing every nested group would be quadratic in the nesting.
      const range =
        at - start <= 50
          ? /^(-?\d{1,15})\.\.(-?\d{1,15})(?:\.\.(-?\d{1,15}))?$/.exec(pattern.slice(start + 1, at))
          : null;
      const size = range
        ? Math.floor(Math.abs(Number(range[2]) - Number(range[1])) / Math.max(1, Math.abs(Number(range[3] ?? 1)))) + 1
        : listSize;
      product *= size;
      if (product > Number.MAX_SAFE_INTEGER) return Infinity;
    }
  }
  return product;
}

/** The arguments of every `@source inline(...)` (and `@source not inline(...)`) in some CSS, quotes included. */
function inlineSourcesOf(css: string): string[] {
  const found: string[] = [];
  const lower = css.toLowerCase();
  for (let at = lower.indexOf('inline('); at !== -1; at = lower.indexOf('inline(', at + 7)) {
    const end = css.indexOf(')', at);
    found.push(css.slice(at + 7, end === -1 ? css.length : end));
  }
  return found;
}

/** Throws a StyleLimitError naming the first limit the blocks pass; nothing when they are within all of them. */
export function checkStyleBlocks(blocks: readonly string[]): void {
  const chars = blocks.reduce((sum, block) => sum + block.length, 0);
  if (chars > STYLE_BLOCKS_MAX_CHARS)
    throw new StyleLimitError(
      `the page's style blocks hold ${chars.toLocaleString('en')} characters; at most ${STYLE_BLOCKS_MAX_CHARS.toLocaleString('en')} are compiled`,
    );
  for (const block of blocks) {
    let depth = 0;
    for (let at = 0; at < block.length; at += 1) {
      if (block[at] === '{') depth += 1;
      else if (block[at] === '}') depth = Math.max(0, depth - 1);
      if (depth > STYLE_NESTING_MAX)
        throw new StyleLimitError(`its rules are nested more than ${STYLE_NESTING_MAX} levels deep`);
    }
    for (const source of inlineSourcesOf(block)) {
      const bound = inlineExpansionBound(source);
      if (bound > STYLE_INLINE_CLASSES_MAX)
        throw new StyleLimitError(
          `@source inline(${source.length > 60 ? `${source.slice(0, 60)}…` : source}) makes ${bound === Infinity ? 'too many' : bound.toLocaleString('en')} classes; at most ${STYLE_INLINE_CLASSES_MAX.toLocaleString('en')} are compiled`,
        );
    }
  }
}
