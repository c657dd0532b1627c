import { useQuery } from '@tanstack/react-query';
import type { PostListItem } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';

/** Every posts query starts with this key, so one invalidation refreshes the list and the open post. */
export const postsQueryKey = ['posts'] as const;
export const getPosts = () => apiFetch<PostListItem[]>('/posts/');

export function usePosts() {
  return useQuery({ queryKey: postsQueryKey, queryFn: getPosts });
}
