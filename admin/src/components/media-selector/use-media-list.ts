import { useQuery } from '@tanstack/react-query';
import type { MediaItem } from '@tours-cms/contract';
import { apiFetch } from '../../lib/api-client';

/** The one cache entry for the media list: the library, the selector and anything that uploads share it. */
export const mediaQueryKey = ['media'] as const;
export const getMediaList = () => apiFetch<MediaItem[]>('/media/');

/** Every media item, newest first (spec §7: the whole list, filtered on the client). */
export function useMediaList() {
  return useQuery({ queryKey: mediaQueryKey, queryFn: getMediaList });
}
