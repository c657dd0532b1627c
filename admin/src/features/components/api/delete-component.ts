import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteComponent = (id: number) => apiFetch<void>(`/components/${id}`, { method: 'DELETE' });

export function useDeleteComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComponent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.components }),
  });
}
