import { SITE_FRAME_PROTOCOL, SITE_PATH, type SiteFrameMessage } from '../../../../contract/src/site-frame-protocol';
import { wrapLooseText } from '../page-column';

/**
 * Runs inside every frame of staff content on the public site (a page's srcdoc frame; a tour page's header,
 * content and footer frames), inlined by the server and named by its hash: clicks on links to the site's own pages
 * and tours become a `navigate` message with the path (a frame cannot navigate the page it sits in, and should not
 * load a page inside itself); links to anything else over http(s) (files on this site, other sites, and any link
 * with target="_blank") become an `open` message, since a sandboxed frame may neither show a PDF nor download, and
 * a popup it opened itself would stay sandboxed. In-page anchors, other protocols (mailto:, tel:), named targets,
 * modified clicks and links a content script already handled are left to the browser. The site's address is the
 * frame's base URL (its origin is opaque). A frame marked `data-autosize` on its root reports its height, so the
 * page can size it.
 */
const site = new URL(document.baseURI);

// A page made in the page builder: text typed before any paragraph takes its place in the column too.
wrapLooseText(document);

// The parser runs this script once the stylesheets have loaded: the frame's content shows from here on (never laid
// out unstyled first, which shifted it). Without scripts, a <noscript> style shows it at once, and should a frame's
// script not run at all, its content shows after 3 s regardless (FRAME_STYLES' tcms-reveal).
document.documentElement.classList.add('tcms-styled');

type Message = SiteFrameMessage extends infer M ? (M extends unknown ? Omit<M, 'protocol'> : never) : never;

function send(message: Message): void {
  parent.postMessage({ ...message, protocol: SITE_FRAME_PROTOCOL }, '*');
}

const FOLLOWED_TARGETS = ['_self', '_top', '_parent', '_blank'];

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  const target = link ? (link.getAttribute('target') || '_self').toLowerCase() : '';
  if (!link || !FOLLOWED_TARGETS.includes(target)) return;
  const href = link.getAttribute('href') || '';
  if (href.charAt(0) === '#' && target !== '_blank') return;
  let url: URL;
  try {
    url = new URL(href, site);
  } catch {
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
  event.preventDefault();
  if (target === '_blank' || url.origin !== site.origin || !SITE_PATH.test(url.pathname)) {
    send({ type: 'open', url: url.href });
    return;
  }
  if (url.pathname === site.pathname && url.search === site.search && url.hash) {
    document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView();
    return;
  }
  send({ type: 'navigate', path: url.pathname + url.search + url.hash });
});

const root = document.querySelector('[data-autosize]');
if (root) {
  let reported = -1;
  const report = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height !== reported) {
      reported = height;
      send({ type: 'resize', height });
    }
  };
  // A frame below the fold may not render (nor observe resizes) until it is scrolled to, so the height is also
  // measured on load and a few times after, while styles and fonts arrive.
  if ('ResizeObserver' in window) new ResizeObserver(report).observe(root);
  window.addEventListener('load', () => {
    report();
    for (const delay of [250, 1000, 3000]) setTimeout(report, delay);
  });
}
