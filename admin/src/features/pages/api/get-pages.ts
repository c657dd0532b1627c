import { useQuery } from '@tanstack/react-query';
import type { PageListItem } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPages = () => apiFetch<PageListItem[]>('/pages/');

export function usePages() {
  return useQuery({ queryKey: queryKeys.pages, queryFn: getPages });
}
