import { useState, type FormEvent } from 'react';
import {
  DEFAULT_MODULE_TYPE,
  DESCRIPTION_MAX,
  emptyFormValues,
  moduleFields,
  MODULE_TYPES,
  MODULE_TYPE_LABELS,
  NAME_MAX,
  SHORT_TEXT_MAX,
  toFormValues,
  toInputValues,
  URL_MAX,
  type FormValues,
  type Module,
  type ModuleData,
  type ModuleFields,
  type ModuleInput,
  type ModuleType,
} from '@tours-cms/contract';
import { FormErrorBox, FormField, fieldA11y } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { ModalFormFooter } from '../../components/ui/modal-form-footer';
import { useFormSubmit } from '../../components/kit/use-form-submit';
import { useSaveModule } from './api/save-module';

interface Props {
  /** The module being edited, or null to add one. */
  module: Module | null;
  onClose: () => void;
}

type ModuleFormValues = FormValues<ModuleData, ModuleFields>;
type TextField = Exclude<keyof ModuleFormValues, 'name' | 'type'>;

/** Banner is only the form's starting choice; the API asks for a type. */
const EMPTY_MODULE: ModuleFormValues = emptyFormValues<ModuleData, ModuleFields>(moduleFields, {
  type: DEFAULT_MODULE_TYPE,
});

/** 'Add New Module' / 'Edit Module': name and type required; the video URL and button link are web addresses. */
export function ModuleFormModal({ module, onClose }: Props) {
  const isEdit = module !== null;
  const save = useSaveModule();
  const [form, setForm] = useState(() =>
    module ? toFormValues<ModuleData, ModuleFields>(moduleFields, module, EMPTY_MODULE) : EMPTY_MODULE,
  );
  const { submit, isPending, errorFor, formError } = useFormSubmit({
    send: (values: ModuleFormValues) =>
      save.mutateAsync({
        id: module?.id,
        input: toInputValues<ModuleData, ModuleFields>(moduleFields, values) as ModuleInput,
      }),
    successNotice: isEdit ? 'Module updated.' : 'Module created.',
    failureNotice: 'Error saving module. Please try again.',
    onSuccess: onClose,
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(form);
  };

  const text = (field: TextField, max: number, type: 'text' | 'url' = 'text') => (
    <FormField id={`module-${field}`} label={moduleFields[field].label} error={errorFor(field)}>
      <input
        id={`module-${field}`}
        type={type}
        className="input"
        maxLength={max}
        placeholder={type === 'url' ? 'https://' : undefined}
        value={form[field]}
        onChange={(e) => set(field, e.target.value)}
        {...fieldA11y(`module-${field}`, errorFor(field))}
      />
    </FormField>
  );

  return (
    <Modal
      open
      title={isEdit ? 'Edit Module' : 'Add New Module'}
      onClose={onClose}
      size="lg"
      footer={
        <ModalFormFooter
          formId="module-form"
          submitLabel={isEdit ? 'Update Module' : 'Create Module'}
          pending={isPending}
          onCancel={onClose}
        />
      }
    >
      <form id="module-form" className="grid gap-4 sm:grid-cols-2" onSubmit={handleSubmit}>
        <FormErrorBox message={formError} className="sm:col-span-2" />
        <FormField id="module-name" label="Name" required error={errorFor('name')}>
          <input
            id="module-name"
            className="input"
            required
            data-autofocus
            maxLength={NAME_MAX}
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            {...fieldA11y('module-name', errorFor('name'))}
          />
        </FormField>
        <FormField id="module-type" label="Type" required error={errorFor('type')}>
          <select
            id="module-type"
            className="input"
            required
            value={form.type}
            onChange={(e) => set('type', e.target.value as ModuleType)}
            {...fieldA11y('module-type', errorFor('type'))}
          >
            {MODULE_TYPES.map((type) => (
              <option key={type} value={type}>
                {MODULE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FormField>
        {text('heading', SHORT_TEXT_MAX)}
        {text('subtitle', SHORT_TEXT_MAX)}
        <div className="sm:col-span-2">
          <FormField id="module-description" label="Description" error={errorFor('description')}>
            <textarea
              id="module-description"
              className="input"
              rows={3}
              maxLength={DESCRIPTION_MAX}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
              {...fieldA11y('module-description', errorFor('description'))}
            />
          </FormField>
        </div>
        <div className="sm:col-span-2">{text('video_url', URL_MAX, 'url')}</div>
        {text('button_label', SHORT_TEXT_MAX)}
        {text('button_link', URL_MAX, 'url')}
      </form>
    </Modal>
  );
}
