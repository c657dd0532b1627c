const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : ' ';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The readable text of an HTML fragment, for the meta description: scripts, styles, templates and
 * comments dropped, tags turned into spaces, the common entities decoded, whitespace collapsed. Not a sanitiser:
 * the result is always escaped again where it is written.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      .replace(/<(script|style|template|noscript|iframe|svg)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `max` characters of the text (whole code points, a cut word marked with an ellipsis). */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
