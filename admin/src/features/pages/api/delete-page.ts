import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { changedWith } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

/** To the Trash: the page alone, or with `group` its whole translation group (`?group=true`, issue 30). */
export const deletePage = ({ id, group = false }: { id: number; group?: boolean }) =>
  apiFetch<void>(`/pages/${id}${group ? '?group=true' : ''}`, { method: 'DELETE' });

/** Deletes a page (to the Trash), then reloads the list, the dashboard totals and the media's uses. */
export function useDeletePage() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deletePage, onSuccess: () => invalidate(changedWith.page) });
}
