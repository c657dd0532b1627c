import { Parser } from 'htmlparser2';

/** Elements whose content is not readable text. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'svg', 'head', 'title']);
/** Never more of a document than this is read for its text: a description needs its opening words only. */
export const TEXT_SCAN_MAX_CHARS = 256 * 1024;
const CHUNK = 8 * 1024;

/**
 * The readable text at the start of an HTML fragment, for the meta description: scripts, styles, templates and
 * comments dropped, tags turned into spaces, entities decoded, whitespace collapsed. Read with htmlparser2's
 * tokenizer (one pass, linear whatever the markup, even `<a<a<a…` with no `>`), chunk by chunk, stopping once
 * `wantChars` characters of text are in hand or after TEXT_SCAN_MAX_CHARS of markup. Not a sanitiser: the result
 * is always escaped again where it is written.
 */
export function htmlToText(html: string, wantChars = 1000): string {
  let text = '';
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIPPED.has(name)) skipping += 1;
        text += ' ';
      },
      onclosetag(name) {
        if (SKIPPED.has(name) && skipping > 0) skipping -= 1;
        text += ' ';
      },
      ontext(data) {
        if (skipping === 0) text += data;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  const end = Math.min(html.length, TEXT_SCAN_MAX_CHARS);
  for (let at = 0; at < end && text.length < wantChars * 2; at += CHUNK)
    parser.write(html.slice(at, Math.min(at + CHUNK, end)));
  parser.end();
  // A NUL or out-of-range reference decodes to U+FFFD: no use in a description.
  return text.replace(/[\s\uFFFD]+/g, ' ').trim();
}

/** The first `max` characters of the text (whole code points, a cut word marked with an ellipsis). */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
