import { useQuery } from '@tanstack/react-query';
import type { User } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getUsers = () => apiFetch<User[]>('/users/');

export function useUsers() {
  return useQuery({ queryKey: queryKeys.users, queryFn: getUsers });
}
