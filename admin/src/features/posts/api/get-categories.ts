import { useQuery } from '@tanstack/react-query';
import type { Category } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getCategories = () => apiFetch<Category[]>('/categories/');

export function useCategories() {
  return useQuery({ queryKey: queryKeys.taxonomy('categories'), queryFn: getCategories });
}
