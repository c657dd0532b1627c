import type { PageListItem } from '@tours-cms/contract';
import { queryKeys } from '../../../lib/query-keys';
import { useServerList } from '../../../lib/use-server-list';

/** The pages a page at a time, searched, filtered and sorted on the server (`GET /pages/?…`). */
export function usePagesPages(params: Record<string, string>) {
  return useServerList<PageListItem>(queryKeys.pages, '/pages/', params);
}
