import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityPage, ActivityQueryInput, User } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getActivity(query: ActivityQueryInput): Promise<ActivityPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return apiFetch<ActivityPage>(`/activity/?${params}`);
}

/** One page of the log; the page shown stays while the next loads. */
export function useActivity(query: ActivityQueryInput) {
  return useQuery({
    queryKey: queryKeys.activityPage(query),
    queryFn: () => getActivity(query),
    placeholderData: keepPreviousData,
  });
}

/** The people an administrator may filter by: every user (the Users screen's list, shared with it). */
export function usePeople(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.users, queryFn: () => apiFetch<User[]>('/users/'), enabled });
}
