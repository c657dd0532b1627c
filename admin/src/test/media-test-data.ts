import { distinctFolders, type ListPage, type MediaListItem } from '@tours-cms/contract';
import { fakeListPage } from './fake-list-page';

/** A media item as the API's list answers it, for component tests. */
export function mediaItem(id: number, original_name: string, overrides: Partial<MediaListItem> = {}): MediaListItem {
  const isImage = /\.(png|jpe?g|gif|webp)$/i.test(original_name);
  const extension = original_name.split('.').pop()!.toLowerCase();
  return {
    id,
    original_name,
    file_path: `uploads/2025/07/${String(id).padStart(32, '0')}.${extension}`,
    thumbnail_path: isImage ? `uploads/2025/07/${String(id).padStart(32, '0')}.thumb.webp` : null,
    mime_type: isImage
      ? `image/${extension === 'jpg' ? 'jpeg' : extension}`
      : extension === 'pdf'
        ? 'application/pdf'
        : 'video/mp4',
    file_size: 1536,
    width: isImage ? 800 : null,
    height: isImage ? 600 : null,
    folder: null,
    alt_text: null,
    created_at: '2025-07-01T10:00:00.000Z',
    updated_at: '2025-07-01T10:00:00.000Z',
    usage_count: 0,
    ...overrides,
  };
}

/**
 * The library's reads for stubApi, answered from `items` as the server does: `GET /media/?…` a page (searched in
 * the name; `path` the one item at that file path) and `GET /media/folders`.
 */
export function mediaLibraryApi<T extends Pick<MediaListItem, 'original_name' | 'file_path' | 'folder'>>(
  items: () => T[],
) {
  return {
    'GET /media/': ({ url }: { url: string }): ListPage<T> => {
      const path = new URL(url, 'http://admin.test').searchParams.get('path');
      if (path === null) return fakeListPage(items(), url, (item) => item.original_name);
      const found = items().filter((item) => item.file_path === path);
      return { items: found, next_cursor: null, total: found.length };
    },
    'GET /media/folders': () => distinctFolders(items()),
  };
}
