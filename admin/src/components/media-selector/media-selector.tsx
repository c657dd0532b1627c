import { useCallback, useState } from 'react';
import { Download, ExternalLink } from 'lucide-react';
import { formatBytes, mediaUrl, type MediaItem } from '@tours-cms/contract';
import { Modal } from '../ui/modal';
import { SearchInput } from '../ui/search-input';
import { QueryStatus } from '../kit/query-status';
import { MEDIA_ACTION_CLASS, MediaThumbnail } from './media-thumbnail';
import { useMediaAtPath, useMediaFolders, useMediaPages } from './use-media-list';
import { useNearEnd } from './use-progressive-list';
import { ShowMore } from './show-more';
import { AltTextField } from './alt-text-field';
import { useCanEdit } from '../../lib/session';
import { useServerSearch } from '../../lib/use-server-list';
import { UploadArea } from './upload-area';
import { useUploadQueue } from './use-upload-queue';
import { useMediaSettings } from './get-media-settings';

export interface MediaSelectorProps {
  /** Called with the chosen file's full URL (origin included) and its record, then onClose is called. */
  onSelect: (url: string, item: MediaItem) => void;
  onClose: () => void;
  /** The URL currently in use, shown as chosen when it names a file of the library (either URL reading). */
  selectedUrl?: string | null;
}

/** The full URL of a media file on this site, as the page builder and the post editor store it. */
export function fullMediaUrl(item: MediaItem): string {
  return mediaUrl(item.file_path, window.location.origin);
}

