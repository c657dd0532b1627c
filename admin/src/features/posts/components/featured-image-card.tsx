import { useState } from 'react';
import { ImageIcon, X } from 'lucide-react';
import { mediaKind, mediaUrl, type FeaturedImage } from '@tours-cms/contract';
import { FieldError } from '../../../components/ui/form-field';
import { MediaSelector } from '../../../components/media-selector/media-selector';
import { Card } from './card';

interface Props {
  image: FeaturedImage | null;
  error: string | undefined;
  onChange: (image: FeaturedImage | null) => void;
}

/** The tour's featured image: an image from the media library, chosen in the library's own selector. */
export function FeaturedImageCard({ image, error, onChange }: Props) {
  const [choosing, setChoosing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  return (
    <Card title="Featured Image">
      {image ? (
        <img
          src={mediaUrl(image.thumbnail_path ?? image.file_path)}
          alt={`Featured image: ${image.original_name}`}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          className="aspect-video w-full rounded-lg border border-slate-200 object-cover"
        />
      ) : (
        <p className="text-sm text-slate-600">No featured image. Tours with one stand out on the website.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => setChoosing(true)}>
          <ImageIcon className="h-4 w-4" aria-hidden="true" />
          Choose from Media Library
        </button>
        {image && (
          <button type="button" className="btn-ghost" onClick={() => onChange(null)} aria-label="Remove featured image">
            <X className="h-4 w-4" aria-hidden="true" />
            Remove
          </button>
        )}
      </div>
      {shown && <FieldError id="post-featured-image-error" message={shown} />}
      {choosing && (
        <MediaSelector
          selectedUrl={image ? mediaUrl(image.file_path) : null}
          onClose={() => setChoosing(false)}
          onSelect={(_url, item) => {
            // Only an image can be a featured image; the server refuses anything else too.
            if (mediaKind(item.mime_type) !== 'image') {
              setProblem(`"${item.original_name}" is not an image. Choose an image file.`);
              return;
            }
            setProblem(null);
            const { id, original_name, file_path, thumbnail_path, mime_type, width, height, alt_text } = item;
            onChange({ id, original_name, file_path, thumbnail_path, mime_type, width, height, alt_text });
          }}
        />
      )}
    </Card>
  );
}
