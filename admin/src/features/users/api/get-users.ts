import { useQuery } from '@tanstack/react-query';
import type { User } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';

export const usersQueryKey = ['users'] as const;
export const getUsers = () => apiFetch<User[]>('/users/');

export function useUsers() {
  return useQuery({ queryKey: usersQueryKey, queryFn: getUsers });
}
