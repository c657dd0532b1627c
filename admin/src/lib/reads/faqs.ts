import { useQuery } from '@tanstack/react-query';
import type { FaqListItem } from '@tours-cms/contract';
import { apiFetch } from '../api-client';
import { queryKeys } from '../query-keys';

/** Every FAQ with how many tours show it: the FAQs screen's list and the post editor's choice read the same entry. */
export function useFaqs() {
  return useQuery({ queryKey: queryKeys.faqs, queryFn: () => apiFetch<FaqListItem[]>('/faqs/') });
}
