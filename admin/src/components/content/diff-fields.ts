import { diffFieldSpecs, type DiffFieldSpec, type ReferenceTarget } from '@tours-cms/contract';
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

/** The history diff's fields of a content type, read from its field table, with the editors' labels. */
export function diffFieldsOf(table: object, names: ReferenceNames = {}): DiffField[] {
  return diffFieldSpecs(table).map((spec) => ({ key: spec.key, label: spec.label, format: formatOf(spec, names) }));
}
