import { useMemo, type ReactNode } from 'react';
import {
  orderTaxonomyTree,
  POST_STATUSES,
  POST_STATUS_LABELS,
  type Category,
  type PostStatus,
} from '@tours-cms/contract';
import { FormErrorBox, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Card } from './card';
import { PublishAtField } from '../../../components/content/publish-at-field';
import { SaveStatus } from '../../../components/content/save-status';
import type { PostFormValues } from '../post-form-values';

interface Props {
  mode: 'create' | 'edit';
  values: PostFormValues;
  categories: Category[] | undefined;
  isSaving: boolean;
  isDirty: boolean;
  lastSavedAt: Date | null;
  /** The Preview button of a saved post (none on create). */
  preview?: ReactNode;
  /** Why the last save failed, when the server named no field; shown beside the button that was pressed. */
  formError: string | null;
  errorFor: (field: keyof PostFormValues) => string | undefined;
  onChange: <K extends keyof PostFormValues>(field: K, value: PostFormValues[K]) => void;
}

/** Status, category and the save buttons; titled 'Publish' on create and 'Update' on edit. */
export function PublishCard({
  mode,
  values,
  categories,
  isSaving,
  isDirty,
  lastSavedAt,
  preview,
  formError,
  errorFor,
  onChange,
}: Props) {
  const options = useMemo(() => orderTaxonomyTree(categories ?? []), [categories]);
  const buttonLabel =
    mode === 'create' ? (isSaving ? 'Creating...' : 'Create Post') : isSaving ? 'Updating...' : 'Update Post';

  return (
    <Card title={mode === 'create' ? 'Publish' : 'Update'}>
      <FormField id="post-status" label="Status" error={errorFor('status')}>
        <select
          id="post-status"
          className="input"
          value={values.status}
          onChange={(event) => onChange('status', event.target.value as PostStatus)}
          {...fieldA11y('post-status', errorFor('status'))}
        >
          {POST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {POST_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </FormField>
      {values.status === 'scheduled' && (
        <PublishAtField
          id="post-publish-at"
          value={values.publish_at}
          error={errorFor('publish_at')}
          onChange={(iso) => onChange('publish_at', iso)}
        />
      )}
      <FormField id="post-category" label="Category" error={errorFor('category_id')}>
        <select
          id="post-category"
          className="input"
          value={values.category_id}
          onChange={(event) => onChange('category_id', event.target.value)}
          {...fieldA11y('post-category', errorFor('category_id'))}
        >
          <option value="">Select Category</option>
          {options.map(({ item, label }) => (
            <option key={item.id} value={String(item.id)}>
              {label}
            </option>
          ))}
        </select>
      </FormField>
      <FormErrorBox message={formError} />
      <div className="grid grid-cols-2 gap-2">
        <button type="submit" value="stay" className="btn-primary" disabled={isSaving}>
          Save
        </button>
        {/* The spec's button: it saves and goes back to the list. */}
        <button
          type="submit"
          value="close"
          className="btn-secondary"
          disabled={isSaving}
          title="Save, then go back to Posts"
        >
          {buttonLabel}
        </button>
      </div>
      {preview}
      <SaveStatus isDirty={isDirty} lastSavedAt={lastSavedAt} />
    </Card>
  );
}
