import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaUse } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateMediaLists } from '../../../components/media-selector/use-media-list';

/** Moves an item to the trash; one in use only with `inUseConfirmed` (else 409 naming what uses it). */
export const deleteMedia = (id: number, inUseConfirmed = false) =>
  apiFetch<void>(`/media/${id}${inUseConfirmed ? '?in_use=confirmed' : ''}`, { method: 'DELETE' });

export const getMediaUsage = (id: number) => apiFetch<MediaUse[]>(`/media/${id}/usage`);

/** Moves a media item to the trash, then reloads the list. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, inUseConfirmed }: { id: number; inUseConfirmed?: boolean }) => deleteMedia(id, inUseConfirmed),
    onSettled: () => invalidateMediaLists(queryClient),
  });
}

/** The tours, pages and common components that use an item, for its details. */
export function useMediaUsage(id: number) {
  return useQuery({ queryKey: queryKeys.mediaUsage(id), queryFn: () => getMediaUsage(id) });
}
