import { memo } from 'react';
import { Download, ExternalLink, Info, Trash2 } from 'lucide-react';
import { formatBytes, formatDate, mediaUrl, type MediaListItem } from '@tours-cms/contract';
import { MEDIA_ACTION_CLASS, MediaThumbnail } from '../../../components/media-selector/media-thumbnail';

interface Props {
  item: MediaListItem;
  onDelete?: (item: MediaListItem) => void;
  /** Opens the item's details: where it is used, its address, replacing its file. */
  onDetails: (item: MediaListItem) => void;
}

/**
 * One file of the grid: preview, name, size and date. The actions (open, download under the original name,
 * delete) appear on hover and on keyboard focus. Memoised, so a filter change only touches the cards it adds
 * or removes.
 */
export const MediaCard = memo(function MediaCard({ item, onDelete, onDetails }: Props) {
  const url = mediaUrl(item.file_path);
  return (
    <li aria-label={item.original_name} className="group card relative overflow-hidden">
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        <MediaThumbnail item={item} />
      </div>
      <div className="px-3 py-2.5">
        <p className="truncate text-sm font-medium text-slate-900" title={item.original_name}>
          {item.original_name}
        </p>
        <p className="mt-0.5 flex justify-between gap-2 text-xs text-slate-500">
          <span>{formatBytes(item.file_size)}</span>
          <span>{formatDate(item.created_at)}</span>
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {item.usage_count === 0 ? 'Not used' : `Used by ${item.usage_count}`}
        </p>
      </div>
      <div className="absolute right-2 top-2 flex gap-1 opacity-0 transition-opacity focus-within:opacity-100 group-hover:opacity-100">
        <button
          type="button"
          onClick={() => onDetails(item)}
          className={MEDIA_ACTION_CLASS}
          aria-label={`Details of ${item.original_name}`}
          title="Details"
        >
          <Info className="h-4 w-4" aria-hidden="true" />
        </button>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={MEDIA_ACTION_CLASS}
          aria-label={`Open ${item.original_name} in a new tab`}
          title="Open"
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
        {onDelete && (
          <button
            type="button"
            onClick={() => onDelete(item)}
            className={`${MEDIA_ACTION_CLASS} hover:text-red-600`}
            aria-label={`Delete ${item.original_name}`}
            title="Delete"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </li>
  );
});
