import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { changedWith } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

export const deletePage = (id: number) => apiFetch<void>(`/pages/${id}`, { method: 'DELETE' });

/** Deletes a page (to the Trash), then reloads the list, the dashboard totals and the media's uses. */
export function useDeletePage() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deletePage, onSuccess: () => invalidate(changedWith.page) });
}
