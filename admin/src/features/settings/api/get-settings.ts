import { useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getSiteSettings = () => apiFetch<SiteSettings>('/settings');

export function useSiteSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: getSiteSettings });
}
