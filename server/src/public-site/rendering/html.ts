import { escapeHtml, filterImageUrl, filterLinkUrl } from '@tours-cms/contract';

/**
 * A fragment of markup the `html` template produced (or `raw` vouched for): put into another template as it is,
 * where a plain string would be escaped.
 */
export class Html {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  toString(): string {
    return this.#text;
  }
}

/** What a template may interpolate: text and numbers (escaped), fragments, lists of them, and nothing at all. */
export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

/**
 * Markup that is already safe, taken as it is: the staff's own HTML on its way into a sandboxed frame, a JSON-LD
 * block escaped for its script element, a stylesheet. Each call is a place a reviewer looks.
 */
export function raw(text: string): Html {
  return new Html(text);
}

/** A URL attribute opened just before an interpolation: `href="`, `src="`... */
const URL_ATTRIBUTE = /\s(href|src|action|formaction|poster|cite)="$/i;
/** Elements whose `src` is an image: data: URLs are allowed there, as the image protocol rules say. */
const IMAGE_ELEMENTS = new Set(['img', 'source', 'video', 'audio', 'input']);

/** The URL as the protocol rules let it through: the image rules for an image's source, the link rules elsewhere. */
function safeUrl(attribute: string, markup: string, url: string): string {
  if (attribute.toLowerCase() !== 'href') {
    const tag = /^<([a-z][a-z0-9-]*)/i.exec(markup.slice(markup.lastIndexOf('<')));
    if (tag && IMAGE_ELEMENTS.has(tag[1]!.toLowerCase())) return filterImageUrl(url);
  }
  return filterLinkUrl(url);
}

/** One interpolation, written after `markup` (whose last literal is `literal`). */
function render(value: HtmlValue, literal: string, markup: string): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return value.map((item: HtmlValue) => render(item, '', '')).join('');
  const text = String(value);
  const attribute = literal.endsWith('="') ? URL_ATTRIBUTE.exec(literal) : null;
  return escapeHtml(attribute ? safeUrl(attribute[1]!, markup, text) : text);
}

/** The fragments (text escaped) with `separator`, a literal of markup such as a newline, between them. */
export function join(items: readonly HtmlValue[], separator: string): Html {
  return new Html(items.map((item) => render(item, '', '')).join(separator));
}

/**
 * The public site's markup: every interpolation is escaped for a text node or a double-quoted attribute unless it
 * is itself a fragment (`html`…`` or `raw()`); a value that opens a URL attribute (`href="${url}"`) also passes
 * the link (or image) protocol rules, so a `javascript:` URL comes out blank; arrays are joined; null, undefined
 * and false render nothing.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) {
    out += render(values[i]!, strings[i]!, out) + strings[i + 1]!;
  }
  return new Html(out);
}

/**
 * A text of the site's words (contract site-words) with its `{name}` placeholders filled: the text escaped, each
 * value as `html` would put it in a text node (a fragment as it is, text escaped). A placeholder without a value
 * stays as written.
 */
export function fillHtml(text: string, values: Readonly<Record<string, HtmlValue>>): Html {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    const name = match[1]!;
    out += escapeHtml(text.slice(last, match.index));
    out += Object.hasOwn(values, name) ? render(values[name]!, '', '') : escapeHtml(match[0]);
    last = match.index + match[0].length;
  }
  return new Html(out + escapeHtml(text.slice(last)));
}
