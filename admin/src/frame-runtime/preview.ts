import type { ParentMessage } from '../../../contract/src/frame-protocol';
import type { HostChannel } from './host';
import { runScripts } from './run-scripts';
import { initWidgets } from './widgets';
import { wrapLooseText } from './page-column';

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Render-only frames: admin previews, the component viewer, the code editor's runs. Content is shown as it is, its
 * scripts run and its widgets work. Links do not take the preview away from the content (the admin keeps talking
 * to this document), except in-page anchors and links that open a new window.
 */
export function startPreview(root: HTMLElement, channel: HostChannel): (message: ParentMessage) => void {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link || event.defaultPrevented) return;
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith('#') || link.getAttribute('target') === '_blank') return;
    event.preventDefault();
  });

  return (message) => {
    if (message.type === 'render') {
      root.innerHTML = message.html;
      wrapLooseText(document);
      runScripts(root);
      initWidgets(root);
    } else if (message.type === 'run-script') {
      try {
        // The code editor's "run": the user's own JavaScript, evaluated here and never in the admin.
        new Function(message.code)();
        channel.post({ type: 'script-result', id: message.id, error: null });
      } catch (error) {
        channel.post({ type: 'script-result', id: message.id, error: errorMessage(error) });
      }
    }
  };
}
