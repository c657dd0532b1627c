import { useQuery } from '@tanstack/react-query';
import type { Post } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { postsQueryKey } from './get-posts';

export const getPostBySlug = (slug: string) => apiFetch<Post>(`/posts/slug/${encodeURIComponent(slug)}`);

export function usePostBySlug(slug: string) {
  return useQuery({ queryKey: [...postsQueryKey, 'slug', slug], queryFn: () => getPostBySlug(slug) });
}
