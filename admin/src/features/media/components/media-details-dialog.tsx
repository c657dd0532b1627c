import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  ACCEPTED_MEDIA_EXTENSIONS,
  ACCEPTED_MEDIA_TYPES,
  formatBytes,
  formatDate,
  mediaUrl,
  type MediaListItem,
  type MediaUse,
} from '@tours-cms/contract';
import { Modal } from '../../../components/ui/modal';
import { useNotify } from '../../../components/ui/notify';
import { MediaThumbnail } from '../../../components/media-selector/media-thumbnail';
import { AltTextField } from '../../../components/media-selector/alt-text-field';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useMediaUsage } from '../api/delete-media';
import { replaceMediaFile } from '../../../components/media-selector/upload-media';

const USE_LABELS: Record<MediaUse['item_type'], string> = { post: 'Tour', page: 'Page', component: 'Common component' };

/** Where staff edit an item that uses a media file. */
function editorOf(use: MediaUse): string {
  if (use.item_type === 'post') return `/admin/posts/edit/${use.item_id}`;
  if (use.item_type === 'page') return `/admin/pages/edit/${use.item_id}`;
  return `/admin/components/edit/${use.item_id}`;
}

interface Props {
  item: MediaListItem;
  canEdit: boolean;
  onClose: () => void;
  onDelete: (item: MediaListItem) => Promise<void>;
}

/**
 * A media file's details: what it is, its address, the tours, pages and components that use it ("Used by", each a
 * link to its editor), and for editors "Replace file" (a new file under the same address, so every use shows it)
 * and Delete.
 */
export function MediaDetailsDialog({ item, canEdit, onClose, onDelete }: Props) {
  const id = useId();
  const usage = useMediaUsage(item.id);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const url = mediaUrl(item.file_path, window.location.origin);
  // A replacement keeps the address, and with it the type: the file dialog offers that type only.
  const accept = ACCEPTED_MEDIA_EXTENSIONS.filter(
    (extension) => ACCEPTED_MEDIA_TYPES[extension].mime === item.mime_type,
  )
    .map((extension) => `.${extension}`)
    .join(',');

  const replace = async (file: File) => {
    setProblem(null);
    setProgress(0);
    try {
      await replaceMediaFile(item.id, file, { onProgress: setProgress });
      // The address is the same: the browser's own copy is refetched now, so the admin and the site (one origin)
      // show the new file in this browser at once (visitors' browsers ask again within five minutes).
      await Promise.all(
        [item.file_path, item.thumbnail_path].flatMap((path) =>
          path ? [fetch(mediaUrl(path, window.location.origin), { cache: 'reload' }).catch(() => undefined)] : [],
        ),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.media });
      notify.success(`"${file.name}" now stands in for "${item.original_name}" everywhere it is used.`);
    } catch (error) {
      setProblem(errorMessage(error, 'The file could not be replaced. Please try again.'));
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Modal open title="Media details" onClose={onClose} size="lg">
      <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
        <div className="aspect-[4/3] overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
          <MediaThumbnail item={item} />
        </div>
        <div className="min-w-0 space-y-4 text-sm">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
            <dt className="text-slate-500">Name</dt>
            <dd className="break-words font-medium text-slate-900">{item.original_name}</dd>
            <dt className="text-slate-500">Size</dt>
            <dd>
              {formatBytes(item.file_size)}
              {item.width && item.height ? ` · ${item.width} × ${item.height} px` : ''}
            </dd>
            <dt className="text-slate-500">Uploaded</dt>
            <dd>{formatDate(item.created_at)}</dd>
            {item.folder && (
              <>
                <dt className="text-slate-500">Folder</dt>
                <dd>{item.folder}</dd>
              </>
            )}
            <dt className="text-slate-500">Address</dt>
            <dd className="break-all">
              <a href={url} target="_blank" rel="noopener noreferrer" className="text-blue-700 hover:underline">
                {url}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </dd>
          </dl>

          <AltTextField item={item} canEdit={canEdit} />

          <section aria-labelledby={`${id}-used-by`}>
            <h3 id={`${id}-used-by`} className="font-semibold text-slate-900">
              Used by
            </h3>
            {usage.isError ? (
              <p className="text-red-700">Where this file is used could not be loaded.</p>
            ) : !usage.data ? (
              <p className="text-slate-500">Loading...</p>
            ) : usage.data.length === 0 ? (
              <p className="text-slate-600">No tour, page or component uses this file.</p>
            ) : (
              <ul className="mt-1 space-y-1">
                {usage.data.map((use) => (
                  <li key={`${use.item_type}-${use.item_id}`}>
                    <span className="text-slate-500">{USE_LABELS[use.item_type]}: </span>
                    <Link to={editorOf(use)} className="text-blue-700 hover:underline" onClick={onClose}>
                      {use.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {canEdit && (
            <div className="space-y-2 border-t border-slate-200 pt-4">
              <div className="flex flex-wrap gap-2">
                <label className="btn-secondary cursor-pointer focus-within:ring-2 focus-within:ring-blue-500">
                  Replace file
                  <input
                    ref={fileInput}
                    type="file"
                    className="sr-only"
                    accept={accept}
                    aria-describedby={`${id}-replace-hint`}
                    disabled={progress !== null}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (file) void replace(file);
                    }}
                  />
                </label>
                <button type="button" className="btn-danger" onClick={() => void onDelete(item)}>
                  Delete
                </button>
              </div>
              <p id={`${id}-replace-hint`} className="text-xs text-slate-500">
                A new {accept} file under the same address: every tour, page and component that shows this file shows
                the new one.
              </p>
              {progress !== null && (
                <progress className="w-full" max={1} value={progress} aria-label="Uploading the new file">
                  {Math.round(progress * 100)}%
                </progress>
              )}
              {problem && (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
                  {problem}
                </p>
              )}
            </div>
          )}
        </div>
      </div>
    </Modal>
  );
}
