/**
 * The booking details of a tour as the public site may show them: the booking button's link and the booking
 * calendar's provider frame. Staff paste these from their booking provider; what cannot be shown safely is not
 * shown at all (the tour page then offers the button alone), and the post form says so while they edit.
 */

/**
 * The sandbox of a booking provider's frame: what a provider's booking needs and nothing more (the stand-in provider
 * of the browser tests takes each step). Scripts and its own origin for its widget and session cookie, forms for
 * choosing a date and guests in the frame, popups that escape the sandbox for its checkout in a new tab. Never the
 * top-level navigation (a frame could send visitors from the tour page to a look-alike). The frame gets no `allow`
 * list either (no payment, camera...): its checkout runs in a tab of its own, under the provider's own rights.
 * `allow-same-origin` is safe only because the frame's origin is the provider's, never ours: `parseBookingEmbed`
 * refuses the site's own hosts.
 */
export const BOOKING_FRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/** Suffixes of names that only resolve inside a network (RFC 6761, 6762, 8375 and common private zones). */
const INTERNAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.intranet',
  '.lan',
  '.home',
  '.home.arpa',
  '.corp',
  '.localdomain',
  '.private',
];

/**
 * True when a provider's frame may come from this host: a public name, neither an IP address (in any of the forms
 * browsers read as one: `127.1`, `0x7f.0.0.1`), `localhost`, a name without a dot or of an internal zone, nor one of
 * the site's own host names (`siteHosts`, ports ignored). A frame from our own origin with `allow-same-origin`
 * would run with the site's rights.
 */
export function isProviderHost(host: string, siteHosts: readonly string[] = []): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (!name.includes('.') || name === 'localhost') return false;
  const lastLabel = name.slice(name.lastIndexOf('.') + 1);
  if (/^(\d+|0x[0-9a-f]*)$/.test(lastLabel)) return false;
  if (INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix))) return false;
  return !siteHosts.some((own) => own.toLowerCase().replace(/:\d+$/, '') === name);
}

/** Where a provider's frame may not come from: the host names the site itself answers under. */
export interface BookingEmbedOptions {
  siteHosts?: readonly string[];
}

/** What the post form says under a booking calendar that the tour page cannot show. */
export const BOOKING_EMBED_UNSUPPORTED =
  'The tour page cannot show this booking calendar: paste the provider\'s <iframe src="https://..."></iframe> embed code only (one iframe, https, no scripts). Until then the tour page shows the booking button alone.';

/**
 * The URL when it is an absolute https URL to a named host without credentials, else null. Written out rather
 * than with `URL`: the contract uses no runtime globals. Whitespace, quotes and angle brackets are refused.
 */
