import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { MediaListItem } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useServerList } from '../../../lib/use-server-list';
import { PROGRESSIVE_PAGE_SIZE } from '../../../components/media-selector/use-progressive-list';

/**
 * The library a page at a time, searched (original name) and filtered by folder on the server (`GET /media/?…`);
 * a page fills whole rows of the grid at every width.
 */
export function useMediaPages(params: Record<string, string>) {
  return useServerList<MediaListItem>(queryKeys.mediaLists, '/media/', params, PROGRESSIVE_PAGE_SIZE);
}

export const getMediaFolders = () => apiFetch<string[]>('/media/folders');

/** The folders that hold a file, sorted: the folder tabs. */
export function useMediaFolders() {
  return useQuery({ queryKey: queryKeys.mediaFolders, queryFn: getMediaFolders });
}

/**
 * After an upload or a delete: the whole list (the selector's) and the library's pages and folders, but not every
 * item's usage under `media`.
 */
export async function invalidateMediaLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.media, exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.mediaLists }),
  ]);
}
