import { SITE_FRAME_HEIGHTS_PATH, SITE_FRAME_PROTOCOL, SITE_PATH } from '../../../../contract/src/site-frame-protocol';
import { startGalleryViewer } from './gallery-viewer';
import { startDisplayCurrency } from './display-currency';

/**
 * Runs in the public site's own documents, inlined by the server and named by its hash: takes `navigate`, `open`
 * and `resize` messages from its own frames only (the sender is checked by identity: the frames' origin is
 * opaque), navigates only to the site's own page and tour addresses on this origin, opens only http(s) URLs, in a
 * new tab without a way back to this page, and sizes only frames marked `data-autosize`. A tour's gallery opens in
 * a viewer (gallery-viewer.ts). Prices are left as the server wrote them, in the document's language (issue 30:
 * the page's language decides, not the browser's), and the visitor's display currency, chosen in the page's "Show
 * prices in", is applied and kept in that same format (display-currency.ts). The language suggestion banner is a script
 * of its own (languages.ts), inlined only in documents of an item in more than one language.
 *
 * An autosized frame starts at the height measured at this viewport width (`data-heights`, `width:height` pairs,
 * applied by the small script the server writes after the frame: FRAME_SIZE_SCRIPT in site-shell.ts), so the
 * page does not shift when the frame reports its own. When a frame's height settles at a value the server did not
 * give for this width, the page tells the server (SITE_FRAME_HEIGHTS_PATH), which keeps it, clamped, for the next
 * render.
 */
const frames = document.querySelectorAll<HTMLIFrameElement>('iframe[data-site-frame]');

/** The viewport's width in CSS pixels (innerWidth needs no layout, unlike clientWidth). */
const viewportWidth = window.innerWidth;

/** The height the server knows for the frame at exactly this width (data-heights), or null. */
function knownHeight(frame: HTMLIFrameElement): number | null {
  for (const pair of (frame.getAttribute('data-heights') ?? '').split(' ')) {
    const [width, height] = pair.split(':').map(Number);
    if (width === viewportWidth && Number.isInteger(height)) return height!;
  }
  return null;
}

/** Each autosized frame's height as known to the server at this width, and as the frame last reported it. */
const heights = new Map<HTMLIFrameElement, { known: number | null; reported: number | null }>();
for (const frame of frames)
  if (frame.hasAttribute('data-autosize')) heights.set(frame, { known: knownHeight(frame), reported: null });

/** Tells the server the heights that differ from what it knows, once the frames have stopped resizing. */
let reportTimer: ReturnType<typeof setTimeout> | undefined;
function reportHeights(): void {
  const changed: { src: string; height: number }[] = [];
  for (const [frame, height] of heights) {
    const src = frame.getAttribute('src');
    if (src && height.reported !== null && height.reported !== height.known) {
      changed.push({ src, height: height.reported });
      height.known = height.reported;
    }
  }
  if (changed.length && 'sendBeacon' in navigator)
    navigator.sendBeacon(
      SITE_FRAME_HEIGHTS_PATH,
      new Blob([JSON.stringify({ width: viewportWidth, frames: changed })], { type: 'application/json' }),
    );
}

function frameOf(source: MessageEventSource | null): HTMLIFrameElement | null {
  for (const frame of frames) if (frame.contentWindow === source) return frame;
  return null;
}

/** The message's fields, read as unknown: anything in a frame may post to this window. */
type Untrusted = Partial<Record<'protocol' | 'type' | 'path' | 'url' | 'height', unknown>>;

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data as Untrusted | null;
  const frame = frameOf(event.source);
  if (!frame || !data || typeof data !== 'object' || data.protocol !== SITE_FRAME_PROTOCOL) return;
  if (data.type === 'navigate' && typeof data.path === 'string' && data.path.length <= 2000 && data.path[0] === '/') {
    let target: URL;
    try {
      target = new URL(data.path, location.origin);
    } catch {
      return;
    }
    if (target.origin === location.origin && SITE_PATH.test(target.pathname))
      location.assign(target.pathname + target.search + target.hash);
  } else if (data.type === 'open' && typeof data.url === 'string') {
    let url: URL;
    try {
      url = new URL(data.url);
    } catch {
      return;
    }
    if (url.protocol === 'http:' || url.protocol === 'https:') window.open(url.href, '_blank', 'noopener,noreferrer');
  } else if (
    data.type === 'resize' &&
    frame.hasAttribute('data-autosize') &&
    typeof data.height === 'number' &&
    data.height >= 0
  ) {
    const height = Math.min(Math.ceil(data.height), 20000);
    frame.style.height = `${height}px`;
    const known = heights.get(frame);
    if (known) {
      known.reported = height;
      clearTimeout(reportTimer);
      reportTimer = setTimeout(reportHeights, 2000);
    }
  }
});

startGalleryViewer();

startDisplayCurrency();
