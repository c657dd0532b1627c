import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  COMPONENT_REQUIRED_MESSAGE,
  COMPONENT_TYPES,
  COMPONENT_TYPE_LABELS,
  componentFields,
  componentInputSchema,
  componentSnapshot,
  emptyFormValues,
  inputDefaults,
  toFormValues,
  toInputValues,
  type Component,
  type ComponentData,
  type ComponentFields,
  type ComponentInput,
  type ComponentType,
  type FormValues,
} from '@tours-cms/contract';
import { LazyRichTextEditor } from '../../components/editors/lazy-editors';
import { UnsavedCopyBanner } from '../../components/content/unsaved-copy-banner';
import { HistoryPanel } from '../../components/content/history-panel';
import { VersionConflictBox } from '../../components/content/version-conflict-box';
import { historyApi } from '../../components/content/content-api';
import { diffFieldsOf } from '../../components/content/diff-fields';
import { useVersionedEditor, type SaveIntent } from '../../components/content/use-versioned-editor';
import { SaveStatus } from '../../components/content/save-status';
import { queryKeys } from '../../lib/query-keys';
import { useCanEdit } from '../../lib/session';
import { getComponent } from './api/get-component';
import { componentErrorText, ErrorBox } from './error-box';
import { StyleBlockNotice } from '../../components/content/style-block-notice';

/** The builder's values: the component's fields but its slug, which the server makes from the name. */
export type ComponentFormValues = Omit<FormValues<ComponentData, ComponentFields>, 'slug'>;

const COMPONENT_DIFF_FIELDS = diffFieldsOf(componentFields);

/** A component's values in the form; a new one's are the input's defaults: type header, common and active. */
export function formValuesOf(component?: Component): ComponentFormValues {
  const empty = emptyFormValues<ComponentData, ComponentFields>(componentFields, inputDefaults(componentInputSchema));
  const { slug: _slug, ...values } = component
    ? toFormValues<ComponentData, ComponentFields>(componentFields, componentSnapshot(component), empty)
    : empty;
  return values;
}

/** The body of a save: the slug is left to the server, which makes it follow the name. */
export function toComponentInput(values: ComponentFormValues): ComponentInput {
  const { slug: _slug, ...input } = toInputValues<ComponentData, ComponentFields>(
    componentFields,
    { ...values, slug: '' },
    'trimmed',
  ) as ComponentInput;
  return input;
}

interface ComponentFormProps {
  initial?: Component;
  isEdit: boolean;
  onSave: (input: ComponentInput) => Promise<Component>;
  /** Called once a save succeeded and the form is clean again: go back to the manager, or open a new component for editing. */
  onSaved?: (saved: Component, intent: SaveIntent) => void;
  /** After the form took the saved component instead of its own edits (a restore, a conflict): start it over. */
  onReloaded?: () => void;
  /** When the component was saved just before this form opened (a new one, created and opened for editing). */
  savedAt?: Date | null;
}

/**
 * The Common component builder's form: name, type, description, 'Mark as common component', content. 'Save' keeps
 * it open; the spec's 'Save Component' / 'Update Component' save and go back to the Component Manager.
 */
