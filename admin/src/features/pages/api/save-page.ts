import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page, PageInput } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const createPage = (input: PageInput) => apiFetch<Page>('/pages/', { method: 'POST', body: input });
export const updatePage = (id: number, input: PageInput) =>
  apiFetch<Page>(`/pages/${id}`, { method: 'PUT', body: input });

function useInvalidatePages() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.pages });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
  };
}

export function useCreatePage() {
  const invalidate = useInvalidatePages();
  return useMutation({ mutationFn: createPage, onSuccess: invalidate });
}

export function useUpdatePage() {
  const invalidate = useInvalidatePages();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PageInput }) => updatePage(id, input),
    onSuccess: invalidate,
  });
}
