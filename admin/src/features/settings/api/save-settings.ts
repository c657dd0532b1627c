import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings, SiteSettingsInput } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const saveSiteSettings = (input: SiteSettingsInput) =>
  apiFetch<SiteSettings>('/settings', { method: 'PUT', body: input });

/** Saves every setting, then keeps the answer as the settings everyone reads. */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.settings, saved),
  });
}
