import { useEffect } from 'react';

/** The product's name after each screen's title in the browser tab (index.html starts with 'Admin · Tours CMS'). */
export const DOCUMENT_TITLE_SUFFIX = 'Tours CMS';

/**
 * Names the browser tab after the screen, so tabs, history and screen readers tell the screens apart. The title
 * before it comes back when the screen goes, so a screen that names nothing never shows the last one's name.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${DOCUMENT_TITLE_SUFFIX}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
