import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX } from '@tours-cms/contract';
import { Modal } from '../../../components/ui/modal';
import { FormErrorBox, FormField, fieldA11y } from '../../../components/ui/form-field';
import { useFormSubmit } from '../../../components/kit/use-form-submit';

/** Asks for the password again before a change that matters (turning two-factor sign-in off, new recovery codes). */
export function PasswordPrompt({
  open,
  title,
  message,
  confirmLabel,
  tone,
  onClose,
  send,
  onDone,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  tone: 'danger' | 'primary';
  onClose: () => void;
  send: (password: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const [password, setPassword] = useState('');
  const close = () => {
    setPassword('');
    onClose();
  };
  const { submit, isPending, errorFor, formError, clearFieldErrors } = useFormSubmit({
    send: (input: { password: string }) => send(input.password),
    successNotice: null,
    failureNotice: null,
    onSuccess: () => {
      close();
      onDone();
    },
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ password });
  };
  return (
    <Modal open={open} title={title} onClose={close} size="sm">
      <form className="space-y-4" onSubmit={handleSubmit}>
        <p className="text-sm text-slate-700">{message}</p>
        <FormErrorBox message={formError} />
        <FormField id="password-prompt" label="Your Password" required error={errorFor('password')}>
          <input
            id="password-prompt"
            type="password"
            className="input"
            autoComplete="current-password"
            required
            data-autofocus
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              clearFieldErrors(['password']);
            }}
            {...fieldA11y('password-prompt', errorFor('password'))}
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className={tone === 'danger' ? 'btn-danger' : 'btn-primary'} disabled={isPending}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
