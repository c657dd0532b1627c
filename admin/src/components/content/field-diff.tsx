import { diffWordsWithSpace } from 'diff';

/** A field of an item as the diff names it. */
export interface DiffField {
  key: string;
  label: string;
  /** How a value reads (a category's name for its id...); by default the value as text. */
  format?: (value: unknown) => string;
  /** What changed in a list, one line an entry ("Day 2 added: Sintra"), read above the word diff. */
  changes?: (before: Record<string, unknown>, after: Record<string, unknown>) => string[];
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The fields whose values differ between the two versions, in the order given. */
export function changedFields(
  fields: DiffField[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): DiffField[] {
  return fields.filter((field) => {
    const format = field.format ?? asText;
    return format(before[field.key]) !== format(after[field.key]);
  });
}

/**
 * What changed between two versions, field by field: text and markup compared word by word (jsdiff), removed
 * parts struck through on red, added parts underlined on green, so the change reads without colour too.
 */
export function FieldDiff({
  fields,
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  fields: DiffField[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  beforeLabel: string;
  afterLabel: string;
}) {
  const changed = changedFields(fields, before, after);
  if (changed.length === 0)
    return (
      <p className="text-sm text-slate-600">No differences: this version is the same as {afterLabel.toLowerCase()}.</p>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        <del className="rounded bg-red-100 px-1 text-red-900">Removed</del> from {beforeLabel.toLowerCase()},{' '}
        <ins className="rounded bg-green-100 px-1 text-green-900">added</ins> in {afterLabel.toLowerCase()}.
      </p>
      <dl className="space-y-3">
        {changed.map((field) => {
          const format = field.format ?? asText;
          const parts = diffWordsWithSpace(format(before[field.key]), format(after[field.key]));
          const changes = field.changes?.(before, after) ?? [];
          return (
            <div key={field.key} className="rounded-lg border border-slate-200">
              <dt className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600">
                {field.label}
              </dt>
              {changes.length > 0 && (
                <dd className="border-b border-slate-200 px-3 py-2 text-sm text-slate-800">
                  <ul aria-label={`${field.label}: what changed`} className="list-disc space-y-0.5 pl-5">
                    {changes.map((line, index) => (
                      <li key={index}>{line}</li>
                    ))}
                  </ul>
                </dd>
              )}
              <dd className="max-h-72 overflow-auto whitespace-pre-wrap break-words px-3 py-2 font-mono text-xs text-slate-800">
                {parts.map((part, index) =>
                  part.removed ? (
                    <del key={index} className="bg-red-100 text-red-900">
                      {part.value}
                    </del>
                  ) : part.added ? (
                    <ins key={index} className="bg-green-100 text-green-900">
                      {part.value}
                    </ins>
                  ) : (
                    <span key={index}>{part.value}</span>
                  ),
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
