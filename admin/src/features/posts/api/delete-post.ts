import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deletePost = (id: number) => apiFetch<void>(`/posts/${id}`, { method: 'DELETE' });

/** Deletes a post, then reloads the list and the dashboard totals. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
