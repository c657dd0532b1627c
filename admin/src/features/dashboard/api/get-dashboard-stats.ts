import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getDashboardStats = () => apiFetch<DashboardStats>('/dashboard/stats');

export function useDashboardStats() {
  return useQuery({ queryKey: queryKeys.dashboardStats, queryFn: getDashboardStats });
}
