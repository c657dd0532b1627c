import type { TaxonomyItem } from '@tours-cms/contract';
import { FieldError } from '../../../components/ui/form-field';
import { Card } from './card';

interface Props {
  tags: TaxonomyItem[] | undefined;
  isError: boolean;
  selected: number[];
  error: string | undefined;
  onChange: (tagIds: number[]) => void;
}

/** The post's tags, as a list of checkboxes: visitors filter the catalogue by them. */
export function TagsCard({ tags, isError, selected, error, onChange }: Props) {
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((tagId) => tagId !== id));
  return (
    <Card title="Tags">
      <fieldset aria-describedby={error ? 'post-tags-error' : undefined}>
        <legend className="sr-only">Tags</legend>
        {isError ? (
          <p className="text-sm text-red-700">The tags could not be loaded.</p>
        ) : !tags ? (
          <p className="text-sm text-slate-500">Loading tags...</p>
        ) : tags.length === 0 ? (
          <p className="text-sm text-slate-500">No tags yet.</p>
        ) : (
          <ul className="max-h-60 space-y-2 overflow-y-auto">
            {tags.map((tag) => (
              <li key={tag.id}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="h-4 w-4 rounded border-slate-300"
                    checked={selected.includes(tag.id)}
                    onChange={(event) => toggle(tag.id, event.target.checked)}
                  />
                  {tag.name}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <FieldError id="post-tags-error" message={error} />
    </Card>
  );
}
