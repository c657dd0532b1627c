import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingAction, Contact } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /contacts/{id}/booking/confirm|decline|cancel: a step on a booking request. */
export const bookingStep = (id: number, action: BookingAction) =>
  apiFetch<Contact>(`/contacts/${id}/booking/${action}`, { method: 'POST' });

/**
 * Confirms, declines or cancels a booking, then reloads the contacts, the dashboard's counts and the tour's
 * departures (their seats taken change).
 */
export function useBookingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: BookingAction; postId: number | null }) =>
      bookingStep(id, action),
    onSuccess: (_contact, { postId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.contacts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      if (postId !== null) void queryClient.invalidateQueries({ queryKey: ['posts', postId, 'departures'] });
    },
  });
}
