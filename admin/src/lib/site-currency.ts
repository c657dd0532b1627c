import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SITE_SETTINGS, isCurrencyCode, type SiteSettings } from '@tours-cms/contract';
import { apiFetch } from './api-client';
import { queryKeys } from './query-keys';

/** The site's currency (Settings), in which every price is typed and stored; the Settings screen's query is shared. */
export function useSiteCurrency(): string {
  const { data } = useQuery({
    queryKey: queryKeys.settings,
    queryFn: () => apiFetch<SiteSettings>('/settings'),
    staleTime: 60_000,
  });
  return data?.currency && isCurrencyCode(data.currency) ? data.currency : DEFAULT_SITE_SETTINGS.currency;
}
