import { FRAME_SANDBOX, FRAME_URLS, frameMessage, isFrameMessage, type ParentMessageBody } from '@tours-cms/contract';

const RUN_TIMEOUT_MS = 15_000;

/** Waits for the runtime in `target` to announce itself, then sends it one message. */
function sendWhenReady(target: () => Window | null, body: ParentMessageBody): () => void {
  const listener = (event: MessageEvent) => {
    const win = target();
    if (!win || event.source !== win || !isFrameMessage(event.data) || event.data.type !== 'ready') return;
    win.postMessage(frameMessage(body), '*');
    stop();
  };
  const timer = window.setTimeout(() => stop(), RUN_TIMEOUT_MS);
  const stop = () => {
    window.removeEventListener('message', listener);
    window.clearTimeout(timer);
  };
  window.addEventListener('message', listener);
  return stop;
}

/**
 * Runs HTML in a new window. The window loads our preview document, whose own policy sandboxes it
 * (opaque origin), and receives the HTML by message; it drops its link back to this window before the HTML's
 * scripts run. Returns false when the browser blocked the pop-up.
 */
export function runHtmlInNewWindow(html: string): boolean {
  const win = window.open(FRAME_URLS.preview, '_blank');
  if (!win) return false;
  sendWhenReady(() => win, { type: 'render', html });
  return true;
}

let nextRunId = 1;

/**
 * Evaluates JavaScript inside a hidden sandboxed frame, never in the admin. Resolves with
 * the error message when it throws, else null.
 */
export function runJavaScriptInSandbox(code: string): Promise<string | null> {
  return new Promise((resolve) => {
    const id = nextRunId++;
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', FRAME_SANDBOX);
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.title = 'JavaScript runner';
    frame.style.display = 'none';
    frame.src = FRAME_URLS.preview;

    const finish = (error: string | null) => {
      window.removeEventListener('message', onResult);
      window.clearTimeout(timer);
      stopSending();
      // Left in place a moment so that alerts or timers the code started can still show.
      window.setTimeout(() => frame.remove(), 5_000);
      resolve(error);
    };
    const onResult = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || !isFrameMessage(event.data)) return;
      if (event.data.type === 'script-result' && event.data.id === id) finish(event.data.error);
    };
    const timer = window.setTimeout(() => finish('The code did not finish in time.'), RUN_TIMEOUT_MS);
    window.addEventListener('message', onResult);
    const stopSending = sendWhenReady(() => frame.contentWindow, { type: 'run-script', id, code });
    document.body.appendChild(frame);
  });
}
