import { connectToHost, findHost, reportHeight } from './host';
import { startCanvas } from './canvas';
import { startPreview } from './preview';
import { FORM_SUCCESS_MESSAGE, initWidgets, installWidgets } from './widgets';

/**
 * The runtime of the sandboxed content frames (/frame/canvas.html, /frame/preview.html), built on its own into
 * admin/dist/frame/runtime.js (admin/vite.frame.config.ts) and loaded as a classic script, since the frames have
 * an opaque origin. `data-frame-mode` on its script tag says which frame this is.
 */
function boot(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  // The public site's frame (server/src/public-site) holds its content already and talks to no admin: it only
  // needs the widgets. Its links are handled by the site's own frame script. Its document gives the validated
  // form's alert in the page's language (`data-form-success`).
  if (script?.dataset.frameMode === 'site') {
    const success = script.dataset.formSuccess;
    installWidgets(document, (message) =>
      window.alert(message === FORM_SUCCESS_MESSAGE && success ? success : message),
    );
    initWidgets(document.body);
    return;
  }
  const mode = script?.dataset.frameMode === 'canvas' ? 'canvas' : 'preview';
  const root = document.getElementById('tcms-root');
  const host = findHost();
  if (!root || !host) return;
  // Opened in a window of its own (the code editor's run): once connected, the content needs no way back.
  const standalone = host !== window.parent;

  installWidgets(document);
  let handle: ReturnType<typeof startCanvas> = () => undefined;
  const channel = connectToHost(host, (message) => {
    // Cut before the content's scripts run, so they never hold a reference to the admin's window.
    if (standalone) window.opener = null;
    handle(message);
  });
  handle = mode === 'canvas' ? startCanvas(root, channel) : startPreview(root, channel);
  if (!standalone) reportHeight(channel);
  channel.post({ type: 'ready' });
}

boot();
