import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MAX, PASSWORD_MIN, passwordChangeSchema, type PasswordChangeInput } from '@tours-cms/contract';
import { FormErrorBox, FormField, fieldA11y } from '../../../components/ui/form-field';
import { useFormSubmit } from '../../../components/kit/use-form-submit';
import { queryKeys } from '../../../lib/query-keys';
import { useChangePassword } from '../api/account';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/**
 * A new password, with the current one. The server refuses one under PASSWORD_MIN characters or among the most
 * common passwords, saying why; every other session of the user ends, this one stays.
 */
export function PasswordCard() {
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const { submit, isPending, errorFor, formError, clearFieldErrors } = useFormSubmit({
    schema: passwordChangeSchema,
    check: (input: PasswordChangeInput & { confirm_password: string }) =>
      input.new_password === input.confirm_password
        ? null
        : { fieldErrors: [{ field: 'confirm_password', message: 'The two new passwords are not the same' }] },
    send: ({ current_password, new_password }: PasswordChangeInput & { confirm_password: string }) =>
      change.mutateAsync({ current_password, new_password }),
    successNotice: 'Password changed. You were signed out everywhere else.',
    failureNotice: null,
    onSuccess: () => {
      setForm(EMPTY);
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    },
  });
  const set = (field: keyof typeof EMPTY, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    clearFieldErrors([field]);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(form);
  };
  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <FormField id={`account-${name}`} label={label} required hint={hint} error={errorFor(name)}>
      <input
        id={`account-${name}`}
        type="password"
        className="input"
        autoComplete={autoComplete}
        required
        maxLength={PASSWORD_MAX}
        value={form[name]}
        onChange={(e) => set(name, e.target.value)}
        {...fieldA11y(`account-${name}`, errorFor(name))}
      />
    </FormField>
  );

  return (
    <section className="card p-6" aria-labelledby="account-password">
      <h2 id="account-password" className="text-lg font-semibold">
        Password
      </h2>
      <p className="mt-1 text-sm text-slate-600">Changing it signs you out on every other browser and device.</p>
      <form className="mt-4 space-y-4" onSubmit={handleSubmit}>
        <FormErrorBox message={formError} />
        {field('current_password', 'Current Password', 'current-password')}
        {field(
          'new_password',
          'New Password',
          'new-password',
          `At least ${PASSWORD_MIN} characters, and not one of the most common passwords.`,
        )}
        {field('confirm_password', 'Confirm New Password', 'new-password')}
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={isPending}>
            {isPending ? 'Changing...' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}
