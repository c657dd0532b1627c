import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Component, ComponentInput } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const createComponent = (input: ComponentInput) =>
  apiFetch<Component>('/components/', { method: 'POST', body: input });
export const updateComponent = (id: number, input: ComponentInput) =>
  apiFetch<Component>(`/components/${id}`, { method: 'PUT', body: input });

/** Creates (no id) or updates a component, then reloads the components. */
export function useSaveComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ComponentInput }) =>
      id === undefined ? createComponent(input) : updateComponent(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.components }),
  });
}
