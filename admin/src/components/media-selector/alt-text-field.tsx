import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ALT_TEXT_MAX, mediaKind, type MediaItem, type MediaUpdate } from '@tours-cms/contract';
import { apiFetch, ApiError, errorMessage } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useInvalidate } from '../../lib/use-invalidate';

export const updateMedia = (id: number, input: MediaUpdate) =>
  apiFetch<MediaItem>(`/media/${id}`, { method: 'PUT', body: input });

/**
 * An image's alternative text, edited where staff meet the image (its details in the Media Library, the media
 * selector): what the site reads out in its place to visitors who cannot see it. Not a form of its own, since the
 * selector opens inside the post editor's form: Enter saves it without saving the post.
 */
export function AltTextField({
  item,
  canEdit,
}: {
  item: Pick<MediaItem, 'id' | 'alt_text' | 'mime_type' | 'original_name'>;
  canEdit: boolean;
}) {
  const id = useId();
  const invalidate = useInvalidate();
  const [text, setText] = useState(item.alt_text ?? '');
  // What the server holds now: the item's text, or what this field saved since (before the list re-reads it).
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (altText: string) => updateMedia(item.id, { alt_text: altText }),
    onSuccess: (updated) => {
      setSaved(updated.alt_text ?? '');
      return invalidate([queryKeys.media]);
    },
  });
  if (mediaKind(item.mime_type) !== 'image') return null;
  const problem = save.error
    ? save.error instanceof ApiError && save.error.errors[0]
      ? save.error.errors[0].message
      : errorMessage(save.error, 'The alternative text could not be saved. Please try again.')
    : null;
  const unchanged = text.trim() === (saved ?? item.alt_text ?? '');

  if (!canEdit)
    return (
      <p className="text-sm">
        <span className="font-medium text-slate-700">Alternative text: </span>
        {item.alt_text ?? <span className="italic text-slate-500">none</span>}
      </p>
    );
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-alt`} className="label">
        Alternative text
      </label>
      <div className="flex flex-wrap items-start gap-2">
        <input
          id={`${id}-alt`}
          className="input min-w-0 flex-1"
          maxLength={ALT_TEXT_MAX}
          value={text}
          placeholder="e.g. Two kayaks on a calm bay at sunset"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            save.reset();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (!unchanged) save.mutate(text);
          }}
        />
        <button
          type="button"
          className="btn-secondary"
          aria-disabled={unchanged || save.isPending}
          onClick={() => !unchanged && !save.isPending && save.mutate(text)}
        >
          {save.isPending ? 'Saving...' : 'Save alternative text'}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        What the image shows, for visitors who cannot see it; every page that shows it reads this. Leave it empty and
        the caption or the tour&apos;s title is read instead.
      </p>
      {problem && (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      )}
      <p role="status" className="text-xs font-medium text-green-700">
        {save.isSuccess && unchanged ? 'Alternative text saved.' : ''}
      </p>
    </div>
  );
}
