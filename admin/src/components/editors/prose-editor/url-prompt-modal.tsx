import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { Modal } from '../../ui/modal';

interface Props {
  title: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  initialValue?: string;
  /** Answers an error sentence for an address that may not be used, or null when it is fine. */
  validate: (url: string) => string | null;
  onSubmit: (url: string) => void;
  onClose: () => void;
}

/**
 * Asks for one address (a link or an image); inserts only when one is entered. Rendered into the body,
 * since the editor sits inside the post's own form and forms cannot nest.
 */
export function UrlPromptModal({
  title,
  label,
  placeholder,
  submitLabel,
  initialValue = '',
  validate,
  onSubmit,
  onClose,
}: Props) {
  const [url, setUrl] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const formId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const value = url.trim();
    if (!value) return;
    const problem = validate(value);
    if (problem) {
      setError(problem);
      return;
    }
    onSubmit(value);
  };

  return createPortal(
    <Modal
      open
      size="sm"
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={!url.trim()}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit}>
        <label htmlFor={inputId} className="label">
          {label}
        </label>
        <input
          id={inputId}
          className="input"
          data-autofocus
          value={url}
          placeholder={placeholder}
          aria-invalid={!!error}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={`${inputId}-error`} className="field-error">
            {error}
          </p>
        )}
      </form>
    </Modal>,
    document.body,
  );
}
