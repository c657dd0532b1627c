import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session, SessionsEnded } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getUserSessions = (userId: number) => apiFetch<Session[]>(`/users/${userId}/sessions`);
export const endUserSessions = (userId: number) =>
  apiFetch<SessionsEnded>(`/users/${userId}/sessions`, { method: 'DELETE' });
export const endSession = (sessionId: number) => apiFetch<void>(`/sessions/${sessionId}`, { method: 'DELETE' });
export const resetTwoFactor = (userId: number) => apiFetch<void>(`/users/${userId}/two-factor`, { method: 'DELETE' });

export function useUserSessions(userId: number, enabled = true) {
  return useQuery({ queryKey: queryKeys.userSessions(userId), queryFn: () => getUserSessions(userId), enabled });
}

/** Ending sessions or resetting two-factor sign-in: the user's sessions and the list (its 2FA state) read again. */
function useSecurityMutation<TInput>(mutationFn: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}

export const useEndUserSessions = (userId: number) => useSecurityMutation(() => endUserSessions(userId));
export const useEndUserSession = () => useSecurityMutation((sessionId: number) => endSession(sessionId));
export const useResetTwoFactor = (userId: number) => useSecurityMutation(() => resetTwoFactor(userId));
