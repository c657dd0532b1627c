import { useCallback, useMemo, useState } from 'react';
import { FolderPlus } from 'lucide-react';
import { distinctFolders, type MediaListItem } from '@tours-cms/contract';
import { PageHeader } from '../../components/ui/page-header';
import { SearchInput } from '../../components/ui/search-input';
import { QueryStatus } from '../../components/kit/query-status';
import { useNearEnd } from '../../components/media-selector/use-progressive-list';
import { ShowMore } from '../../components/media-selector/show-more';
import { useCanEdit } from '../../lib/session';
import { useListView, useServerSearch } from '../../lib/use-server-list';
import { useMediaFolders, useMediaPages } from '../../components/media-selector/use-media-list';
import { useMediaSettings } from '../../components/media-selector/get-media-settings';
import { useMediaDelete } from './use-media-delete';
import { MediaDetailsDialog } from './components/media-details-dialog';
import { useUploadQueue } from '../../components/media-selector/use-upload-queue';
import { UploadArea } from '../../components/media-selector/upload-area';
import { NewFolderForm } from './components/new-folder-form';
import { FolderTabs } from './components/folder-tabs';
import { MediaCard } from './components/media-card';

/**
 * The Media Library. Readers browse; editors also create folders, upload and delete. The files come a page at a
 * time, searched and filtered by folder on the server (issue 26: 50,000 files); the search and folder live in the
 * URL, so a reload or a shared link shows the same files.
 */
export function MediaPage() {
  const view = useListView({ q: '', folder: '' });
  const query = useMediaPages(view.values);
  const { data: serverFolders } = useMediaFolders();
  const { data: settings } = useMediaSettings();
  const canEdit = useCanEdit();
  const uploads = useUploadQueue();

  const folder = view.values.folder || null;
  const setFolder = (name: string | null) => view.set('folder', name ?? '');
  const [newFolders, setNewFolders] = useState<string[]>([]);
  const [isCreatingFolder, setIsCreatingFolder] = useState(false);
  const search = useServerSearch(view.values.q, (value) => view.set('q', value.trim()));

  // A folder just created holds no file yet, so the server does not list it: its tab stays until the page is left.
  const folders = useMemo(
    () =>
      distinctFolders(
        [...(serverFolders ?? []), ...newFolders, ...(folder ? [folder] : [])].map((name) => ({ folder: name })),
      ),
    [serverFolders, newFolders, folder],
  );
  const items = query.items;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const showMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinelRef = useNearEnd(showMore, items.length);
  const remaining = query.hasNextPage ? query.total - items.length : 0;

  const createFolder = (name: string) => {
    setNewFolders((current) => (current.includes(name) ? current : [...current, name]));
    setFolder(name);
    setIsCreatingFolder(false);
  };

  const handleDelete = useMediaDelete();
  const [details, setDetails] = useState<MediaListItem | null>(null);

  return (
    <>
      <PageHeader
        title="Media Library"
        subtitle="Manage your media files and folders"
        actions={
          canEdit && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setIsCreatingFolder(true)}
              aria-expanded={isCreatingFolder}
            >
              <FolderPlus className="h-4 w-4" aria-hidden="true" />
              New Folder
            </button>
          )
        }
      />
      {isCreatingFolder && <NewFolderForm onCreate={createFolder} onCancel={() => setIsCreatingFolder(false)} />}
      <FolderTabs folders={folders} active={folder} onChange={setFolder} />
      {canEdit && (
        <UploadArea
          folder={folder}
          maxBytes={settings?.max_upload_bytes}
          isUploading={uploads.isUploading}
          entries={uploads.entries}
          onFiles={(files) => uploads.enqueue(files, folder)}
          onRefused={uploads.refuse}
          onDismissFailed={uploads.dismissFailed}
        />
      )}
      <div className="mb-4 max-w-md">
        <SearchInput
          value={search.value}
          onChange={search.setValue}
          placeholder="Search media files..."
          label="Search media files"
        />
      </div>
      <QueryStatus
        query={query}
        loadingLabel="Loading media files"
        errorMessage="The media files could not be loaded."
        emptyMessage="No media files found."
        isEmpty={items.length === 0}
        boxed
      >
        <>
          <ul
            aria-label="Media files"
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6"
          >
            {items.map((item) => (
              <MediaCard
                key={item.id}
                item={item}
                onDelete={canEdit ? handleDelete : undefined}
                onDetails={setDetails}
              />
            ))}
          </ul>
          <ShowMore remaining={remaining} onShowMore={showMore} sentinelRef={sentinelRef} />
          <p className="mt-4 text-center text-sm text-slate-600">
            Showing {items.length.toLocaleString()} of {query.total.toLocaleString()} files
          </p>
        </>
      </QueryStatus>
      {details && (
        <MediaDetailsDialog
          item={items.find((item) => item.id === details.id) ?? details}
          canEdit={canEdit}
          onClose={() => setDetails(null)}
          onDelete={async (item) => {
            setDetails(null);
            await handleDelete(item);
          }}
        />
      )}
    </>
  );
}
