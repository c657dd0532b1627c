import { useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ListPage, MediaItem, MediaListItem } from '@tours-cms/contract';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useServerList } from '../../lib/use-server-list';
import { PROGRESSIVE_PAGE_SIZE } from './use-progressive-list';

/**
 * The library a page at a time, searched (original name) and filtered by folder on the server (`GET /media/?…`,
 * issue 26: 50,000 files); a page fills whole rows of a grid at every width. The Media Library and the selector.
 */
export function useMediaPages(params: Record<string, string>) {
  return useServerList<MediaListItem>(queryKeys.mediaLists, '/media/', params, PROGRESSIVE_PAGE_SIZE);
}

export const getMediaFolders = () => apiFetch<string[]>('/media/folders');

/** The folders that hold a file, sorted: the folder tabs. */
export function useMediaFolders() {
  return useQuery({ queryKey: queryKeys.mediaFolders, queryFn: getMediaFolders });
}

/** The item stored at a file path (`uploads/...`), or null: the selector's file in use, wherever it is listed. */
export function useMediaAtPath(path: string | null) {
  return useQuery({
    queryKey: [...queryKeys.mediaLists, 'path', path],
    queryFn: async () =>
      (await apiFetch<ListPage<MediaListItem>>(`/media/?path=${encodeURIComponent(path!)}&limit=1`)).items[0] ?? null,
    enabled: path !== null,
  });
}

/** An item this tab has already been sent in a page of the library, or undefined. */
export function findListedMedia(queryClient: QueryClient, id: number): MediaItem | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<ListPage<MediaItem>> | string[]>({
    queryKey: queryKeys.mediaLists,
  })) {
    if (!data || Array.isArray(data) || !('pages' in data)) continue;
    for (const page of data.pages) {
      const found = page.items.find((item) => item.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/** After an upload or a delete: the library's pages and folders, but not every item's usage under `media`. */
export async function invalidateMediaLists(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.mediaLists });
}
