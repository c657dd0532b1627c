import { useQuery } from '@tanstack/react-query';
import type { Category, TaxonomyItem, TaxonomyKind } from '@tours-cms/contract';
import { apiFetch } from '../api-client';
import { queryKeys } from '../query-keys';

/*
 * Categories and tags, read by the screens that manage them and by the editors that choose them: one entry each, so
 * a category added on its screen is in the post form's select at once.
 */

export const getTaxonomy = (kind: TaxonomyKind) => apiFetch<TaxonomyItem[]>(`/${kind}/`);

export function useTaxonomy(kind: TaxonomyKind) {
  return useQuery({ queryKey: queryKeys.taxonomy(kind), queryFn: () => getTaxonomy(kind) });
}

/** Every category with its parent, for the post form's Category select. */
export function useCategories() {
  return useQuery({ queryKey: queryKeys.taxonomy('categories'), queryFn: () => apiFetch<Category[]>('/categories/') });
}

/** Every tag, for the post form's Tags card. */
export const useTags = () => useTaxonomy('tags');
