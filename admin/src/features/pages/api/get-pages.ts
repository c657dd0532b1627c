import { useQuery } from '@tanstack/react-query';
import type { PageListItem } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';

/** Every pages query starts with this key, so one invalidation refreshes the list and the open page. */
export const pagesQueryKey = ['pages'] as const;
export const getPages = () => apiFetch<PageListItem[]>('/pages/');

export function usePages() {
  return useQuery({ queryKey: pagesQueryKey, queryFn: getPages });
}
