import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreateInput, UserUpdateInput } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../../lib/session';
import { queryKeys } from '../../../lib/query-keys';

export const createUser = (input: UserCreateInput) => apiFetch<User>('/users/', { method: 'POST', body: input });
export const updateUser = (id: number, input: UserUpdateInput) =>
  apiFetch<User>(`/users/${id}`, { method: 'PUT', body: input });

/**
 * Creates (no id) or updates a user, then reloads the list and the dashboard totals, and the session's user when
 * that is who was saved (the header greets them by name).
 */
export function useSaveUser() {
  const queryClient = useQueryClient();
  const { user: me, refreshUser } = useAuth();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: UserCreateInput | UserUpdateInput }) =>
      id === undefined ? createUser(input as UserCreateInput) : updateUser(id, input),
    onSuccess: (saved) => {
      if (saved.id === me?.id) void refreshUser();
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
