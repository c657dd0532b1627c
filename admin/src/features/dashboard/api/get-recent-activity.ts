import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getRecentActivity = () => apiFetch<ActivityEntry[]>('/activity/recent');

/** The ten newest entries the viewer may see; refreshed with the totals after every write. */
export function useRecentActivity() {
  return useQuery({ queryKey: queryKeys.recentActivity, queryFn: getRecentActivity });
}
