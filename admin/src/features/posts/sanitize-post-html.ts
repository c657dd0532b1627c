import DOMPurify from 'dompurify';
import { isAllowedImageUrl, isAllowedLinkUrl } from '../../components/editors/prose-editor/content-urls';

// An instance of our own: hooks added to the default DOMPurify would apply to every other screen that uses it.
const purifier = DOMPurify(window);

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof HTMLAnchorElement) {
    const href = node.getAttribute('href');
    if (href !== null && !isAllowedLinkUrl(href)) node.setAttribute('href', '');
    // A link that opens a new tab must not be able to reach back into the admin through window.opener.
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node instanceof HTMLImageElement) {
    const src = node.getAttribute('src');
    if (src !== null && !isAllowedImageUrl(src)) node.setAttribute('src', '');
  }
});

/**
 * Post HTML made safe to show in the admin: no scripts, event handlers, frames, forms or styles
 * that could run code or spoof the screen, and the spec's link and image protocol rules.
 */
export function sanitizePostHtml(html: string | null | undefined): string {
  if (!html) return '';
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    ADD_ATTR: ['target'],
  });
}
