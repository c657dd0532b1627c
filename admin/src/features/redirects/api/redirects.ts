import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Redirect, RedirectInput } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getRedirects = () => apiFetch<Redirect[]>('/redirects/');
export const createRedirect = (input: RedirectInput) =>
  apiFetch<Redirect>('/redirects/', { method: 'POST', body: input });
export const updateRedirect = (id: number, input: RedirectInput) =>
  apiFetch<Redirect>(`/redirects/${id}`, { method: 'PUT', body: input });
export const deleteRedirect = (id: number) => apiFetch<void>(`/redirects/${id}`, { method: 'DELETE' });

export function useRedirects() {
  return useQuery({ queryKey: queryKeys.redirects, queryFn: getRedirects });
}

/** Creates (no id) or updates a redirect, then reloads the list. */
export function useSaveRedirect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: RedirectInput }) =>
      id === undefined ? createRedirect(input) : updateRedirect(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.redirects }),
  });
}

export function useDeleteRedirect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRedirect,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.redirects }),
  });
}
