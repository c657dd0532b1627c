import { useQuery } from '@tanstack/react-query';
import type { PostListItem } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPosts = () => apiFetch<PostListItem[]>('/posts/');

export function usePosts() {
  return useQuery({ queryKey: queryKeys.posts, queryFn: getPosts });
}
