import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  COMPONENT_REQUIRED_MESSAGE,
  COMPONENT_TYPES,
  COMPONENT_TYPE_LABELS,
  DEFAULT_COMPONENT_TYPE,
  type Component,
  type ComponentInput,
  type ComponentType,
  type VersionConflict,
} from '@tours-cms/contract';
import { LazyRichTextEditor } from '../../components/editors/lazy-editors';
import { useUnsavedChangesGuard, valuesDiffer } from '../../components/unsaved-changes';
import { useUnsavedCopy } from '../../components/unsaved-copy/use-unsaved-copy';
import { UnsavedCopyBanner } from '../../components/unsaved-copy/unsaved-copy-banner';
import { useFormSubmit } from '../../components/use-form-submit';
import { HistoryPanel } from '../../components/history/history-panel';
import { VersionConflictBox } from '../../components/history/version-conflict-box';
import { ApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useCanEdit } from '../../lib/session';
import {
  COMPONENT_DIFF_FIELDS,
  componentSnapshot,
  getComponentRevision,
  getComponentRevisions,
  restoreComponentRevision,
} from './component-history';
import { getComponent } from './api/get-component';
import { componentErrorText, ErrorBox } from './error-box';

export interface ComponentFormValues {
  name: string;
  type: ComponentType;
  description: string;
  is_common: boolean;
  is_active: boolean;
  content: string;
}

/** A new component's defaults: type header, common and active. */
export function formValuesOf(component?: Component): ComponentFormValues {
  return {
    name: component?.name ?? '',
    type: component?.type ?? DEFAULT_COMPONENT_TYPE,
    description: component?.description ?? '',
    is_common: component?.is_common ?? true,
    is_active: component?.is_active ?? true,
    content: component?.content ?? '',
  };
}

export function toComponentInput(values: ComponentFormValues): ComponentInput {
  return {
    name: values.name.trim(),
    type: values.type,
    description: values.description.trim() || null,
    is_common: values.is_common,
    is_active: values.is_active,
    content: values.content,
  };
}

interface ComponentFormProps {
  initial?: Component;
  isEdit: boolean;
  onSave: (input: ComponentInput) => Promise<unknown>;
  /** Called once a save succeeded and the form is clean again, e.g. to go back to the manager. */
  onSaved?: () => void;
}

/** The Common component builder's form: name, type, description, 'Mark as common component', content. */
export function ComponentForm({ initial, isEdit, onSave, onSaved }: ComponentFormProps) {
  const id = useId();
  const [values, setValues] = useState(() => formValuesOf(initial));
  // What the server holds: the form is dirty while its values differ from it.
  const [savedValues, setSavedValues] = useState(values);
  const isDirty = valuesDiffer(values, savedValues);
  const markClean = useUnsavedChangesGuard(isDirty);
  // Unsaved edits are kept in this browser as they are typed; reopening the form offers them back.
  const loaded = useState(values)[0];
  const copy = useUnsavedCopy({
    resource: 'component',
    itemId: initial?.id,
    values,
    isDirty,
    baseVersion: initial?.version,
    differsFromLoaded: (stored) => valuesDiffer({ ...loaded, ...stored }, loaded),
  });
  // The rich text editor follows `value`, but a restore starts it over to be sure it shows the restored content.
  const [editorGeneration, setEditorGeneration] = useState(0);
  const restoreCopy = () => {
    if (!copy.offer) return;
    setValues({ ...loaded, ...copy.offer.values });
    setEditorGeneration((n) => n + 1);
    copy.accept();
  };
  // Still 'Saving…' while the screen goes away after a save.
  const [leaving, setLeaving] = useState(false);
  const set = <K extends keyof ComponentFormValues>(key: K, value: ComponentFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const isMissing = values.name.trim() === '' || values.content.trim() === '';
  const queryClient = useQueryClient();
  const canEdit = useCanEdit();
  // The version this form was loaded at, sent with every save (or, to save anyway, the newer one it was told of).
  const version = useRef(initial?.version);
  const [conflict, setConflict] = useState<VersionConflict | null>(null);
  const { submit: save, isPending, errorFor: fieldError, formError: error } = useFormSubmit({
    check: () => (isMissing ? { formError: COMPONENT_REQUIRED_MESSAGE } : null),
    send: (input: ComponentInput) => {
      setConflict(null);
      return onSave(version.current !== undefined ? { ...input, version: version.current } : input);
    },
    onFailure: (err) => {
      if (err instanceof ApiError && err.status === 409 && typeof err.body.current_version === 'number') setConflict(err.body as unknown as VersionConflict);
    },
    // The builder's failures show in its red box (the server's detail, else the error), not as a notice.
    failureNotice: null,
    describeFailure: (err) => componentErrorText(err, 'Failed to save component.'),
    successNotice: null,
    onSuccess: () => {
      setSavedValues(values);
      copy.clear();
      markClean();
      if (onSaved) {
        setLeaving(true);
        onSaved();
      }
    },
  });
  const saving = isPending || leaving;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(toComponentInput(values));
  };

  /** Drops this form's edits for the saved component: the screen loads it again and the form starts over. */
  const reload = () => {
    markClean();
    copy.clear(); // their version replaces these edits, by choice: nothing to offer back
    setConflict(null);
    if (initial) void queryClient.invalidateQueries({ queryKey: queryKeys.component(String(initial.id)) });
  };

  const nameError = fieldError('name') ?? fieldError('slug');
  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      {copy.offer && <UnsavedCopyBanner copy={copy.offer} noun="component" loadedVersion={initial?.version} onRestore={restoreCopy} onDiscard={copy.discard} />}
      {initial && conflict ? (
        <VersionConflictBox
          noun="component"
          conflict={conflict}
          fields={COMPONENT_DIFF_FIELDS}
          loadCurrent={async () => componentSnapshot(await getComponent(initial.id))}
          mine={toComponentInput(values) as unknown as Record<string, unknown>}
          onReload={reload}
          onSaveAnyway={() => {
            version.current = conflict.current_version;
            void save(toComponentInput(values));
          }}
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
          <select id={`${id}-type`} className="input" value={values.type} onChange={(e) => set('type', e.target.value as ComponentType)}>
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
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300" checked={values.is_common} onChange={(e) => set('is_common', e.target.checked)} />
            Mark as common component
          </label>
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300" checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />
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
        <LazyRichTextEditor key={editorGeneration} value={values.content} onChange={(html) => set('content', html)} />
      </div>
      {initial && (
        <HistoryPanel
          noun="component"
          currentVersion={initial.version}
          current={componentSnapshot(initial)}
          fields={COMPONENT_DIFF_FIELDS}
          queryKey={queryKeys.component(String(initial.id))}
          fetchList={(page) => getComponentRevisions(initial.id, page)}
          fetchRevision={(revisionId) => getComponentRevision(initial.id, revisionId)}
          restore={(revisionId) => restoreComponentRevision(initial.id, revisionId)}
          canRestore={canEdit}
          onRestored={reload}
        />
      )}
      <div className="flex justify-end gap-3">
        <Link to="/admin/commoncomp" className="btn-secondary">
          Cancel
        </Link>
        {/* Disabled while name or content is empty, but still answers a click with the reason. */}
        <button
          type="submit"
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
