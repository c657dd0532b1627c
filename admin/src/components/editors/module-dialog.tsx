import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { MODULE_TYPE_LABELS, type Module } from '@tours-cms/contract';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { Modal } from '../ui/modal';
import { ModalFormFooter } from '../ui/modal-form-footer';

/**
 * 'Insert Module': one of the site's modules (banner, heading, video, button, text) to place in the content; the
 * site shows the module there as it is at the time. Rendered into the body (the editors sit inside a form).
 */
export function ModuleDialog({ onInsert, onClose }: { onInsert: (module: Module) => void; onClose: () => void }) {
  const query = useQuery({ queryKey: queryKeys.modules, queryFn: () => apiFetch<Module[]>('/modules/') });
  const modules = query.data ?? [];
  const [chosen, setChosen] = useState('');
  const id = useId();
  const module = modules.find((item) => String(item.id) === (chosen || String(modules[0]?.id ?? '')));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (module) onInsert(module);
  };

  return createPortal(
    <Modal
      open
      title="Insert Module"
      onClose={onClose}
      size="sm"
      footer={<ModalFormFooter formId={`${id}-form`} submitLabel="Insert" disabled={!module} onCancel={onClose} />}
    >
      <form id={`${id}-form`} onSubmit={submit}>
        {query.isPending ? (
          <p role="status">Loading modules...</p>
        ) : query.isError ? (
          <p role="alert" className="text-red-600">
            The modules could not be loaded.
          </p>
        ) : modules.length === 0 ? (
          <p>No modules yet: create one on the Modules screen.</p>
        ) : (
          <>
            <label htmlFor={`${id}-module`} className="label">
              Module
            </label>
            <select
              id={`${id}-module`}
              className="input"
              value={module ? String(module.id) : ''}
              onChange={(event) => setChosen(event.target.value)}
              data-autofocus
            >
              {modules.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name} ({MODULE_TYPE_LABELS[item.type]})
                </option>
              ))}
            </select>
            <p className="mt-2 text-xs text-slate-500">
              The site shows the module here as it is at the time: a change to it shows on every page that uses it.
            </p>
          </>
        )}
      </form>
    </Modal>,
    document.body,
  );
}
