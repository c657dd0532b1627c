import type { PageListItem, PageStatus } from '@tours-cms/contract';

/** A case-insensitive substring of the title, and the exact status when one is chosen. */
export function filterPages(pages: readonly PageListItem[], search: string, status: PageStatus | ''): PageListItem[] {
  const needle = search.trim().toLowerCase();
  return pages.filter(
    (page) => (!status || page.status === status) && (!needle || page.title.toLowerCase().includes(needle)),
  );
}
