import { filterImageUrl, filterLinkUrl } from '../../../contract/src/url-protocols';

/**
 * Applies the link and image protocol rules to everything under root: an href or src with a protocol
 * that is not allowed becomes blank. Returns true when anything changed.
 */
export function sanitizeUrls(root: ParentNode): boolean {
  let changed = false;
  const apply = (element: Element, attribute: string, filter: (url: string) => string) => {
    const value = element.getAttribute(attribute);
    if (value === null) return;
    const safe = filter(value);
    if (safe !== value) {
      element.setAttribute(attribute, safe);
      changed = true;
    }
  };
  root.querySelectorAll('a[href], area[href]').forEach((a) => apply(a, 'href', filterLinkUrl));
  root.querySelectorAll('img[src]').forEach((img) => apply(img, 'src', filterImageUrl));
  return changed;
}
