import { Parser } from 'htmlparser2';

/** The longest token taken for a class name: real utilities are far shorter; longer tokens are noise. */
const CLASS_NAME_MAX_CHARS = 200;

/** A token from a script's string that could be a class name (`hidden`, `md:flex`, `bg-[#fff]`, `-mt-2`, `!p-0`). */
const SCRIPT_CLASS_TOKEN = /^[!-]?[a-z0-9@[][^\s"'`<>\\{};]*$/i;

/**
 * The bodies of a script's string literals: single, double or back quotes, on one line, a backslash escaping the
 * next character. What `/(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g` finds, read in one pass: that pattern restarts
 * its scan at every quote a literal never closes (`'\'\'\'…`), which made 60 KB of them take seconds. Here a quote
 * whose scan reaches the line's end unclosed marks that quote as unclosed up to there: a later quote of the same
 * kind before that end resumes the same escape pairing (it was itself escaped), so it cannot close either.
 */
export function stringLiteralsOf(script: string): string[] {
  const literals: string[] = [];
  const unclosedUntil: Record<string, number> = { "'": -1, '"': -1, '`': -1 };
  let at = 0;
  while (at < script.length) {
    const quote = script[at]!;
    if ((quote !== "'" && quote !== '"' && quote !== '`') || at < unclosedUntil[quote]!) {
      at += 1;
      continue;
    }
    let end = at + 1;
    while (end < script.length) {
      const char = script[end]!;
      if (char === quote || char === '\n') break;
      // A backslash escapes any next character but a line's end (`\\.` does not match a newline).
      end += char === '\\' && end + 1 < script.length && script[end + 1] !== '\n' ? 2 : 1;
    }
    if (script[end] === quote) {
      literals.push(script.slice(at + 1, end));
      at = end + 1;
    } else {
      unclosedUntil[quote] = end;
      at += 1;
    }
  }
  return literals;
}

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
        for (const literal of stringLiteralsOf(script)) {
          for (const token of literal.split(/\s+/)) if (SCRIPT_CLASS_TOKEN.test(token)) add(token);
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
