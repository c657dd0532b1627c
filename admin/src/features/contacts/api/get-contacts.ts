import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';

export const contactsQueryKey = ['contacts'] as const;
export const getContacts = () => apiFetch<Contact[]>('/contacts/');

export function useContacts() {
  return useQuery({ queryKey: contactsQueryKey, queryFn: getContacts });
}
