import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { modulesQueryKey } from './get-modules';

export const deleteModule = (id: number) => apiFetch<void>(`/modules/${id}`, { method: 'DELETE' });

export function useDeleteModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modulesQueryKey }),
  });
}
