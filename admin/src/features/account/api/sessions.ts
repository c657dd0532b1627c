import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session, SessionsEnded } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getMySessions = () => apiFetch<Session[]>('/account/sessions');
export const endSession = (id: number) => apiFetch<void>(`/sessions/${id}`, { method: 'DELETE' });
export const endOtherSessions = () => apiFetch<SessionsEnded>('/account/sessions/end-others', { method: 'POST' });

export function useMySessions() {
  return useQuery({ queryKey: queryKeys.accountSessions, queryFn: getMySessions });
}

function useSessionsMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]),
  });
}

export const useEndSession = () => useSessionsMutation(endSession);
export const useEndOtherSessions = () => useSessionsMutation(() => endOtherSessions());
