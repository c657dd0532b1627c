import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxonomyKind } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteTaxonomyItem = (kind: TaxonomyKind, id: number) =>
  apiFetch<void>(`/${kind}/${id}`, { method: 'DELETE' });

/** Deletes a category or tag; its children become top-level, and a category's posts lose their category. */
export function useDeleteTaxonomyItem(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteTaxonomyItem(kind, id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.taxonomy(kind) });
      if (kind === 'categories') void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    },
  });
}
