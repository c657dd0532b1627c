import { useState, type FormEvent } from 'react';
import {
  EMAIL_MAX,
  FULL_NAME_MAX,
  PASSWORD_MAX,
  profileInputSchema,
  type Account,
  type ProfileInput,
} from '@tours-cms/contract';
import { FormErrorBox, FormField, fieldA11y } from '../../../components/ui/form-field';
import { useFormSubmit } from '../../../components/kit/use-form-submit';
import { useAuth } from '../../../lib/session';
import { useUpdateProfile } from '../api/account';

/**
 * One's own full name and e-mail; the header's greeting follows. A new e-mail address asks for the current password
 * (the field appears once the address changes). The username and role are an administrator's.
 */
export function ProfileCard({ account }: { account: Account }) {
  const { refreshUser } = useAuth();
  const update = useUpdateProfile();
  const [form, setForm] = useState({ full_name: account.full_name ?? '', email: account.email, current_password: '' });
  const emailChanged = form.email.trim().toLowerCase() !== account.email.toLowerCase();
  const { submit, isPending, errorFor, formError, clearFieldErrors } = useFormSubmit({
    schema: profileInputSchema,
    send: (input: ProfileInput) => update.mutateAsync(input),
    successNotice: 'Your details were saved.',
    failureNotice: 'Error saving your details. Please try again.',
    onSuccess: () => {
      setForm((current) => ({ ...current, current_password: '' }));
      void refreshUser();
    },
  });
  const set = (field: keyof typeof form, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    clearFieldErrors([field]);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { current_password: password, ...details } = form;
    void submit(emailChanged ? { ...details, current_password: password } : details);
  };

  return (
    <section className="card p-6" aria-labelledby="account-profile">
      <h2 id="account-profile" className="text-lg font-semibold">
        Your details
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Signed in as <span className="font-medium text-slate-900">{account.username}</span> ({account.role}).
      </p>
      <form className="mt-4 space-y-4" onSubmit={handleSubmit}>
        <FormErrorBox message={formError} />
        <FormField id="account-full-name" label="Full Name" error={errorFor('full_name')}>
          <input
            id="account-full-name"
            className="input"
            autoComplete="name"
            maxLength={FULL_NAME_MAX}
            value={form.full_name}
            onChange={(e) => set('full_name', e.target.value)}
            {...fieldA11y('account-full-name', errorFor('full_name'))}
          />
        </FormField>
        <FormField id="account-email" label="Email" required error={errorFor('email')}>
          <input
            id="account-email"
            type="email"
            className="input"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX}
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
            {...fieldA11y('account-email', errorFor('email'))}
          />
        </FormField>
        {emailChanged && (
          <FormField
            id="account-current-password"
            label="Your Password"
            required
            hint="Needed to change the e-mail address of your account."
            error={errorFor('current_password')}
          >
            <input
              id="account-current-password"
              type="password"
              className="input"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX}
              value={form.current_password}
              onChange={(e) => set('current_password', e.target.value)}
              {...fieldA11y('account-current-password', errorFor('current_password'), true)}
            />
          </FormField>
        )}
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={isPending}>
            {isPending ? 'Saving...' : 'Save Details'}
          </button>
        </div>
      </form>
    </section>
  );
}
