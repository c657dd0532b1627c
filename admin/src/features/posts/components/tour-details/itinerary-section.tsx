import { useState } from 'react';
import { ChevronDown, ChevronRight, Plus, Trash2 } from 'lucide-react';
import {
  ITINERARY_DAYS_MAX,
  SHORT_TEXT_MAX,
  TITLE_MAX,
  itineraryEntryLabel,
  type ItineraryFormEntry,
} from '@tours-cms/contract';
import { FieldError } from '../../../../components/ui/form-field';
import { SortableList, useListKeys } from '../../../../components/ui/sortable-list';
import { LazyProseEditor } from '../../../../components/editors/prose-editor/lazy-prose-editor';
import { ImageChoice } from './image-choice';
import { moveIn, removeAt, replaceAt, type SectionProps } from './section-props';

const EMPTY_ENTRY: ItineraryFormEntry = { title: '', description: '', overnight: '', meals: '', image_id: null };

/**
 * The itinerary: one entry a day (or a stop, for a tour shorter than a day), numbered by position. Each entry
 * folds to its title, so a long tour stays a list to reorder; the description's rich text editor loads only for
 * the entries open.
 */
export function ItinerarySection({
  value: entries,
  onChange,
  errorAt,
  durationMinutes,
}: SectionProps<'itinerary'> & { durationMinutes: number | null }) {
  const keys = useListKeys(entries.length);
  // Open entries by key; a tour with one entry shows it open.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(entries.length === 1 ? keys.keys : []));
  const full = entries.length >= ITINERARY_DAYS_MAX;
  const labelOf = (index: number) => itineraryEntryLabel(index + 1, durationMinutes);
  const set = (index: number, changes: Partial<ItineraryFormEntry>) => {
    const entry = entries[index];
    if (entry) onChange(replaceAt(entries, index, { ...entry, ...changes }));
  };
  const toggle = (key: string) =>
    setOpen((keysOpen) => {
      const next = new Set(keysOpen);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const add = () => {
    if (full) return;
    const [key] = keys.added();
    if (key) setOpen((keysOpen) => new Set(keysOpen).add(key));
    onChange([...entries, EMPTY_ENTRY]);
  };

  return (
    <div className="space-y-3">
      {entries.length > 0 && (
        <SortableList
          label="Itinerary"
          items={entries}
          keys={keys.keys}
          nameOf={(_entry, index) => labelOf(index)}
          onMove={(from, to) => {
            keys.moved(from, to);
            onChange(moveIn(entries, from, to));
          }}
          renderItem={(entry, index, controls) => {
            const key = keys.keys[index] ?? String(index);
            const label = labelOf(index);
            const prefix = `itinerary[${index}]`;
            const hasProblem = [
              `${prefix}`,
              `${prefix}.title`,
              `${prefix}.description`,
              `${prefix}.overnight`,
              `${prefix}.meals`,
              `${prefix}.image_id`,
            ].some((name) => errorAt(name));
            const isOpen = open.has(key) || hasProblem;
            const id = `post-itinerary-${key}`;
            return (
              <div className="rounded-lg border border-slate-200">
                <div className="flex items-center gap-2 px-2 py-2">
                  {controls}
                  <button
                    type="button"
                    className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1 text-left hover:bg-slate-50"
                    aria-expanded={isOpen}
                    aria-controls={`${id}-fields`}
                    onClick={() => toggle(key)}
                  >
                    {isOpen ? (
                      <ChevronDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                    ) : (
                      <ChevronRight className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                    )}
                    <span className="shrink-0 text-sm font-semibold text-slate-900">{label}</span>
                    <span className={`truncate text-sm ${entry.title ? 'text-slate-700' : 'italic text-slate-500'}`}>
                      {entry.title || 'No title yet'}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="btn-ghost px-2"
                    aria-label={`Remove ${label}`}
                    onClick={() => {
                      keys.removed(index);
                      onChange(removeAt(entries, index));
                    }}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </button>
                </div>
                {isOpen && (
                  <div id={`${id}-fields`} className="space-y-4 border-t border-slate-200 p-4">
                    <EntryInput
                      id={`${id}-title`}
                      label="Title"
                      of={label}
                      required
                      maxLength={TITLE_MAX}
                      value={entry.title}
                      error={errorAt(`${prefix}.title`)}
                      onChange={(title) => set(index, { title })}
                    />
                    <div>
                      <span id={`${id}-description-label`} className="label">
                        Description <span className="sr-only">of {label}</span>
                      </span>
                      <LazyProseEditor
                        labelId={`${id}-description-label`}
                        initialHtml={entry.description}
                        minHeight={120}
                        onChange={(description) => set(index, { description })}
                      />
                      <FieldError id={`${id}-description-error`} message={errorAt(`${prefix}.description`)} />
                    </div>
                    <div className="grid gap-4 sm:grid-cols-2">
                      <EntryInput
                        id={`${id}-overnight`}
                        label="Overnight"
                        of={label}
                        placeholder="e.g. Hotel in Sintra"
                        maxLength={SHORT_TEXT_MAX}
                        value={entry.overnight}
                        error={errorAt(`${prefix}.overnight`)}
                        onChange={(overnight) => set(index, { overnight })}
                      />
                      <EntryInput
                        id={`${id}-meals`}
                        label="Meals"
                        of={label}
                        placeholder="e.g. Breakfast, lunch"
                        maxLength={SHORT_TEXT_MAX}
                        value={entry.meals}
                        error={errorAt(`${prefix}.meals`)}
                        onChange={(meals) => set(index, { meals })}
                      />
                    </div>
                    <ImageChoice
                      id={`${id}-image`}
                      imageId={entry.image_id}
                      entryName={label}
                      error={errorAt(`${prefix}.image_id`)}
                      onChange={(image_id) => set(index, { image_id })}
                    />
                  </div>
                )}
              </div>
            );
          }}
        />
      )}
      <FieldError id="post-itinerary-error" message={errorAt('itinerary')} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" aria-disabled={full} onClick={add}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add {itineraryEntryLabel(entries.length + 1, durationMinutes)}
        </button>
        <span className="text-sm text-slate-500">
          {durationMinutes !== null && durationMinutes < 24 * 60
            ? 'A tour shorter than a day lists its stops.'
            : 'One entry a day.'}{' '}
          {full ? `That is the most an itinerary has (${ITINERARY_DAYS_MAX}).` : ''}
        </span>
      </div>
    </div>
  );
}

/** One text input of an entry, named with the entry ("Title of Day 2") so every day's inputs can be told apart. */
function EntryInput({
  id,
  label,
  of,
  error,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  of: string;
  value: string;
  error: string | undefined;
  required?: boolean;
  maxLength: number;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label} <span className="sr-only">of {of}</span>
        {input.required && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        className="input"
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
