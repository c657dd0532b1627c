import { ImagePlus, X } from 'lucide-react';
import { CAPTION_MAX, GALLERY_IMAGES_MAX } from '@tours-cms/contract';
import { FieldError } from '../../../../components/ui/form-field';
import { SortableList, useListKeys } from '../../../../components/ui/sortable-list';
import { useKnownImages } from './known-images';
import { ImagePreview, useImagePicker } from './image-choice';
import { moveIn, removeAt, replaceAt, type SectionProps } from './section-props';

/**
 * The gallery: images from the media library in the order the tour page shows them, each with an optional
 * caption. An image without alternative text is flagged: the page reads out the caption or the tour's title instead.
 */
export function GallerySection({ value: items, onChange, errorAt }: SectionProps<'gallery'>) {
  const { imageOf } = useKnownImages();
  const keys = useListKeys(items.length);
  const full = items.length >= GALLERY_IMAGES_MAX;
  const picker = useImagePicker((item) => {
    if (items.length >= GALLERY_IMAGES_MAX) return;
    keys.added();
    onChange([...items, { media_id: item.id, caption: '' }]);
  });

  return (
    <div className="space-y-3">
      {items.length > 0 && (
        <SortableList
          label="Gallery images"
          className="space-y-2"
          items={items}
          keys={keys.keys}
          nameOf={(_item, index) => `Image ${index + 1}`}
          onMove={(from, to) => {
            keys.moved(from, to);
            onChange(moveIn(items, from, to));
          }}
          renderItem={(item, index, controls) => {
            const image = imageOf(item.media_id);
            const id = `post-gallery-${keys.keys[index] ?? index}`;
            const error = errorAt(`gallery[${index}].caption`) ?? errorAt(`gallery[${index}].media_id`);
            return (
              <div className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 p-2 sm:flex-nowrap">
                {controls}
                <ImagePreview id={item.media_id} image={image} className="h-16 w-24 shrink-0 rounded-md" />
                <div className="min-w-0 flex-1">
                  <label htmlFor={id} className="label">
                    Caption <span className="sr-only">of image {index + 1}</span>
                  </label>
                  <input
                    id={id}
                    className="input"
                    maxLength={CAPTION_MAX}
                    value={item.caption}
                    placeholder="Optional"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : image && !image.alt_text ? `${id}-note` : undefined}
                    onChange={(event) => onChange(replaceAt(items, index, { ...item, caption: event.target.value }))}
                  />
                  <FieldError id={`${id}-error`} message={error} />
                  {image && !image.alt_text && !error && (
                    <p id={`${id}-note`} className="mt-1 text-xs text-amber-800">
                      This image has no alternative text: the page reads out its caption, or the tour&apos;s title.
                      Describe it in the Media Library.
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className="btn-ghost px-2"
                  aria-label={`Remove image ${index + 1} from the gallery`}
                  onClick={() => {
                    keys.removed(index);
                    onChange(removeAt(items, index));
                  }}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              </div>
            );
          }}
        />
      )}
      <FieldError id="post-gallery-error" message={picker.problem ?? errorAt('gallery')} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" aria-disabled={full} onClick={() => !full && picker.pick()}>
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          Add an image to the gallery
        </button>
        <span className="text-sm text-slate-500">
          {full ? `That is the most a gallery has (${GALLERY_IMAGES_MAX}).` : `Up to ${GALLERY_IMAGES_MAX} images.`}
        </span>
      </div>
      {picker.selector}
    </div>
  );
}
