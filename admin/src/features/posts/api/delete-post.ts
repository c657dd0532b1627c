import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { changedWith } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

/** To the Trash: the post alone, or with `group` its whole translation group (`?group=true`, issue 30). */
export const deletePost = ({ id, group = false }: { id: number; group?: boolean }) =>
  apiFetch<void>(`/posts/${id}${group ? '?group=true' : ''}`, { method: 'DELETE' });

/** Deletes a post (to the Trash), then reloads what it changed: the list, the totals, FAQ counts, media uses. */
export function useDeletePost() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deletePost, onSuccess: () => invalidate(changedWith.post) });
}
