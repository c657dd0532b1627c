import {
  frameMessage,
  isParentMessage,
  type FrameMessageBody,
  type ParentMessage,
} from '../../../contract/src/frame-protocol';

export interface HostChannel {
  post(body: FrameMessageBody): void;
}

/** The window that drives this frame: its parent when framed, its opener when opened in a window of its own. */
export function findHost(): Window | null {
  if (window.parent !== window) return window.parent;
  return (window.opener as Window | null) ?? null;
}

/**
 * Listens to the host only, and only when the host is a page of our own origin: the sender is checked by identity
 * (ours is opaque) and by origin against the address this frame was served from, so a hostile site that frames
 * or opens this document cannot make it show its markup and run its scripts under our address. Answers the host;
 * the target origin is '*' because an opaque-origin document cannot name its parent's origin, and nothing secret
 * is ever sent.
 */
export function connectToHost(host: Window, onMessage: (message: ParentMessage) => void): HostChannel {
  window.addEventListener('message', (event) => {
    if (event.source !== host || event.origin !== window.location.origin || !isParentMessage(event.data)) return;
    onMessage(event.data);
  });
  return { post: (body) => host.postMessage(frameMessage(body), '*') };
}

/** Reports the height the content needs, so that frames which grow with their content can be sized by the admin. */
export function reportHeight(channel: HostChannel): void {
  let last = -1;
  const measure = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      channel.post({ type: 'resize', height });
    }
  };
  new ResizeObserver(measure).observe(document.body);
  measure();
}
