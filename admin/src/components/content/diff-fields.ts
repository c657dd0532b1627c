import { diffFieldSpecs, type DiffFieldSpec, type ReferenceTarget } from '@tours-cms/contract';
import type { DiffField } from './field-diff';

/** The names of the items reference fields point to, by collection, as the editor has them loaded. */
export type ReferenceNames = Partial<Record<ReferenceTarget, readonly { id: number; name: string }[]>>;

function nameIn(items: readonly { id: number; name: string }[] | undefined, id: unknown): string {
  if (id === null || id === undefined) return '';
  return items?.find((item) => item.id === id)?.name ?? `#${String(id)}`;
}

/** How a value of this field reads in the diff: a reference by its name, an image by its id, a flag as Yes or No. */
function formatOf(spec: DiffFieldSpec, names: ReferenceNames): DiffField['format'] {
  switch (spec.kind) {
    case 'reference':
      return (id) => nameIn(spec.references && names[spec.references], id);
    case 'references':
      return (ids) =>
        Array.isArray(ids)
          ? ids
              .map((id) => nameIn(spec.references && names[spec.references], id))
              .sort()
              .join(', ')
          : '';
    case 'image':
      return (id) => (id === null || id === undefined ? 'None' : `Media item #${String(id)}`);
    case 'flag':
      return (value) => (value ? 'Yes' : 'No');
    default:
      return undefined;
  }
}

/** The history diff's fields of a content type, read from its field table, with the editors' labels. */
export function diffFieldsOf(table: object, names: ReferenceNames = {}): DiffField[] {
  return diffFieldSpecs(table).map((spec) => ({ key: spec.key, label: spec.label, format: formatOf(spec, names) }));
}
