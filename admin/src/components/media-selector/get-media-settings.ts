import { useQuery } from '@tanstack/react-query';
import type { MediaSettings } from '@tours-cms/contract';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const getMediaSettings = () => apiFetch<MediaSettings>('/media/settings');

/** The server's upload limit, so the drop area can refuse a file before sending it. Fixed while the server runs. */
export function useMediaSettings() {
  return useQuery({ queryKey: queryKeys.mediaSettings, queryFn: getMediaSettings, staleTime: Infinity });
}
