import { useDeferredValue, useMemo, useState } from 'react';
import { FolderPlus } from 'lucide-react';
import { distinctFolders, filterMedia, type MediaListItem } from '@tours-cms/contract';
import { PageHeader } from '../../components/ui/page-header';
import { SearchInput } from '../../components/ui/search-input';
import { QueryStatus } from '../../components/kit/query-status';
import { useMediaList } from '../../components/media-selector/use-media-list';
import { useProgressiveList } from '../../components/media-selector/use-progressive-list';
import { ShowMore } from '../../components/media-selector/show-more';
import { useCanEdit } from '../../lib/session';
import { useMediaSettings } from './api/get-media-settings';
import { useMediaDelete } from './use-media-delete';
import { MediaDetailsDialog } from './components/media-details-dialog';
import { useUploadQueue } from './use-upload-queue';
import { UploadArea } from './components/upload-area';
import { NewFolderForm } from './components/new-folder-form';
import { FolderTabs } from './components/folder-tabs';
import { MediaCard } from './components/media-card';

/** The Media Library. Readers browse; editors also create folders, upload and delete. */
export function MediaPage() {
  const query = useMediaList();
  const items = query.data;
  const { data: settings } = useMediaSettings();
  const canEdit = useCanEdit();
  const uploads = useUploadQueue();

  const [folder, setFolder] = useState<string | null>(null);
  const [newFolders, setNewFolders] = useState<string[]>([]);
  const [isCreatingFolder, setIsCreatingFolder] = useState(false);
  const [search, setSearch] = useState('');
  // Typing stays responsive with thousands of files: the grid catches up with the search a moment later.
  const deferredSearch = useDeferredValue(search);

  const all = useMemo(() => items ?? [], [items]);
  const folders = useMemo(
    () => distinctFolders([...all, ...newFolders.map((name) => ({ folder: name }))]),
    [all, newFolders],
  );
  const visible = useMemo(() => filterMedia(all, { search: deferredSearch, folder }), [all, deferredSearch, folder]);
  const { shown, remaining, showMore, sentinelRef } = useProgressiveList(visible);

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
          value={search}
          onChange={setSearch}
          placeholder="Search media files..."
          label="Search media files"
        />
      </div>
      <QueryStatus
        query={query}
        loadingLabel="Loading media files"
        errorMessage="The media files could not be loaded."
        emptyMessage="No media files found."
        isEmpty={visible.length === 0}
        boxed
      >
        <>
          <ul
            aria-label="Media files"
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6"
          >
            {shown.map((item) => (
              <MediaCard
                key={item.id}
                item={item}
                onDelete={canEdit ? handleDelete : undefined}
                onDetails={setDetails}
              />
            ))}
          </ul>
          <ShowMore remaining={remaining} onShowMore={showMore} sentinelRef={sentinelRef} />
        </>
      </QueryStatus>
      {details && (
        <MediaDetailsDialog
          item={all.find((item) => item.id === details.id) ?? details}
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
