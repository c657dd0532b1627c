import sanitizeHtml from 'sanitize-html';
import { filterLinkUrl } from '@tours-cms/contract';

/**
 * What a tour section's rich text may hold (an itinerary day's description, an FAQ's answer): the formatting the
 * post editor makes, links of the contract's protocols, nothing that runs. These are shown in the site's own
 * documents (not a sandboxed frame), so they are cleaned on save, once: whatever a client sends, what is stored and
 * answered can be shown as is.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'blockquote',
    'code',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  // The contract's rule decides (http, https, mailto, tel and relative links); sanitize-html's own check is off.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = filterLinkUrl(attribs.href ?? '');
      const attributes: Record<string, string> = href ? { href } : {};
      // A link that opens a new tab never gives that page a handle on ours.
      if (href && attribs.target === '_blank')
        Object.assign(attributes, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs: attributes };
    },
  },
};

/** Rich text with scripts, event handlers, styles and unknown markup removed; null stays null, blank becomes null. */
export function cleanRichText(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeHtml(html, RICH_TEXT).trim();
  return clean === '' ? null : clean;
}
