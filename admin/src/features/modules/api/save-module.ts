import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Module, ModuleInput } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const createModule = (input: ModuleInput) => apiFetch<Module>('/modules/', { method: 'POST', body: input });
export const updateModule = (id: number, input: ModuleInput) =>
  apiFetch<Module>(`/modules/${id}`, { method: 'PUT', body: input });

/** Creates (no id) or updates a module, then reloads the list. */
export function useSaveModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ModuleInput }) =>
      id === undefined ? createModule(input) : updateModule(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.modules }),
  });
}
