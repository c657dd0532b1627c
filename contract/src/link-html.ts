import { escapeHtml } from './media-embed.js';
import { filterLinkUrl } from './url-protocols.js';

/** The class a link shown as a button carries; the public site's frame styles give it the look of a button. */
export const LINK_BUTTON_CLASS = 'tcms-button';

/** What the editors' 'Insert Link' dialog asks for. */
export interface LinkChoice {
  href: string;
  /** The link's text; blank keeps the selected text, or shows the address when nothing is selected. */
  text: string;
  newTab: boolean;
  button: boolean;
}

export interface LinkAttributes {
  href: string;
  target?: string;
  rel?: string;
  class?: string;
}

/** The attributes of a chosen link: its address filtered by the protocol rule, a new tab that gets no handle on ours. */
export function linkAttributes(choice: Pick<LinkChoice, 'href' | 'newTab' | 'button'>): LinkAttributes {
  const attributes: LinkAttributes = { href: filterLinkUrl(choice.href) };
  if (choice.newTab) Object.assign(attributes, { target: '_blank', rel: 'noopener noreferrer' });
  if (choice.button) attributes.class = LINK_BUTTON_CLASS;
  return attributes;
}

/** A chosen link as HTML, escaped once here: `<a href="…" target="_blank" rel="…" class="tcms-button">text</a>`. */
export function linkHtml(choice: LinkChoice): string {
  const attributes = linkAttributes(choice);
  const text = choice.text.trim() || choice.href.trim();
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<a${attrs}>${escapeHtml(text)}</a>`;
}
