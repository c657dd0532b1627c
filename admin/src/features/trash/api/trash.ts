import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrashItemType, TrashEntry, TrashList, TrashRestored } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { changedWith, queryKeys } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

export const getTrash = (type: TrashItemType | '', page: number) =>
  apiFetch<TrashList>(`/trash/?page=${page}${type ? `&type=${type}` : ''}`);
/** Restores an entry; with `group`, every entry of its translation group in the Trash (`?group=true`, issue 30). */
export const restoreFromTrash = (id: number, group = false) =>
  apiFetch<TrashRestored>(`/trash/${id}/restore${group ? '?group=true' : ''}`, { method: 'POST' });
export const deleteForGood = (id: number) => apiFetch<void>(`/trash/${id}`, { method: 'DELETE' });

export function useTrash(type: TrashItemType | '', page: number) {
  return useQuery({
    queryKey: queryKeys.trashPage(type, page),
    queryFn: () => getTrash(type, page),
    placeholderData: keepPreviousData,
  });
}

/** A restored item comes back to its list, and to the counts and uses it takes part in. */
export function useRestoreFromTrash() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ entry, group }: { entry: TrashEntry; group: boolean }) => restoreFromTrash(entry.id, group),
    onSuccess: (_restored, { entry }) => invalidate([queryKeys.trash, ...changedWith[entry.item_type]]),
  });
}

export function useDeleteForGood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: TrashEntry) => deleteForGood(entry.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.trash }),
  });
}
