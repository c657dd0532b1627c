import { useQuery } from '@tanstack/react-query';
import type { TaxonomyItem, TaxonomyKind } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getTaxonomy = (kind: TaxonomyKind) => apiFetch<TaxonomyItem[]>(`/${kind}/`);

export function useTaxonomy(kind: TaxonomyKind) {
  return useQuery({ queryKey: queryKeys.taxonomy(kind), queryFn: () => getTaxonomy(kind) });
}
