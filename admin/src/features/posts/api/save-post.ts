import { useMutation } from '@tanstack/react-query';
import type { Post, PostInput } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { changedWith } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

export const createPost = (input: PostInput) => apiFetch<Post>('/posts/', { method: 'POST', body: input });
export const updatePost = (id: number, input: PostInput) =>
  apiFetch<Post>(`/posts/${id}`, { method: 'PUT', body: input });

function useInvalidatePosts() {
  const invalidate = useInvalidate();
  return () => void invalidate(changedWith.post);
}

export function useCreatePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: createPost, onSuccess: invalidate });
}

export function useUpdatePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PostInput }) => updatePost(id, input),
    onSuccess: invalidate,
  });
}
