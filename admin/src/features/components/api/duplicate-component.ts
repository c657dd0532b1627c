import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Component } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /components/{id}/duplicate: a copy named "… (copy)", inactive, with a slug of its own. */
export const duplicateComponent = (id: number) =>
  apiFetch<Component>(`/components/${id}/duplicate`, { method: 'POST' });

export function useDuplicateComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateComponent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.components }),
  });
}
