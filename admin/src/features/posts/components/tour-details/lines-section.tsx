import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { TOUR_LINE_MAX } from '@tours-cms/contract';
import { FieldError } from '../../../../components/ui/form-field';
import { SortableList, useListKeys } from '../../../../components/ui/sortable-list';
import { moveIn, removeAt, replaceAt } from './section-props';

interface Props {
  /** The field's name in the API ('highlights'), for the inputs' ids and errors. */
  field: string;
  /** One line's name ('Highlight'), and how to ask for another ('Add a highlight'). */
  noun: string;
  addLabel: string;
  max: number;
  lines: string[];
  onChange: (lines: string[]) => void;
  errorAt: (field: string) => string | undefined;
}

/**
 * A list of short lines (highlights, what is included): one input a line, reordered like every list here. Enter
 * in a line starts the next one, and text pasted with line breaks becomes one line each, so a list copied from
 * elsewhere arrives whole.
 */
export function LinesSection({ field, noun, addLabel, max, lines, onChange, errorAt }: Props) {
  const keys = useListKeys(lines.length);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const full = lines.length >= max;

  const insert = (at: number, added: string[]) => {
    const room = added.slice(0, max - lines.length);
    if (room.length === 0) return;
    const newKeys = keys.added(room.length, at);
    onChange([...lines.slice(0, at), ...room, ...lines.slice(at)]);
    setFocusKey(newKeys[newKeys.length - 1] ?? null);
  };
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    const parts = pasted
      .split(/\r?\n/)
      .map((part) => part.replace(/^\s*(?:[-*•]\s+)?/, '').trim())
      .filter(Boolean);
    if (parts.length < 2) return;
    event.preventDefault();
    const [first = '', ...rest] = parts;
    const line = lines[index] ?? '';
    const rows = replaceAt(lines, index, line.trim() === '' ? first : `${line} ${first}`.trim());
    const room = rest.slice(0, max - lines.length);
    const newKeys = keys.added(room.length, index + 1);
    onChange([...rows.slice(0, index + 1), ...room, ...rows.slice(index + 1)]);
    setFocusKey(newKeys[newKeys.length - 1] ?? null);
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter starts the next line rather than saving the tour.
    event.preventDefault();
    if (!full) insert(index + 1, ['']);
  };

  return (
    <div className="space-y-3">
      {lines.length > 0 && (
        <SortableList
          label={`${noun}s`}
          className="space-y-2"
          items={lines}
          keys={keys.keys}
          nameOf={(_line, index) => `${noun} ${index + 1}`}
          onMove={(from, to) => {
            keys.moved(from, to);
            onChange(moveIn(lines, from, to));
          }}
          renderItem={(line, index, controls) => {
            const id = `post-${field}-${index}`;
            const error = errorAt(`${field}[${index}]`);
            return (
              <div>
                <div className="flex items-center gap-1">
                  {controls}
                  <label htmlFor={id} className="sr-only">
                    {noun} {index + 1}
                  </label>
                  <input
                    id={id}
                    ref={(input) => {
                      if (input && keys.keys[index] === focusKey) {
                        input.focus();
                        setFocusKey(null);
                      }
                    }}
                    className="input flex-1"
                    maxLength={TOUR_LINE_MAX}
                    value={line}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(event) => onChange(replaceAt(lines, index, event.target.value))}
                    onPaste={onPaste(index)}
                    onKeyDown={onKeyDown(index)}
                  />
                  <button
                    type="button"
                    className="btn-ghost px-2"
                    aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
                    onClick={() => {
                      keys.removed(index);
                      onChange(removeAt(lines, index));
                    }}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </button>
                </div>
                {error && <FieldError id={`${id}-error`} message={error} />}
              </div>
            );
          }}
        />
      )}
      {errorAt(field) && <FieldError id={`post-${field}-error`} message={errorAt(field)!} />}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-secondary"
          aria-disabled={full}
          onClick={() => !full && insert(lines.length, [''])}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          {addLabel}
        </button>
        <span className="text-sm text-slate-500">
          {full ? `That is the most a tour has (${max}).` : `Up to ${max}. Paste a list to add one line each.`}
        </span>
      </div>
    </div>
  );
}
