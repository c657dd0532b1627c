import { useQuery } from '@tanstack/react-query';
import type { Category } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';

/**
 * The categories for the Publish card's select. The key is the one the Categories screen uses, so a category
 * added there shows up here (features share the cache, not code).
 */
export const categoriesQueryKey = ['categories'] as const;
export const getCategories = () => apiFetch<Category[]>('/categories/');

export function useCategories() {
  return useQuery({ queryKey: categoriesQueryKey, queryFn: getCategories });
}
