import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useServerList } from '../../../lib/use-server-list';

/** The inquiries a page at a time, searched, filtered and sorted on the server (`GET /contacts/?…`). */
export function useContactsPages(params: Record<string, string>) {
  return useServerList<Contact>(queryKeys.contacts, '/contacts/', params);
}

export const getContact = (id: number) => apiFetch<Contact>(`/contacts/${id}`);

/**
 * One inquiry for its details: the row already on the screen at once, else from the server (a link names an
 * inquiry that is not on the first page). Off while `id` is null.
 */
export function useContact(id: number | null, shown: Contact | undefined) {
  return useQuery({
    queryKey: queryKeys.contact(id ?? 0),
    queryFn: () => getContact(id!),
    enabled: id !== null,
    initialData: shown,
  });
}
