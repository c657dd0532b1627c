import { useCallback, useMemo, useState } from 'react';

/** How many cards go into the page at a time. */
export const PROGRESSIVE_PAGE_SIZE = 60;

/**
 * Renders a long list a page at a time: the first page at once, the next as the end of the list scrolls into
 * view (or on "show more"). A library of thousands of files then lists and filters without lag, because the
 * page never holds more cards than the user has scrolled to. A new list (another filter) starts again at one page.
 */
export function useProgressiveList<T>(items: readonly T[], pageSize = PROGRESSIVE_PAGE_SIZE) {
  const [page, setPage] = useState({ items, count: pageSize });
  let count = page.count;
  if (page.items !== items) {
    // Adjusting state while rendering (not in an effect) so the shorter list shows in this very render.
    setPage({ items, count: pageSize });
    count = pageSize;
  }
  const shown = useMemo(() => items.slice(0, count), [items, count]);
  const showMore = useCallback(
    () => setPage((current) => ({ ...current, count: current.count + pageSize })),
    [pageSize],
  );

  /** Attach to an element after the list: when it comes near the viewport, the next page renders. */
  const sentinelRef = useNearEnd(showMore, shown.length);

  return { shown, remaining: items.length - shown.length, showMore, sentinelRef };
}

/**
 * A ref for an element after a list: `onReach` runs when it comes within 800 px of the viewport. `shownCount` makes
 * a new observer after each page, whose first report says whether the end is still in reach.
 */
export function useNearEnd(onReach: () => void, shownCount: number) {
  return useCallback(
    (node: Element | null) => {
      if (!node || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => entries.some((entry) => entry.isIntersecting) && onReach(),
        {
          rootMargin: '800px 0px',
        },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [onReach, shownCount],
  );
}
