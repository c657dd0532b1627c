import { useState, type FormEvent } from 'react';
import { redirectInputSchema, type Redirect, type RedirectInput } from '@tours-cms/contract';
import { FormErrorBox, FormField, fieldA11y } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { ModalFormFooter } from '../../components/ui/modal-form-footer';
import { useFormSubmit } from '../../components/kit/use-form-submit';
import { useSaveRedirect } from './api/redirects';

/** Add or edit a redirect: from a path of the site, to a path or an http(s) URL, permanent or temporary. */
export function RedirectFormModal({ redirect, onClose }: { redirect: Redirect | null; onClose: () => void }) {
  const isEdit = redirect !== null;
  const save = useSaveRedirect();
  const [form, setForm] = useState({
    from_path: redirect?.from_path ?? '',
    to: redirect?.to ?? '',
    status_code: String(redirect?.status_code ?? 301),
  });
  const { submit, isPending, errorFor, formError, clearFieldErrors } = useFormSubmit({
    schema: redirectInputSchema,
    send: (input: RedirectInput) => save.mutateAsync(isEdit ? { id: redirect.id, input } : { input }),
    successNotice: `Redirect ${isEdit ? 'updated' : 'created'}.`,
    failureNotice: 'Error saving redirect. Please try again.',
    onSuccess: onClose,
  });
  const set = (changes: Partial<typeof form>) => {
    setForm((current) => ({ ...current, ...changes }));
    clearFieldErrors(Object.keys(changes));
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ from_path: form.from_path, to: form.to, status_code: Number(form.status_code) as 301 | 302 });
  };

  return (
    <Modal
      open
      title={isEdit ? 'Edit Redirect' : 'Add New Redirect'}
      onClose={onClose}
      footer={
        <ModalFormFooter
          formId="redirect-form"
          submitLabel={isEdit ? 'Update Redirect' : 'Create Redirect'}
          pending={isPending}
          onCancel={onClose}
        />
      }
    >
      <form id="redirect-form" className="space-y-4" onSubmit={handleSubmit}>
        <FormErrorBox message={formError} />
        <FormField
          id="redirect-from"
          label="From path"
          required
          error={errorFor('from_path')}
          hint="An address on this site, such as /old-tours/crete"
        >
          <input
            id="redirect-from"
            className="input font-mono"
            required
            data-autofocus
            placeholder="/old-address"
            value={form.from_path}
            onChange={(e) => set({ from_path: e.target.value })}
            {...fieldA11y('redirect-from', errorFor('from_path'))}
          />
        </FormField>
        <FormField
          id="redirect-to"
          label="To"
          required
          error={errorFor('to')}
          hint="A path on this site, or a full https:// address"
        >
          <input
            id="redirect-to"
            className="input font-mono"
            required
            placeholder="/tours/crete or https://..."
            value={form.to}
            onChange={(e) => set({ to: e.target.value })}
            {...fieldA11y('redirect-to', errorFor('to'))}
          />
        </FormField>
        <FormField id="redirect-status" label="Type" error={errorFor('status_code')}>
          <select
            id="redirect-status"
            className="input"
            value={form.status_code}
            onChange={(e) => set({ status_code: e.target.value })}
          >
            <option value="301">301: moved for good (search engines follow it)</option>
            <option value="302">302: for now</option>
          </select>
        </FormField>
      </form>
    </Modal>
  );
}
