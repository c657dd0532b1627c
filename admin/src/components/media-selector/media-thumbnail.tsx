import { memo } from 'react';
import { File, FileText, Film } from 'lucide-react';
import { mediaKind, mediaUrl, type MediaItem } from '@tours-cms/contract';

const ICONS = { video: Film, pdf: FileText, document: File } as const;
const ICON_COLOURS = { video: 'text-purple-500', pdf: 'text-red-500', document: 'text-blue-500' } as const;

/**
 * The preview of a media item: its small WebP thumbnail for images (never the original), else an
 * icon for its kind. Fills its box; the caller sizes it.
 */
export const MediaThumbnail = memo(function MediaThumbnail({ item }: { item: MediaItem }) {
  const kind = mediaKind(item.mime_type);
  if (kind === 'image') {
    return (
      <img
        src={mediaUrl(item.thumbnail_path ?? item.file_path)}
        alt=""
        loading="lazy"
        decoding="async"
        className="h-full w-full object-cover"
      />
    );
  }
  const Icon = ICONS[kind];
  return (
    <div className="flex h-full w-full items-center justify-center bg-slate-50">
      <Icon className={`h-12 w-12 ${ICON_COLOURS[kind]}`} aria-hidden="true" />
    </div>
  );
});

/** The small round buttons laid over a media tile on hover or keyboard focus. */
export const MEDIA_ACTION_CLASS =
  'inline-flex h-8 w-8 items-center justify-center rounded-md bg-white/95 text-slate-700 shadow-sm ring-1 ring-slate-900/10 hover:bg-white hover:text-slate-900';
