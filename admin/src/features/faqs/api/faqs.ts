import { useMutation } from '@tanstack/react-query';
import type { Faq, FaqInput } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

export const createFaq = (input: FaqInput) => apiFetch<Faq>('/faqs/', { method: 'POST', body: input });
export const updateFaq = (id: number, input: FaqInput) => apiFetch<Faq>(`/faqs/${id}`, { method: 'PUT', body: input });
/** Deletes an FAQ; one that tours show only with `inUseConfirmed` (else 409 naming them). */
export const deleteFaq = (id: number, inUseConfirmed = false) =>
  apiFetch<void>(`/faqs/${id}${inUseConfirmed ? '?in_use=confirmed' : ''}`, { method: 'DELETE' });

/** Creates (no id) or updates an FAQ, then reloads the list (and the tours' view of it). */
export function useSaveFaq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: FaqInput }) =>
      id === undefined ? createFaq(input) : updateFaq(id, input),
    onSuccess: () => invalidate([queryKeys.faqs]),
  });
}

export function useDeleteFaq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, inUseConfirmed }: { id: number; inUseConfirmed?: boolean }) => deleteFaq(id, inUseConfirmed),
    // A deleted FAQ leaves the tours that showed it: their editors re-read.
    onSettled: () => invalidate([queryKeys.faqs, queryKeys.posts]),
  });
}
