import { SITE_FRAME_PROTOCOL, SITE_PATH } from '../../../../contract/src/site-frame-protocol';
import { startGalleryViewer } from './gallery-viewer';

/**
 * Runs in the public site's own documents, inlined by the server and named by its hash: takes `navigate`, `open`
 * and `resize` messages from its own frames only (the sender is checked by identity: the frames' origin is
 * opaque), navigates only to the site's own page and tour addresses on this origin, opens only http(s) URLs, in a
 * new tab without a way back to this page, and sizes only frames marked `data-autosize`. A tour's gallery opens in
 * a viewer (gallery-viewer.ts). Prices marked `data-currency` are written again in the visitor's own number format
 * (the server writes them in English, for visitors without scripts and for search engines).
 */
const frames = document.querySelectorAll<HTMLIFrameElement>('iframe[data-site-frame]');

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
    frame.style.height = `${Math.min(Math.ceil(data.height), 20000)}px`;
  }
});

startGalleryViewer();

for (const price of document.querySelectorAll<HTMLDataElement>('data[data-currency]')) {
  try {
    price.textContent = new Intl.NumberFormat(navigator.languages, {
      style: 'currency',
      currency: price.getAttribute('data-currency') ?? undefined,
    }).format(Number(price.value));
  } catch {
    // An unknown currency code keeps the server's English text.
  }
}
