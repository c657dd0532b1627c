import {
  dismissedLanguages,
  LANGUAGE_BANNER_STORAGE_KEY,
  languageBannerText,
  ownLanguageName,
  suggestedLanguage,
} from '../../../../contract/src/language-banner';

/**
 * The language suggestion (issue 30 item 4), in the site's own documents: when the visitor's browser prefers
 * another language this item is published in (the document's `hreflang` alternates, written only on sites in more
 * than one language), a banner in that language links to it ("Diese Seite gibt es auf Deutsch.") and can be closed;
 * a closed suggestion is kept in localStorage and not made again. Never a redirect, and nothing the server writes
 * depends on the visitor: the page in the cache is the same for everyone.
 *
 * The banner is fixed to the bottom of the viewport, over the page, so nothing moves when it appears (and a
 * visitor who gets none has a page that never held a place for it). Styled through the CSSOM, which the
 * documents' policy allows (a `style` attribute in markup or a `<style>` element would need a hash).
 */
export function startLanguageBanner(): void {
  const current = document.documentElement.lang;
  const alternates = new Map<string, string>();
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
    const tag = link.hreflang;
    if (tag && tag !== 'x-default' && link.href) alternates.set(tag, link.href);
  }
  if (!current || alternates.size < 2) return;
  const suggestion = suggestedLanguage(current, [...alternates.keys()], navigator.languages ?? []);
  const href = suggestion ? alternates.get(suggestion) : undefined;
  if (!suggestion || !href || new URL(href).origin !== location.origin) return;
  let dismissed: string[] = [];
  try {
    dismissed = dismissedLanguages(localStorage.getItem(LANGUAGE_BANNER_STORAGE_KEY));
  } catch {
    // Storage refused: the suggestion is made on every page, and closing it lasts this page.
  }
  if (dismissed.includes(suggestion)) return;
  document.body.prepend(banner(suggestion, new URL(href).pathname, dismissed));
}

function banner(language: string, path: string, dismissed: readonly string[]): HTMLElement {
  const text = languageBannerText(language);
  const aside = document.createElement('aside');
  aside.className = 'language-banner';
  aside.lang = language;
  aside.setAttribute('aria-label', ownLanguageName(language));
  Object.assign(aside.style, {
    position: 'fixed',
    left: '0.75rem',
    right: '0.75rem',
    bottom: '0.75rem',
    zIndex: '50',
    maxWidth: '34rem',
    margin: '0 auto',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '0.5rem 1rem',
    padding: '0.75rem 0.75rem 0.75rem 1rem',
    borderRadius: '0.5rem',
    background: '#1e293b',
    color: '#fff',
    font: '1rem/1.4 system-ui, sans-serif',
    boxShadow: '0 4px 16px rgb(0 0 0 / 0.25)',
  } satisfies Partial<CSSStyleDeclaration>);

  if (text.sentence) {
    const sentence = document.createElement('p');
    sentence.textContent = text.sentence;
    Object.assign(sentence.style, { margin: '0', flex: '1 1 12rem' });
    aside.append(sentence);
  }
  const link = document.createElement('a');
  link.href = path;
  link.hreflang = language;
  link.textContent = text.link;
  Object.assign(link.style, { color: '#fff', fontWeight: '600', textDecoration: 'underline' });

  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', text.close);
  close.title = text.close;
  Object.assign(close.style, {
    marginLeft: 'auto',
    minWidth: '2.75rem',
    minHeight: '2.75rem',
    border: '1px solid rgb(255 255 255 / 0.6)',
    borderRadius: '0.375rem',
    background: 'transparent',
    color: '#fff',
    font: '1.5rem/1 system-ui, sans-serif',
    cursor: 'pointer',
  } satisfies Partial<CSSStyleDeclaration>);
  close.addEventListener('click', () => {
    try {
      localStorage.setItem(LANGUAGE_BANNER_STORAGE_KEY, [...dismissed, language].join(' '));
    } catch {
      // As above: closed for this page only.
    }
    aside.remove();
  });
  aside.append(link, close);
  return aside;
}
