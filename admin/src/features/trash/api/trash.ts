import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrashItemType, TrashEntry, TrashList, TrashRestored } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getTrash = (type: TrashItemType | '', page: number) =>
  apiFetch<TrashList>(`/trash/?page=${page}${type ? `&type=${type}` : ''}`);
export const restoreFromTrash = (id: number) => apiFetch<TrashRestored>(`/trash/${id}/restore`, { method: 'POST' });
export const deleteForGood = (id: number) => apiFetch<void>(`/trash/${id}`, { method: 'DELETE' });

export function useTrash(type: TrashItemType | '', page: number) {
  return useQuery({
    queryKey: queryKeys.trashPage(type, page),
    queryFn: () => getTrash(type, page),
    placeholderData: keepPreviousData,
  });
}

/** The list an item returns to when it is restored. */
const LIST_OF: Record<TrashItemType, readonly string[]> = {
  post: queryKeys.posts,
  page: queryKeys.pages,
  component: queryKeys.components,
  media: queryKeys.media,
};

export function useRestoreFromTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: TrashEntry) => restoreFromTrash(entry.id),
    onSuccess: (_restored, entry) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.trash }),
        queryClient.invalidateQueries({ queryKey: LIST_OF[entry.item_type] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}

export function useDeleteForGood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: TrashEntry) => deleteForGood(entry.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.trash }),
  });
}
