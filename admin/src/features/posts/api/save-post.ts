import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, PostInput } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const createPost = (input: PostInput) => apiFetch<Post>('/posts/', { method: 'POST', body: input });
export const updatePost = (id: number, input: PostInput) =>
  apiFetch<Post>(`/posts/${id}`, { method: 'PUT', body: input });

function useInvalidatePosts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
  };
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
