import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { postsQueryKey } from './get-posts';

export const deletePost = (id: number) => apiFetch<void>(`/posts/${id}`, { method: 'DELETE' });

/** Deletes a post, then reloads the list (spec §7) and the dashboard totals. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
