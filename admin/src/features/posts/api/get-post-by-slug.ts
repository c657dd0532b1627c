import { useQuery } from '@tanstack/react-query';
import type { Post } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPostBySlug = (slug: string) => apiFetch<Post>(`/posts/slug/${encodeURIComponent(slug)}`);

export function usePostBySlug(slug: string) {
  return useQuery({ queryKey: queryKeys.postBySlug(slug), queryFn: () => getPostBySlug(slug) });
}
