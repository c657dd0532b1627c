/**
 * The link and image protocol rules, shared by the rich text editor (on insert, paste and load) and
 * the post view's sanitiser: links may use http, https, mailto and tel; images http, https and data. A URL with
 * no scheme (a path such as "/tours/crete", "#booking" or "page.html") is relative to the site and allowed.
 * Anything else (javascript:, vbscript:, file:, data: on a link...) becomes blank.
 */
const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;
const IMAGE_PROTOCOLS = ['http', 'https', 'data'] as const;

// Browsers drop ASCII whitespace and control characters before reading a scheme ("java\tscript:" is javascript:),
// so the check does the same.
// eslint-disable-next-line no-control-regex
const IGNORED_CHARACTERS = /[\u0000-\u0020\u007f-\u009f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The URL's scheme in lower case ("https"), or null for a relative URL. */
export function urlScheme(url: string): string | null {
  const match = SCHEME.exec(url.replace(IGNORED_CHARACTERS, ''));
  return match ? match[1]!.toLowerCase() : null;
}

function filterUrl(url: string, allowed: readonly string[]): string {
  const trimmed = url.trim();
  const scheme = urlScheme(trimmed);
  return scheme === null || allowed.includes(scheme) ? trimmed : '';
}

/** The link's URL if its protocol is allowed (http, https, mailto, tel or relative), else ''. */
export function filterLinkUrl(url: string): string {
  return filterUrl(url, LINK_PROTOCOLS);
}

/** The image's URL if its protocol is allowed (http, https, data or relative), else ''. */
export function filterImageUrl(url: string): string {
  return filterUrl(url, IMAGE_PROTOCOLS);
}
