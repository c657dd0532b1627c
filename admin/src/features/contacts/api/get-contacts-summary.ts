import { useQuery } from '@tanstack/react-query';
import type { ContactSummary } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getContactsSummary = () => apiFetch<ContactSummary>('/contacts/summary');

/** How many inquiries are new: the sidebar shows it on every screen, and looks again every minute. */
export function useContactsSummary(enabled = true) {
  return useQuery({
    queryKey: queryKeys.contactsSummary,
    queryFn: getContactsSummary,
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}