/** The stored file path (`uploads/...`) a media URL names, in either URL reading; null for any other URL. */
function filePathOf(url: string): string | null {
  const path = url.split(/[?#]/)[0]!;
  return /(?:^|\/)(uploads\/.+)$/.exec(path)?.[1] ?? null;
}

/**
 * 'Select Media': search and folders on the left, a grid of files, the chosen file's details below. Editors can
 * drop or choose files to upload into the folder shown, with each file's progress; the file stored is chosen.
 */
export function MediaSelector({ onSelect, onClose, selectedUrl }: MediaSelectorProps) {
  const canEdit = useCanEdit();
  // The search and folder are the modal's own (not the address's): it opens over an editor.
  const [committed, setCommitted] = useState('');
  const search = useServerSearch(committed, setCommitted);
  const [folder, setFolder] = useState<string | null>(null);
  const [chosenItem, setChosenItem] = useState<MediaItem | null>(null);
  // Editors upload here without leaving the editor, into the folder shown; the file just stored is chosen.
  const { data: mediaSettings } = useMediaSettings();
  const uploads = useUploadQueue({ onUploaded: setChosenItem });
  // A page at a time from the server (issue 26: 50,000 files), the file in use looked up by its path.
  const query = useMediaPages({ q: committed, folder: folder ?? '' });
  const folders = useMediaFolders().data ?? [];
  const preselected = useMediaAtPath(selectedUrl ? filePathOf(selectedUrl) : null).data ?? undefined;
  const chosen = chosenItem ?? preselected;
  const items = query.items;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const showMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinelRef = useNearEnd(showMore, items.length);
  const remaining = hasNextPage ? query.total - items.length : 0;
  // The chosen item as last listed (its alternative text may have changed since it was chosen).
  const current = chosen && (items.find((item) => item.id === chosen.id) ?? chosen);

  const confirm = (item: MediaItem) => {
    onSelect(fullMediaUrl(item), item);
    onClose();
  };

  return (
    <Modal
      open
      title="Select Media"
      onClose={onClose}
      size="xl"
      footer={
        <>
          <div className="mr-auto min-w-0 text-sm text-slate-600">
            <div aria-live="polite">
              {current && (
                <dl className="grid grid-cols-[auto_1fr] gap-x-3">
                  <dt className="font-medium text-slate-700">Name</dt>
                  <dd className="truncate">{current.original_name}</dd>
                  <dt className="font-medium text-slate-700">Size</dt>
                  <dd>{formatBytes(current.file_size)}</dd>
                  <dt className="font-medium text-slate-700">Type</dt>
                  <dd>{current.mime_type}</dd>
                  <dt className="font-medium text-slate-700">URL</dt>
                  <dd className="truncate">{fullMediaUrl(current)}</dd>
                </dl>
              )}
            </div>
            {current && (
              <div className="mt-2">
                <AltTextField key={current.id} item={current} canEdit={canEdit} />
              </div>
            )}
          </div>
          <div className="flex shrink-0 items-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={!current}
              onClick={() => current && confirm(current)}
            >
              Select File
            </button>
          </div>
        </>
      }
    >
      <div className="flex flex-col gap-5 md:flex-row">
        <aside className="w-full shrink-0 space-y-4 md:w-56">
          <SearchInput
            value={search.value}
            onChange={search.setValue}
            placeholder="Search files..."
            label="Search files"
          />
          <div role="group" aria-label="Folders" className="flex flex-wrap gap-1 md:flex-col">
            {[null, ...folders].map((name) => (
              <button
                key={name ?? ''}
                type="button"
                aria-pressed={folder === name}
                onClick={() => setFolder(name)}
                className={`truncate rounded-lg px-3 py-2 text-left text-sm font-medium ${
                  folder === name ? 'bg-blue-50 text-blue-700' : 'text-slate-600 hover:bg-slate-100'
                }`}
              >
                {name ?? 'All Files'}
              </button>
            ))}
          </div>
        </aside>
        <div className="min-h-64 min-w-0 flex-1">
          {canEdit && (
            <UploadArea
              compact
              folder={folder}
              maxBytes={mediaSettings?.max_upload_bytes}
              isUploading={uploads.isUploading}
              entries={uploads.entries}
              onFiles={(files) => uploads.enqueue(files, folder)}
              onRefused={uploads.refuse}
              onDismissFailed={uploads.dismissFailed}
            />
          )}
          <QueryStatus
            query={query}
            loadingLabel="Loading media files"
            errorMessage="The media files could not be loaded."
            emptyMessage="No media files found. Upload some files to get started."
            isEmpty={items.length === 0}
          >
            <ul
              aria-label="Media files"
              className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
            >
              {items.map((item) => (
                <SelectorTile
                  key={item.id}
                  item={item}
                  isChosen={item.id === current?.id}
                  onChoose={setChosenItem}
                  onConfirm={confirm}
                />
              ))}
            </ul>
            <ShowMore remaining={remaining} onShowMore={showMore} sentinelRef={sentinelRef} />
          </QueryStatus>
        </div>
      </div>
    </Modal>
  );
}

function SelectorTile({
  item,
  isChosen,
  onChoose,
  onConfirm,
}: {
  item: MediaItem;
  isChosen: boolean;
  onChoose: (item: MediaItem) => void;
  onConfirm: (item: MediaItem) => void;
}) {
  const url = mediaUrl(item.file_path);
  return (
    <li className="group relative">
      <button
        type="button"
        aria-pressed={isChosen}
        onClick={() => onChoose(item)}
        onDoubleClick={() => onConfirm(item)}
        className={`block w-full overflow-hidden rounded-lg border-2 bg-white text-left transition-colors ${
          isChosen ? 'border-blue-600 ring-2 ring-blue-600/30' : 'border-slate-200 hover:border-slate-300'
        }`}
      >
        <span className="block aspect-square overflow-hidden bg-slate-100">
          <MediaThumbnail item={item} />
        </span>
        <span className="block px-2 py-1.5">
          <span className="block truncate text-sm font-medium text-slate-900" title={item.original_name}>
            {item.original_name}
          </span>
          <span className="block text-xs text-slate-500">{formatBytes(item.file_size)}</span>
        </span>
      </button>
      <div className="absolute right-1.5 top-1.5 flex gap-1 opacity-0 transition-opacity focus-within:opacity-100 group-hover:opacity-100">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={MEDIA_ACTION_CLASS}
          aria-label={`Preview ${item.original_name}`}
          title="Preview"
        >
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
        </a>
        <a
          href={url}
          download={item.original_name}
          className={MEDIA_ACTION_CLASS}
          aria-label={`Download ${item.original_name}`}
          title="Download"
        >
          <Download className="h-4 w-4" aria-hidden="true" />
        </a>
      </div>
    </li>
  );
}
