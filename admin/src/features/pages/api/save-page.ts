import { useMutation } from '@tanstack/react-query';
import type { Page, PageInput } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { changedWith } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

export const createPage = (input: PageInput) => apiFetch<Page>('/pages/', { method: 'POST', body: input });
export const updatePage = (id: number, input: PageInput) =>
  apiFetch<Page>(`/pages/${id}`, { method: 'PUT', body: input });

function useInvalidatePages() {
  const invalidate = useInvalidate();
  return () => void invalidate(changedWith.page);
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
