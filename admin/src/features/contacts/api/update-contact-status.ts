import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactStatus } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The new status travels in the query string, with no body. */
export const updateContactStatus = (id: number, status: ContactStatus) =>
  apiFetch<Contact>(`/contacts/${id}/status?status=${encodeURIComponent(status)}`, { method: 'PUT' });

/** Changes a contact's status, then reloads the list and the dashboard's new-inquiry count. */
export function useUpdateContactStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ContactStatus }) => updateContactStatus(id, status),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.contacts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
