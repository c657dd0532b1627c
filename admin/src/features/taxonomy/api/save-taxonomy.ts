import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxonomyInput, TaxonomyItem, TaxonomyKind } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const createTaxonomyItem = (kind: TaxonomyKind, input: TaxonomyInput) =>
  apiFetch<TaxonomyItem>(`/${kind}/`, { method: 'POST', body: input });
export const updateTaxonomyItem = (kind: TaxonomyKind, id: number, input: TaxonomyInput) =>
  apiFetch<TaxonomyItem>(`/${kind}/${id}`, { method: 'PUT', body: input });

/** Creates (no id) or updates a category or tag, then reloads that list. */
export function useSaveTaxonomyItem(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: TaxonomyInput }) =>
      id === undefined ? createTaxonomyItem(kind, input) : updateTaxonomyItem(kind, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.taxonomy(kind) }),
  });
}
