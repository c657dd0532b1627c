import { createHash } from 'node:crypto';
import { FRAME_SANDBOX } from '@tours-cms/contract';

/**
 * Every Content-Security-Policy the server sends, built here from shared directives so that the policies can be
 * read side by side and a directive changed once. Five kinds of answer, five stances:
 *
 * - the admin runs only its own scripts (ADMIN_CSP); API answers are data and run nothing (API_CSP);
 * - stored media files run and load nothing (MEDIA_CSP);
 * - staff content runs anything, but only in a sandbox with an opaque origin: the builder's frames (FRAME_CSP) and
 *   the public pages with their srcdoc frame (SITE_CSP);
 * - the site's own documents (tour pages, the catalogue) are not sandboxed, so they run exactly one script and
 *   one stylesheet, named by hash (shellPolicy), and the 404 screen runs nothing (NOT_FOUND_CSP).
 */

/** A policy's directives, in the order they are sent: name to sources ('' for a directive without any). */
type Directives = Readonly<Record<string, string>>;

/** The header's value: `name sources; name sources`. */
export function policy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources ? `${name} ${sources}` : name))
    .join('; ');
}

const SELF = "'self'";
const NONE = "'none'";
const ANY_WEB = 'https: http:';

/**
 * What staff content may load and run: anything from anywhere, on purpose (widgets, booking embeds, fonts, maps).
 * What keeps it away from the admin is not this list but the sandbox each policy that uses it adds.
 */
const OPEN_CONTENT: Directives = {
  'default-src': `${SELF} data: blob: ${ANY_WEB}`,
  'script-src': `${SELF} 'unsafe-inline' 'unsafe-eval' blob: ${ANY_WEB}`,
  'style-src': `${SELF} 'unsafe-inline' ${ANY_WEB}`,
  'img-src': `${SELF} data: blob: ${ANY_WEB}`,
  'font-src': `${SELF} data: ${ANY_WEB}`,
  'media-src': `${SELF} data: blob: ${ANY_WEB}`,
  'connect-src': `${SELF} ${ANY_WEB}`,
  'frame-src': `${SELF} ${ANY_WEB}`,
};

/** No plugins, and relative URLs resolve against our own origin. */
const NO_PLUGINS_OWN_BASE: Directives = { 'object-src': NONE, 'base-uri': SELF };

/** Only our own pages may frame the document. */
const FRAMED_BY_SELF: Directives = { 'frame-ancestors': SELF };

/** The sandbox of the public page's frame: scripts, forms and popups, never allow-same-origin. */
export const SITE_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups';

/**
 * The admin's policy: scripts only from our own origin, never inline, so content scripts can run only inside
 * sandboxed frames served from their own URL with their own policy.
 */
export const ADMIN_CSP = policy({
  'default-src': SELF,
  'script-src': SELF,
  'style-src': `${SELF} 'unsafe-inline'`,
  'img-src': `${SELF} data: blob: ${ANY_WEB}`,
  'media-src': `${SELF} blob: ${ANY_WEB}`,
  'font-src': `${SELF} data:`,
  'connect-src': SELF,
  'frame-src': `${SELF} blob:`,
  'worker-src': `${SELF} blob:`,
  ...NO_PLUGINS_OWN_BASE,
  'form-action': SELF,
  ...FRAMED_BY_SELF,
});

/** API answers are data, never documents: nothing in them may run or be framed. */
export const API_CSP = policy({ 'default-src': NONE, 'frame-ancestors': NONE });

/**
 * Every stored file is sent with a policy that runs nothing and loads nothing: an uploaded PDF, SVG-looking text or
 * HTML-looking text opened straight from our origin is inert there (`sandbox` gives it an opaque origin of its own).
 */
export const MEDIA_CSP = policy({ sandbox: '', 'default-src': NONE });

/**
 * The policy of every content frame of the builder and previews. Content scripts must run here (inline and
 * external: widgets, booking embeds), so scripts are allowed broadly; what keeps them away from the admin is the
 * `sandbox` directive: even opened top-level, the document gets an opaque origin and can reach neither the admin's
 * storage nor its DOM. A form in content posts to our own server (inquiries) and nowhere else: no phishing form
 * under our address.
 */
export const FRAME_CSP = policy({
  ...OPEN_CONTENT,
  ...NO_PLUGINS_OWN_BASE,
  'form-action': SELF,
  ...FRAMED_BY_SELF,
  sandbox: FRAME_SANDBOX,
});

/**
 * The policy of every public page, which its srcdoc frame inherits (see ARCHITECTURE.md, "The public site").
 * Page content may carry scripts, styles, embeds and forms from anywhere on purpose, so those are open; what
 * protects the site is the sandbox: the frame runs with an opaque origin, and so does this document itself
 * (the `sandbox` directive), so neither can read the admin's token in the site origin's storage even if page
 * HTML ever escaped its attribute. `allow-popups-to-escape-sandbox` applies to this document only (the frame's
 * own attribute lacks it): links the frame hands up open as ordinary tabs.
 */
export const SITE_CSP = policy({
  ...OPEN_CONTENT,
  'form-action': `${SELF} ${ANY_WEB}`,
  ...NO_PLUGINS_OWN_BASE,
  ...FRAMED_BY_SELF,
  sandbox: `${SITE_FRAME_SANDBOX} allow-popups-to-escape-sandbox`,
});

/** The 404 screen runs nothing and loads nothing: inline styles only. */
export const NOT_FOUND_CSP = policy({
  'default-src': NONE,
  'style-src': "'unsafe-inline'",
  'img-src': 'data:',
  ...FRAMED_BY_SELF,
  'base-uri': NONE,
});

/**
 * The policy of the site's own documents (tour pages, the catalogue), given the CSP hashes of their one inline
 * script and one stylesheet. They are not sandboxed: a booking provider's frame needs its own origin's cookies and
 * storage, which a sandboxed parent would take from it (ARCHITECTURE.md, "Tour pages"). So they hold no staff
 * markup at all, only text escaped into our own markup, and run exactly that script and that stylesheet. Staff
 * HTML (header, footer, a tour's content) lives in sandboxed frames of our own URLs, with their own policy;
 * providers' frames come from https only.
 */
export function shellPolicy(hashes: { script: string; style: string }): string {
  return policy({
    'default-src': NONE,
    'script-src': hashes.script,
    'style-src': hashes.style,
    'img-src': `${SELF} https: data:`,
    // Nothing here fetches; crawlers' tools (Lighthouse's robots.txt check) read the site's own files from the page.
    'connect-src': SELF,
    'frame-src': `${SELF} https:`,
    'form-action': SELF,
    'base-uri': NONE,
    'object-src': NONE,
    ...FRAMED_BY_SELF,
  });
}

/** A CSP source for an inline script or style: its SHA-256 (the site's own documents run nothing else). */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
