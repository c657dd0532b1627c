import { useQuery } from '@tanstack/react-query';
import type { MediaListItem } from '@tours-cms/contract';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const getMediaList = () => apiFetch<MediaListItem[]>('/media/');

/** Every media item, newest first (the whole list, filtered on the client). */
export function useMediaList() {
  return useQuery({ queryKey: queryKeys.media, queryFn: getMediaList });
}