export function ComponentForm({ initial, isEdit, onSave, onSaved, onReloaded, savedAt }: ComponentFormProps) {
  const id = useId();
  const canEdit = useCanEdit();
  // Still 'Saving…' while the screen goes away after a save.
  const [leaving, setLeaving] = useState(false);
  const editor = useVersionedEditor({
    resource: 'component',
    item: initial,
    initial: formValuesOf(initial),
    queryKey: initial ? queryKeys.component(String(initial.id)) : undefined,
    toInput: toComponentInput,
    check: (input) =>
      input.name.trim() === '' || input.content.trim() === '' ? { formError: COMPONENT_REQUIRED_MESSAGE } : null,
    send: (input: ComponentInput) => onSave(input),
    // The builder's failures show in its red box (the server's detail, else the error), not as a notice.
    failureNotice: null,
    describeFailure: (err) => componentErrorText(err, 'Failed to save component.'),
    successNotice: null,
    onSaved: (saved, intent) => {
      if (!onSaved) return;
      setLeaving(intent === 'close' || !isEdit);
      onSaved(saved as Component, intent);
    },
    onReloaded,
    savedAt,
  });
  const { values, set, conflict } = editor;
  const { isPending, errorFor: fieldError, formError: error } = editor.form;
  const isMissing = values.name.trim() === '' || values.content.trim() === '';
  const saving = isPending || leaving;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void editor.save(submitter?.value === 'close' ? 'close' : 'stay');
  };

  const nameError = fieldError('name') ?? fieldError('slug');
  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      {editor.copyOffer && (
        <UnsavedCopyBanner
          copy={editor.copyOffer}
          noun="component"
          loadedVersion={initial?.version}
          onRestore={editor.restoreCopy}
          onDiscard={editor.discardCopy}
        />
      )}
      {initial && conflict ? (
        <VersionConflictBox
          noun="component"
          conflict={conflict}
          fields={COMPONENT_DIFF_FIELDS}
          loadCurrent={async () => componentSnapshot(await getComponent(initial.id))}
          mine={toComponentInput(values)}
          onReload={editor.reload}
          onSaveAnyway={() => void editor.saveAnyway()}
        />
      ) : (
        error && <ErrorBox message={error} />
      )}
      <div className="card grid grid-cols-1 gap-5 p-6 md:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="label">
            Component Name{' '}
            <span className="text-red-600" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            placeholder="e.g. Main Header"
            required
            maxLength={100}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
          />
          {nameError && (
            <p id={`${id}-name-error`} className="field-error">
              {nameError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-type`} className="label">
            Type
          </label>
          <select
            id={`${id}-type`}
            className="input"
            value={values.type}
            onChange={(e) => set('type', e.target.value as ComponentType)}
          >
            {COMPONENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {COMPONENT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="md:col-span-2">
          <label htmlFor={`${id}-description`} className="label">
            Description
          </label>
          <textarea
            id={`${id}-description`}
            className="input"
            rows={3}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            placeholder="Where this component is used"
          />
        </div>
        <div className="flex flex-wrap gap-x-8 gap-y-3 md:col-span-2">
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              checked={values.is_common}
              onChange={(e) => set('is_common', e.target.checked)}
            />
            Mark as common component
          </label>
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              checked={values.is_active}
              onChange={(e) => set('is_active', e.target.checked)}
            />
            Active (used on the public site)
          </label>
        </div>
      </div>
      <div className="card p-6">
        <h2 className="label mb-3 text-base">
          Content{' '}
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        </h2>
        <LazyRichTextEditor key={editor.generation} value={values.content} onChange={(html) => set('content', html)} />
        <div className="mt-3 empty:hidden">
          <StyleBlockNotice html={values.content} />
        </div>
      </div>
      {initial && (
        <HistoryPanel
          noun="component"
          currentVersion={initial.version}
          current={componentSnapshot(initial)}
          fields={COMPONENT_DIFF_FIELDS}
          queryKey={queryKeys.component(String(initial.id))}
          {...historyApi('components', initial.id)}
          canRestore={canEdit}
          onRestored={editor.reload}
        />
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <SaveStatus isDirty={editor.isDirty} lastSavedAt={editor.lastSavedAt} />
        <Link to="/admin/commoncomp" className="btn-secondary">
          Cancel
        </Link>
        <button
          type="submit"
          value="stay"
          className="btn-secondary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          aria-disabled={isMissing || saving}
          disabled={saving}
        >
          Save
        </button>
        {/* Disabled while name or content is empty, but still answers a click with the reason. */}
        <button
          type="submit"
          value="close"
          className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          aria-disabled={isMissing || saving}
          disabled={saving}
        >
          {saving ? 'Saving…' : isEdit ? 'Update Component' : 'Save Component'}
        </button>
      </div>
    </form>
  );
}
