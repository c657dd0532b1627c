import { describe, expect, it } from 'vitest';
import {
  classNamesOf,
  isFontAwesomeClass,
  stringLiteralsOf,
  tailwindBlocksOf,
  usesFontAwesome,
} from './class-names.js';

describe('classNamesOf', () => {
  it('reads every token of every class attribute, variants and arbitrary values included', () => {
    const html = `<section class="mx-auto  max-w-6xl
      px-6"><a class='hover:bg-sky-800 md:grid-cols-3 bg-[#0369a1] w-[calc(100%-2rem)] !p-0 -mt-2' href="/">x</a><p class=text-lg>y</p></section>`;
    expect([...classNamesOf(html)].sort()).toEqual(
      [
        '!p-0',
        '-mt-2',
        'bg-[#0369a1]',
        'hover:bg-sky-800',
        'md:grid-cols-3',
        'max-w-6xl',
        'mx-auto',
        'px-6',
        'text-lg',
        'w-[calc(100%-2rem)]',
      ].sort(),
    );
  });

  it('decodes entities in attribute values, as the browser does before it reads the classes', () => {
    expect([...classNamesOf('<div class="content-[&quot;x&quot;] before:content-[&#39;*&#39;]"></div>')]).toEqual([
      'content-["x"]',
      "before:content-['*']",
    ]);
  });

  it('takes the words of string literals in inline scripts, which content scripts add as classes at run time', () => {
    const html = `<button class="p-2">Menu</button><nav id="menu" class="hidden">…</nav>
<script>document.querySelector('button').onclick = function () { menu.classList.toggle("hidden"); menu.classList.add(\`md:flex bg-white/90\`); };</script>`;
    const classes = classNamesOf(html);
    for (const name of ['p-2', 'hidden', 'md:flex', 'bg-white/90']) expect(classes.has(name)).toBe(true);
  });

  it('ignores the text and other attributes of the markup', () => {
    const classes = classNamesOf(
      '<p data-class="flex" title="grid">block inline <b>table</b></p><style>.x{}</style><!-- class="hidden" -->',
    );
    expect([...classes]).toEqual([]);
  });

  it('adds to a set it is given, so a site is read page by page into one', () => {
    const all = new Set<string>();
    classNamesOf('<p class="a b"></p>', all);
    classNamesOf('<p class="b c"></p>', all);
    expect([...all]).toEqual(['a', 'b', 'c']);
  });

  it('reads markup that never closes a tag in one pass', () => {
    expect([...classNamesOf(`<p class="lead">x</p>${'<a'.repeat(500_000)}`)]).toEqual(['lead']);
  });
});

describe('Font Awesome classes', () => {
  it("tells Font Awesome's classes from Tailwind's", () => {
    for (const name of ['fa', 'fas', 'fab', 'fa-solid', 'fa-sailboat', 'fa-spin'])
      expect(isFontAwesomeClass(name)).toBe(true);
    for (const name of ['flex', 'fa-', 'fancy', 'md:fa-solid', 'far-away'])
      expect(isFontAwesomeClass(name)).toBe(false);
  });

  it('finds whether a document uses any', () => {
    expect(usesFontAwesome('<i class="fa-solid fa-phone" aria-hidden="true"></i>')).toBe(true);
    expect(usesFontAwesome('<p class="text-lg">fa-solid in the text is no class</p>')).toBe(false);
  });
});

describe('tailwindBlocksOf', () => {
  it('reads the CSS of every <style type="text/tailwindcss">, in order, and no other style element', () => {
    const html = [
      '<style>.plain { color: red; }</style>',
      '<style type="text/tailwindcss">@theme { --color-lagoon: #0a7e8c; }</style>',
      '<div class="bg-lagoon"><STYLE TYPE=" Text/TailwindCSS ">.ticket { @apply p-4 > *; }</STYLE></div>',
      '<script>const css = \'<style type="text/tailwindcss">.no {}</style>\';</script>',
    ].join('\n');
    expect(tailwindBlocksOf(html)).toEqual(['@theme { --color-lagoon: #0a7e8c; }', '.ticket { @apply p-4 > *; }']);
    expect(tailwindBlocksOf('<p class="text-lg">No blocks, text/tailwindcss named in the text</p>')).toEqual([]);
  });
});

/** What the one-pattern reading found (`stringLiteralsOf` must find the same, in one pass). */
const STRING_LITERAL = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;

describe('stringLiteralsOf', () => {
  it('finds the literals the pattern of quotes and escapes finds, on any mix of them', () => {
    const alphabet = ["'", '"', '`', '\\', '\n', 'a', ' '];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 3000; round += 1) {
      const length = Math.floor(random() * 24);
      const script = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(stringLiteralsOf(script), JSON.stringify(script)).toEqual(
        [...script.matchAll(STRING_LITERAL)].map((match) => match[2]),
      );
    }
  });

  it('reads 2 MB of quotes that never close in one pass, and the literal after them', () => {
    // Every `'` restarted the pattern's scan to the line's end: 60 KB of these held a render for seconds.
    const unclosed = "'\\".repeat(1024 * 1024);
    expect(stringLiteralsOf(`${unclosed}\nx = "ok";`)).toEqual(['ok']);
    const html = `<script>${unclosed}\nmenu.classList.toggle("md:flex");</script>`;
    expect(classNamesOf(html).has('md:flex')).toBe(true);
  });
});
