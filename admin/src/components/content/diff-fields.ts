import { diffArrays } from 'diff';
import {
  diffFieldSpecs,
  durationMinutes,
  itineraryEntryLabel,
  type DiffFieldSpec,
  type ReferenceTarget,
} from '@tours-cms/contract';
import type { DiffField } from './field-diff';

/** The names of the items reference fields point to, by collection, as the editor has them loaded. */
export type ReferenceNames = Partial<Record<ReferenceTarget, readonly { id: number; name: string }[]>>;

function nameIn(items: readonly { id: number; name: string }[] | undefined, id: unknown): string {
  if (id === null || id === undefined) return '';
  return items?.find((item) => item.id === id)?.name ?? `#${String(id)}`;
}

const textOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** How a value of this field reads in the diff: a reference by its name, an image by its id, a flag as Yes or No. */
function formatOf(spec: DiffFieldSpec, names: ReferenceNames): DiffField['format'] {
  switch (spec.kind) {
    case 'reference':
      return (id) => nameIn(spec.references && names[spec.references], id);
    case 'references': {
      // Tags are a set, read sorted; FAQs read in the order the tour shows them.
      const ordered = spec.references === 'faqs';
      return (ids) => {
        if (!Array.isArray(ids)) return '';
        const named = ids.map((id) => nameIn(spec.references && names[spec.references], id));
        return (ordered ? named : named.sort()).join(', ');
      };
    }
    case 'image':
      return (id) => (id === null || id === undefined ? 'None' : `Media item #${String(id)}`);
    case 'flag':
      return (value) => (value ? 'Yes' : 'No');
    case 'lines':
      return (lines) => (Array.isArray(lines) ? lines.join('\n') : '');
    case 'itinerary':
      // One block a day, so a day added, removed or changed reads as such in the word diff.
      return (entries) =>
        Array.isArray(entries)
          ? (entries as Record<string, unknown>[])
              .map((entry, index) =>
                [
                  `${index + 1}. ${textOf(entry.title)}`,
                  entry.description ? `   ${textOf(entry.description)}` : '',
                  entry.overnight ? `   Overnight: ${textOf(entry.overnight)}` : '',
                  entry.meals ? `   Meals: ${textOf(entry.meals)}` : '',
                  typeof entry.image_id === 'number' ? `   Image: media item #${entry.image_id}` : '',
                ]
                  .filter(Boolean)
                  .join('\n'),
              )
              .join('\n\n')
          : '';
    case 'gallery':
      return (items) =>
        Array.isArray(items)
          ? (items as Record<string, unknown>[])
              .map((item) => `Media item #${textOf(item.media_id)}${item.caption ? `: ${textOf(item.caption)}` : ''}`)
              .join('\n')
          : '';
    case 'place':
      return (place) => {
        if (!place || typeof place !== 'object') return 'None';
        const { name, address, latitude, longitude, notes } = place as Record<string, unknown>;
        return [
          name,
          address,
          latitude !== null && latitude !== undefined ? `${textOf(latitude)}, ${textOf(longitude)}` : '',
          notes,
        ]
          .map(textOf)
          .filter(Boolean)
          .join('\n');
      };
    default:
      return undefined;
  }
}

type Entry = Record<string, unknown>;

const entriesOf = (value: unknown): Entry[] =>
  Array.isArray(value) ? value.filter((entry): entry is Entry => !!entry && typeof entry === 'object') : [];

/** A day as a whole, to tell a day kept from one changed. */
const dayKey = (entry: Entry) =>
  JSON.stringify([entry.title, entry.description, entry.overnight, entry.meals, entry.image_id].map((v) => v ?? null));

/**
 * An itinerary's change a day a line, numbered as the tour numbers them ("Day 2 added: Sintra", "Stop 1 removed:
 * Castle", "Day 3 changed: Cabo da Roca", "Day 1 moved to Day 2: Lisbon"): the days are matched as a sequence
 * (jsdiff's diffArrays), so a day removed from the start reads as that day removed, not as every day after it
 * changed. A removed day followed by an added one in the same place reads as that day changed.
 */
export function itineraryChanges(before: Entry, after: Entry, key = 'itinerary'): string[] {
  const old = entriesOf(before[key]);
  const now = entriesOf(after[key]);
  const labelBefore = (index: number) => itineraryEntryLabel(index + 1, durationMinutes(textOf(before.duration)));
  const labelAfter = (index: number) => itineraryEntryLabel(index + 1, durationMinutes(textOf(after.duration)));
  const removed: number[] = [];
  const added: number[] = [];
  const changed: number[] = [];
  let i = 0;
  let j = 0;
  const parts = diffArrays(old.map(dayKey), now.map(dayKey));
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    const next = parts[k + 1];
    if (!part.added && !part.removed) {
      i += part.count ?? 0;
      j += part.count ?? 0;
    } else if (part.removed && next?.added) {
      const paired = Math.min(part.count ?? 0, next.count ?? 0);
      for (let n = 0; n < (part.count ?? 0); n++) {
        if (n < paired) changed.push(j + n);
        else removed.push(i + n);
      }
      for (let n = paired; n < (next.count ?? 0); n++) added.push(j + n);
      i += part.count ?? 0;
      j += next.count ?? 0;
      k++;
    } else if (part.removed) {
      for (let n = 0; n < (part.count ?? 0); n++) removed.push(i + n);
      i += part.count ?? 0;
    } else {
      for (let n = 0; n < (part.count ?? 0); n++) added.push(j + n);
      j += part.count ?? 0;
    }
  }
  const lines: string[] = [];
  // A day removed in one place and added unchanged in another moved.
  for (const from of [...removed]) {
    const to = added.find((index) => dayKey(now[index]!) === dayKey(old[from]!));
    if (to === undefined) continue;
    removed.splice(removed.indexOf(from), 1);
    added.splice(added.indexOf(to), 1);
    lines.push(`${labelBefore(from)} moved to ${labelAfter(to)}: ${textOf(now[to]!.title)}`);
  }
  for (const index of removed) lines.push(`${labelBefore(index)} removed: ${textOf(old[index]!.title)}`);
  for (const index of changed) lines.push(`${labelAfter(index)} changed: ${textOf(now[index]!.title)}`);
  for (const index of added) lines.push(`${labelAfter(index)} added: ${textOf(now[index]!.title)}`);
  return lines;
}

/** The history diff's fields of a content type, read from its field table, with the editors' labels. */
export function diffFieldsOf(table: object, names: ReferenceNames = {}): DiffField[] {
  return diffFieldSpecs(table).map((spec) => ({
    key: spec.key,
    label: spec.label,
    format: formatOf(spec, names),
    ...(spec.kind === 'itinerary' && {
      changes: (before: Entry, after: Entry) => itineraryChanges(before, after, spec.key),
    }),
  }));
}
