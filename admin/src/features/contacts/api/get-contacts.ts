import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getContacts = () => apiFetch<Contact[]>('/contacts/');

export function useContacts() {
  return useQuery({ queryKey: queryKeys.contacts, queryFn: getContacts });
}
