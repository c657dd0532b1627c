import { useQuery } from '@tanstack/react-query';
import type { Page } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPage = (id: string) => apiFetch<Page>(`/pages/${encodeURIComponent(id)}`);

/** One page for the builder; drafts included (staff preview them here). Not retried: a 404 is an answer. */
export function usePage(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.page(id),
    queryFn: () => getPage(id!),
    enabled: id !== undefined,
    retry: false,
    // The builder edits its own copy; a refetch on focus must not replace the form under the user's hands.
    refetchOnWindowFocus: false,
  });
}
