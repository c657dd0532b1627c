import { Parser } from 'htmlparser2';

/** The longest token taken for a class name: real utilities are far shorter; longer tokens are noise. */
const CLASS_NAME_MAX_CHARS = 200;

/** A token from a script's string that could be a class name (`hidden`, `md:flex`, `bg-[#fff]`, `-mt-2`, `!p-0`). */
const SCRIPT_CLASS_TOKEN = /^[!-]?[a-z0-9@[][^\s"'`<>\\{};]*$/i;
/** String literals in a script: single, double or back quotes, on one line. */
const STRING_LITERAL = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;

/**
 * Every class name an HTML fragment uses, for the site's compiled stylesheet: the tokens of every `class`
 * attribute (what Tailwind's browser build reads from the page), plus the whitespace-separated tokens of string
 * literals in inline scripts, since content scripts add classes at run time (`menu.classList.toggle('hidden')`),
 * which the browser build sees and a compiled stylesheet must already hold. Tokens Tailwind does not know cost
 * nothing: the compiler ignores them. Read in one pass with htmlparser2's tokenizer, linear whatever the markup.
 */
export function classNamesOf(html: string, into: Set<string> = new Set()): Set<string> {
  let inScript = false;
  let script = '';
  const add = (token: string) => {
    if (token && token.length <= CLASS_NAME_MAX_CHARS) into.add(token);
  };
  const parser = new Parser(
    {
      onattribute(name, value) {
        if (name === 'class') for (const token of value.split(/[\t\n\f\r ]+/)) add(token);
      },
      onopentagname(name) {
        inScript = name === 'script';
        script = '';
      },
      ontext(text) {
        if (inScript) script += text;
      },
      onclosetag(name) {
        if (name !== 'script' || !inScript) return;
        inScript = false;
        for (const [, , literal] of script.matchAll(STRING_LITERAL)) {
          for (const token of literal!.split(/\s+/)) if (SCRIPT_CLASS_TOKEN.test(token)) add(token);
        }
        script = '';
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return into;
}

/** Font Awesome's own classes: its styles (`fa-solid`, `fas`...), icons (`fa-sailboat`) and helpers (`fa-spin`). */
const FONT_AWESOME_CLASS = /^(?:fa|fas|far|fab|fa-[a-z0-9-]+)$/;

/** True when a class name belongs to Font Awesome: a document using one needs its stylesheet and fonts. */
export function isFontAwesomeClass(name: string): boolean {
  return FONT_AWESOME_CLASS.test(name);
}

/** True when the HTML uses any Font Awesome class. */
export function usesFontAwesome(html: string): boolean {
  for (const name of classNamesOf(html)) if (isFontAwesomeClass(name)) return true;
  return false;
}

/** `<style type="text/tailwindcss">`: CSS that Tailwind's browser build compiles with the page's classes. */
const TAILWIND_STYLE_TYPE = 'text/tailwindcss';

/**
 * The CSS of every `<style type="text/tailwindcss">` in an HTML fragment, in order. Tailwind's browser build, which
 * the admin's previews use, compiles those blocks (`@theme`, `@apply`, `@utility`, `@custom-variant`) with the
 * page's classes, so a published page needs them compiled too (site-styles.ts `documentCss`).
 */
export function tailwindBlocksOf(html: string): string[] {
  if (!html.toLowerCase().includes(TAILWIND_STYLE_TYPE)) return [];
  const blocks: string[] = [];
  let block: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'style' && attributes.type?.trim().toLowerCase() === TAILWIND_STYLE_TYPE) block = '';
      },
      ontext(text) {
        if (block !== null) block += text;
      },
      onclosetag(name) {
        if (name !== 'style' || block === null) return;
        blocks.push(block);
        block = null;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return blocks;
}
