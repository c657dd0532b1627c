import { createHash } from 'node:crypto';
import { GALLERY_VIEWER_SCRIPT } from './gallery-viewer.js';

/** Tags the messages between the public site's documents and their frames, so messages of embedded widgets are ignored. */
export const SITE_FRAME_PROTOCOL = 'tours-cms-site/1';

/**
 * The site's own addresses a frame may send the visitor to: `/`, `/{page}`, `/tours`, `/tours/{tour}` and
 * `/tours/category/{category}` (any query and fragment). One pattern, written into both scripts below.
 */
const SITE_PATH = String.raw`/^\/(?:tours(?:\/category)?\/)?[^\/]*$/`;

/**
 * Runs inside every frame of staff content (a page's srcdoc frame; a tour page's header, content and footer
 * frames): clicks on links to the site's own pages and tours become a `navigate` message with the path (a
 * frame cannot navigate the page it sits in, and should not load a page inside itself); links to anything else
 * over http(s) (files on this site, other sites, and any link with target="_blank") become an `open` message,
 * since a sandboxed frame may neither show a PDF nor download, and a popup it opened itself would stay
 * sandboxed. In-page anchors, other protocols (mailto:, tel:), named targets, modified clicks and links a
 * content script already handled are left to the browser. The site's address is the frame's base URL (its
 * origin is opaque). A frame marked `data-autosize` on its root reports its height, so the page can size it.
 */
export const FRAME_SCRIPT = `(function () {
  var site = new URL(document.baseURI);
  var sitePath = ${SITE_PATH};
  function send(message) { message.protocol = '${SITE_FRAME_PROTOCOL}'; parent.postMessage(message, '*'); }
  document.addEventListener('click', function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var link = event.target && event.target.closest ? event.target.closest('a[href]') : null;
    var target = link ? (link.getAttribute('target') || '_self').toLowerCase() : '';
    if (!link || ['_self', '_top', '_parent', '_blank'].indexOf(target) < 0) return;
    var href = link.getAttribute('href') || '';
    if (href.charAt(0) === '#' && target !== '_blank') return;
    var url;
    try { url = new URL(href, site); } catch (error) { return; }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    event.preventDefault();
    if (target === '_blank' || url.origin !== site.origin || !sitePath.test(url.pathname)) return send({ type: 'open', url: url.href });
    if (url.pathname === site.pathname && url.search === site.search && url.hash) {
      var anchor = document.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (anchor) anchor.scrollIntoView();
      return;
    }
    send({ type: 'navigate', path: url.pathname + url.search + url.hash });
  });
  var root = document.querySelector('[data-autosize]');
  if (root) {
    var reported = -1;
    var report = function () {
      var height = Math.ceil(root.getBoundingClientRect().height);
      if (height !== reported) { reported = height; send({ type: 'resize', height: height }); }
    };
    // A frame below the fold may not render (nor observe resizes) until it is scrolled to, so the height is also
    // measured on load and a few times after, while styles and fonts arrive.
    if (window.ResizeObserver) new ResizeObserver(report).observe(root);
    window.addEventListener('load', function () {
      report();
      [250, 1000, 3000].forEach(function (delay) { setTimeout(report, delay); });
    });
  }
})();`;

/**
 * Runs in the site's own documents: takes `navigate`, `open` and `resize` messages from its own frames only (the
 * sender is checked by identity: the frames' origin is opaque), navigates only to the site's own page and tour
 * addresses on this origin, opens only http(s) URLs, in a new tab without a way back to this page, and sizes
 * only frames marked `data-autosize`. A tour's gallery opens in a viewer (gallery-viewer.ts). Prices marked `data-currency` are written again in the visitor's own
 * number format (the server writes them in English, for visitors without scripts and for search engines).
 */
export const PARENT_SCRIPT = `(function () {
  var frames = document.querySelectorAll('iframe[data-site-frame]');
  var sitePath = ${SITE_PATH};
  function frameOf(source) {
    for (var i = 0; i < frames.length; i++) if (frames[i].contentWindow === source) return frames[i];
    return null;
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    var frame = frameOf(event.source);
    if (!frame || !data || data.protocol !== '${SITE_FRAME_PROTOCOL}') return;
    if (data.type === 'navigate' && typeof data.path === 'string' && data.path.length <= 2000 && data.path.charAt(0) === '/') {
      var target;
      try { target = new URL(data.path, location.origin); } catch (error) { return; }
      if (target.origin === location.origin && sitePath.test(target.pathname)) location.assign(target.pathname + target.search + target.hash);
    } else if (data.type === 'open' && typeof data.url === 'string') {
      var url;
      try { url = new URL(data.url); } catch (error) { return; }
      if (url.protocol === 'http:' || url.protocol === 'https:') window.open(url.href, '_blank', 'noopener,noreferrer');
    } else if (data.type === 'resize' && frame.hasAttribute('data-autosize') && typeof data.height === 'number' && data.height >= 0) {
      frame.style.height = Math.min(Math.ceil(data.height), 20000) + 'px';
    }
  });
${GALLERY_VIEWER_SCRIPT}
  var prices = document.querySelectorAll('data[data-currency]');
  for (var i = 0; i < prices.length; i++) {
    try {
      prices[i].textContent = new Intl.NumberFormat(navigator.languages, { style: 'currency', currency: prices[i].getAttribute('data-currency') }).format(Number(prices[i].value));
    } catch (error) {}
  }
})();`;

/** A CSP source for an inline script or style: its SHA-256 (the site's own documents run nothing else). */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}
