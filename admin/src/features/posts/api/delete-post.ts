import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { changedWith } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

export const deletePost = (id: number) => apiFetch<void>(`/posts/${id}`, { method: 'DELETE' });

/** Deletes a post (to the Trash), then reloads what it changed: the list, the totals, FAQ counts, media uses. */
export function useDeletePost() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deletePost, onSuccess: () => invalidate(changedWith.post) });
}
