import { useQuery } from '@tanstack/react-query';
import type { TaxonomyItem, TaxonomyKind } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';

/** ['categories'] or ['tags']: the Post form's category select reads the same cache entry. */
export const taxonomyQueryKey = (kind: TaxonomyKind) => [kind] as const;
export const getTaxonomy = (kind: TaxonomyKind) => apiFetch<TaxonomyItem[]>(`/${kind}/`);

export function useTaxonomy(kind: TaxonomyKind) {
  return useQuery({ queryKey: taxonomyQueryKey(kind), queryFn: () => getTaxonomy(kind) });
}
