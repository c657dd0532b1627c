import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry, User } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useServerList } from '../../../lib/use-server-list';

/** The log a page at a time by cursor, filtered on the server, with the total (`GET /activity/?limit=…`). */
export function useActivityPages(filters: Record<string, string>) {
  return useServerList<ActivityEntry>(queryKeys.activity, '/activity/', filters);
}

/** The people an administrator may filter by: every user (the Users screen's list, shared with it). */
export function usePeople(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.users, queryFn: () => apiFetch<User[]>('/users/'), enabled });
}
