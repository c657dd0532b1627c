import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { pagesQueryKey } from './get-pages';

export const deletePage = (id: number) => apiFetch<void>(`/pages/${id}`, { method: 'DELETE' });

/** Deletes a page, then reloads the list (spec §7) and the dashboard totals. */
export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pagesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
