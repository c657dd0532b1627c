import { useQuery } from '@tanstack/react-query';
import type { Post } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPost = (id: number) => apiFetch<Post>(`/posts/${id}`);

/** One post for the edit form, always fetched fresh; `null` (an unusable id in the route) fetches nothing. */
export function usePost(id: number | null) {
  return useQuery({
    queryKey: queryKeys.post(id),
    queryFn: () => getPost(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}
