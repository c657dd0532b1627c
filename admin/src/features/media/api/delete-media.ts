import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteMedia = (id: number) => apiFetch<void>(`/media/${id}`, { method: 'DELETE' });

/** Deletes a media item and its files, then reloads the list. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.media, exact: true }),
  });
}
