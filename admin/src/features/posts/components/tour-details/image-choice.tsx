import { useState } from 'react';
import { ImageIcon, X } from 'lucide-react';
import { mediaKind, mediaUrl, type MediaItem, type SectionImage } from '@tours-cms/contract';
import { FieldError } from '../../../../components/ui/form-field';
import { MediaSelector } from '../../../../components/media-selector/media-selector';
import { useKnownImages } from './known-images';

/**
 * Opens the media library's selector for one image and refuses anything that is not an image (the server refuses
 * it too), saying why where the choice was asked for.
 */
export function useImagePicker(onPick: (item: MediaItem) => void) {
  const { remember } = useKnownImages();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const selector = open ? (
    <MediaSelector
      onClose={() => setOpen(false)}
      onSelect={(_url, item) => {
        if (mediaKind(item.mime_type) !== 'image') {
          setProblem(`"${item.original_name}" is not an image. Choose an image file.`);
          return;
        }
        setProblem(null);
        remember(item);
        onPick(item);
      }}
    />
  ) : null;
  return { pick: () => setOpen(true), selector, problem };
}

/** A small preview of a chosen image, by what the editor knows of it. */
export function ImagePreview({ id, image, className }: { id: number; image: SectionImage | null; className: string }) {
  if (!image)
    return (
      <span className={`${className} flex items-center justify-center bg-slate-100 text-xs text-slate-500`}>
        Image {id}
      </span>
    );
  return (
    <img
      src={mediaUrl(image.thumbnail_path ?? image.file_path)}
      alt={image.alt_text ?? ''}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      className={`${className} object-cover`}
    />
  );
}

/** An optional image of an entry (an itinerary day's): its preview, and buttons named after the entry. */
export function ImageChoice({
  id,
  imageId,
  entryName,
  error,
  onChange,
}: {
  id: string;
  imageId: number | null;
  /** Whose image it is, for the buttons' names ('Day 2'). */
  entryName: string;
  error: string | undefined;
  onChange: (imageId: number | null) => void;
}) {
  const { imageOf } = useKnownImages();
  const picker = useImagePicker((item) => onChange(item.id));
  const shown = picker.problem ?? error;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        {imageId !== null && (
          <ImagePreview
            id={imageId}
            image={imageOf(imageId)}
            className="h-16 w-24 rounded-md border border-slate-200"
          />
        )}
        <button type="button" className="btn-secondary" onClick={picker.pick}>
          <ImageIcon className="h-4 w-4" aria-hidden="true" />
          {imageId === null ? `Choose an image for ${entryName}` : `Change the image of ${entryName}`}
        </button>
        {imageId !== null && (
          <button type="button" className="btn-ghost" onClick={() => onChange(null)}>
            <X className="h-4 w-4" aria-hidden="true" />
            Remove the image of {entryName}
          </button>
        )}
      </div>
      {shown && <FieldError id={`${id}-error`} message={shown} />}
      {picker.selector}
    </div>
  );
}
