import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deletePage = (id: number) => apiFetch<void>(`/pages/${id}`, { method: 'DELETE' });

/** Deletes a page, then reloads the list and the dashboard totals. */
export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
