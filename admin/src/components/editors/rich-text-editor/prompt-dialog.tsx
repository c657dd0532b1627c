import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../ui/modal';

interface PromptDialogProps {
  title: string;
  /** The spec's prompt text, e.g. 'Enter image URL:'. */
  label: string;
  multiline?: boolean;
  submitLabel?: string;
  onSubmit: (value: string) => void;
  onClose: () => void;
}

/** The editor's prompts ('Enter image URL:', 'Enter your code:') as an in-page dialog rather than window.prompt. */
export function PromptDialog({
  title,
  label,
  multiline = false,
  submitLabel = 'Insert',
  onSubmit,
  onClose,
}: PromptDialogProps) {
  const [value, setValue] = useState('');
  const id = useId();
  const formId = `${id}-form`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The editor usually sits inside a form of its own (a builder's): this submit is the dialog's alone.
    event.stopPropagation();
    if (value.trim()) onSubmit(multiline ? value : value.trim());
  };
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size={multiline ? 'lg' : 'sm'}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={!value.trim()}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit}>
        <label htmlFor={id} className="label">
          {label}
        </label>
        {multiline ? (
          <textarea
            id={id}
            className="input font-mono"
            rows={10}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-autofocus
            spellCheck={false}
          />
        ) : (
          <input
            id={id}
            className="input"
            type="text"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-autofocus
          />
        )}
      </form>
    </Modal>
  );
}
