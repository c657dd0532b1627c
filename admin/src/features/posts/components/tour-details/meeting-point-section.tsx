import type { ClipboardEvent } from 'react';
import { ExternalLink, MapPin, X } from 'lucide-react';
import {
  MEETING_NOTES_MAX,
  SHORT_TEXT_MAX,
  TITLE_MAX,
  openStreetMapUrl,
  type PlaceFormValue,
} from '@tours-cms/contract';
import { FormField, fieldA11y } from '../../../../components/ui/form-field';
import type { SectionProps } from './section-props';

const EMPTY_POINT: PlaceFormValue = { name: '', address: '', latitude: '', longitude: '', notes: '' };

/** A coordinate as typed, when it reads as one ("38,7" too). */
function coordinate(text: string, limit: number): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/**
 * Where the tour starts. The coordinates are optional; a pair copied from a map ("38.7139, -9.1334") pasted
 * into either box fills both, and the link opens the point in OpenStreetMap to check it.
 */
export function MeetingPointSection({ value: point, onChange, errorAt }: SectionProps<'meeting_point'>) {
  if (point === null)
    return (
      <button type="button" className="btn-secondary" onClick={() => onChange(EMPTY_POINT)}>
        <MapPin className="h-4 w-4" aria-hidden="true" />
        Add a meeting point
      </button>
    );
  const set = (changes: Partial<PlaceFormValue>) => onChange({ ...point, ...changes });
  const onPastePair = (event: ClipboardEvent<HTMLInputElement>) => {
    const pair = /^\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(event.clipboardData.getData('text'));
    if (!pair) return;
    event.preventDefault();
    set({ latitude: pair[1], longitude: pair[2] });
  };
  const latitude = coordinate(point.latitude, 90);
  const longitude = coordinate(point.longitude, 180);
  const text = (
    field: 'name' | 'address',
    label: string,
    maxLength: number,
    extra: { required?: boolean; placeholder?: string } = {},
  ) => {
    const id = `post-meeting-${field}`;
    const error = errorAt(`meeting_point.${field}`);
    return (
      <FormField id={id} label={label} required={extra.required} error={error}>
        <input
          id={id}
          className="input"
          maxLength={maxLength}
          value={point[field]}
          placeholder={extra.placeholder}
          required={extra.required}
          onChange={(event) => set({ [field]: event.target.value })}
          {...fieldA11y(id, error)}
        />
      </FormField>
    );
  };
  const coordinateInput = (field: 'latitude' | 'longitude', label: string, placeholder: string) => {
    const id = `post-meeting-${field}`;
    const error = errorAt(`meeting_point.${field}`);
    return (
      <FormField id={id} label={label} error={error}>
        <input
          id={id}
          className="input font-mono"
          inputMode="decimal"
          placeholder={placeholder}
          value={point[field]}
          onChange={(event) => set({ [field]: event.target.value })}
          onPaste={onPastePair}
          {...fieldA11y(id, error)}
        />
      </FormField>
    );
  };

  return (
    <div className="space-y-4">
      {text('name', 'Meeting point name', TITLE_MAX, {
        required: true,
        placeholder: 'e.g. Rossio Square, by the fountain',
      })}
      {text('address', 'Address', SHORT_TEXT_MAX)}
      <div className="grid gap-4 sm:grid-cols-2">
        {coordinateInput('latitude', 'Latitude', 'e.g. 38.7139')}
        {coordinateInput('longitude', 'Longitude', 'e.g. -9.1394')}
      </div>
      <p className="text-sm text-slate-500">
        Optional, both or neither. Paste a pair copied from a map into either box to fill both.{' '}
        {latitude !== null && longitude !== null && (
          <a
            href={openStreetMapUrl(latitude, longitude)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-blue-700 underline"
          >
            Check it in OpenStreetMap
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </p>
      <FormField id="post-meeting-notes" label="Notes" error={errorAt('meeting_point.notes')}>
        <textarea
          id="post-meeting-notes"
          className="input"
          rows={2}
          maxLength={MEETING_NOTES_MAX}
          placeholder="e.g. Look for the guide with the orange umbrella, 10 minutes before the start"
          value={point.notes}
          onChange={(event) => set({ notes: event.target.value })}
          {...fieldA11y('post-meeting-notes', errorAt('meeting_point.notes'))}
        />
      </FormField>
      <button type="button" className="btn-ghost" onClick={() => onChange(null)}>
        <X className="h-4 w-4" aria-hidden="true" />
        Remove the meeting point
      </button>
    </div>
  );
}