export function httpsUrl(text: string): string | null {
  const url = text.trim();
  const match = /^https:\/\/([a-z0-9.-]+)(?::(\d{1,5}))?(?:[/?#][^\s"'<>\\`]*)?$/i.exec(url);
  if (!match) return null;
  const host = match[1]!;
  if (!host.includes('.') || host.startsWith('.') || host.endsWith('.') || host.includes('..') || /^-|-$/.test(host))
    return null;
  return url;
}

/** The parts of a provider's iframe embed that the tour page uses. */
export interface BookingEmbed {
  /** The provider's https URL. */
  src: string;
  /** The height the provider asked for, in CSS pixels, when it gave one (between 200 and 4000). */
  height: number | null;
  /** The embed's own title, when it has one. */
  title: string | null;
}

const IFRAME = /^<iframe\b([^<>]*)>\s*<\/iframe\s*>$/i;
/** One attribute: a name and an optional value, double-quoted, single-quoted or bare (the HTML rules). */
const ATTRIBUTE = /\s+([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
/** Attributes an embed may carry; anything else (on* handlers, srcdoc, style...) refuses the whole embed. */
const ALLOWED_ATTRIBUTES = new Set([
  'src',
  'width',
  'height',
  'title',
  'frameborder',
  'scrolling',
  'allow',
  'allowfullscreen',
  'allowtransparency',
  'loading',
  'id',
  'class',
  'name',
  'referrerpolicy',
  'marginwidth',
  'marginheight',
  'aria-label',
]);
const MIN_HEIGHT = 200;
const MAX_HEIGHT = 4000;

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&quot;/gi, '"')
    .replace(/&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&amp;/gi, '&');
}

function parseAttributes(text: string): Map<string, string> | null {
  const attributes = new Map<string, string>();
  ATTRIBUTE.lastIndex = 0;
  // Where the closing `\s*\/?\s*` begins: found once, by hand (`/^\s*\/?\s*$/` on what is left, tried before each
  // attribute, was quadratic in a long run of spaces).
  let tail = text.trimEnd().length;
  if (text[tail - 1] === '/') tail = text.slice(0, tail - 1).trimEnd().length;
  let at = 0;
  while (at < text.length) {
    if (at >= tail) break;
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(text);
    if (!match) return null;
    const name = match[1]!.toLowerCase();
    if (!ALLOWED_ATTRIBUTES.has(name) || attributes.has(name)) return null;
    attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
    at = ATTRIBUTE.lastIndex;
  }
  return attributes;
}

function heightOf(value: string | undefined): number | null {
  if (!value) return null;
  const match = /^\s*(\d{2,5})(?:px)?\s*$/i.exec(value);
  if (!match) return null;
  return Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Number(match[1])));
}

/**
 * The provider's frame in a booking calendar field, or null when the field is anything but exactly one
 * `<iframe src="https://...">` with ordinary attributes from a provider's host (`isProviderHost`): scripts,
 * several iframes, event handlers, `srcdoc`, other markup, any URL that is not https (javascript:, data:, http:,
 * credentials) and the site's own, local or internal hosts are refused whole.
 */
export function parseBookingEmbed(
  field: string | null | undefined,
  options: BookingEmbedOptions = {},
): BookingEmbed | null {
  const trimmed = field?.trim();
  if (!trimmed) return null;
  const match = IFRAME.exec(trimmed);
  if (!match) return null;
  const attributes = parseAttributes(match[1]!);
  const rawSrc = attributes?.get('src')?.trim();
  if (!attributes || !rawSrc) return null;
  const src = httpsUrl(rawSrc);
  if (!src || !isProviderHost(/^https:\/\/([^/?#]+)/i.exec(src)![1]!, options.siteHosts)) return null;
  const title = attributes.get('title')?.trim() || attributes.get('aria-label')?.trim() || null;
  return { src, height: heightOf(attributes.get('height')), title };
}

/** True when the field holds something the tour page will not show (an empty field is fine). */
export function isUnsupportedBookingEmbed(
  field: string | null | undefined,
  options: BookingEmbedOptions = {},
): boolean {
  return Boolean(field?.trim()) && parseBookingEmbed(field, options) === null;
}

/** Where the booking button goes, and how: a web page opens in a new tab, e-mail and phone use their apps. */
export interface BookingLink {
  href: string;
  kind: 'web' | 'email' | 'phone';
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const PHONE = /^\+?[\d\s().-]{5,30}$/;

/**
 * The booking button's link from its value: an https URL as it is; an e-mail address (or a mailto: link) as
 * `mailto:`; a phone number (or a tel: link) as `tel:` with its digits; anything else (http:, javascript:, free
 * text) is no link at all, and the tour page then shows no button.
 */
export function bookingLink(value: string | null | undefined): BookingLink | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^https:/i.test(trimmed)) {
    const url = httpsUrl(trimmed);
    return url ? { href: url, kind: 'web' } : null;
  }
  const email = trimmed.replace(/^mailto:/i, '');
  if (EMAIL.test(email)) return { href: `mailto:${email}`, kind: 'email' };
  const phone = trimmed.replace(/^tel:/i, '');
  if (PHONE.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= 5) {
    return { href: `tel:${phone.startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`, kind: 'phone' };
  }
  return null;
}
