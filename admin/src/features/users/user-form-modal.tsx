import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN, ROLES, ROLE_LABELS, type Role, type User, type FieldError } from '@tours-cms/contract';
import { Modal } from '../../components/modal';
import { useNotify } from '../../components/notify';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../app/auth/auth-context';
import { useSaveUser } from './api/save-user';

interface Props {
  /** The user being edited, or null to add one. */
  user: User | null;
  onClose: () => void;
}

/** 'Add New User' / 'Edit User': password required on create, optional on edit (blank keeps it). */
export function UserFormModal({ user, onClose }: Props) {
  const isEdit = user !== null;
  const { user: me } = useAuth();
  const isSelf = isEdit && me?.id === user.id;
  const notify = useNotify();
  const save = useSaveUser();
  const [form, setForm] = useState({
    username: user?.username ?? '',
    email: user?.email ?? '',
    full_name: user?.full_name ?? '',
    password: '',
    role: (user?.role ?? 'user') as Role,
    is_active: user?.is_active ?? true,
  });
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const errorFor = (field: string) => fieldErrors.find((e) => e.field === field)?.message;
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors([]);
    setFormError(null);
    const input = {
      username: form.username,
      email: form.email,
      full_name: form.full_name || null,
      role: form.role,
      ...(form.password ? { password: form.password } : {}),
      ...(isEdit ? { is_active: form.is_active } : {}),
    };
    try {
      await save.mutateAsync(isEdit ? { id: user.id, input } : { input: { ...input, password: form.password } });
      notify.success(isEdit ? 'User updated.' : 'User created.');
      onClose();
    } catch (error) {
      console.error(error);
      notify.error('Error saving user. Please try again.');
      if (error instanceof ApiError) {
        setFieldErrors(error.errors);
        setFormError(error.detail);
      }
    }
  };

  return (
    <Modal
      open
      title={isEdit ? 'Edit User' : 'Add New User'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="user-form" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : isEdit ? 'Update User' : 'Create User'}
          </button>
        </>
      }
    >
      <form id="user-form" className="space-y-4" onSubmit={handleSubmit}>
        {formError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        )}
        <Field id="user-username" label="Username" error={errorFor('username')}>
          <input id="user-username" className="input" required autoComplete="off" data-autofocus value={form.username} onChange={(e) => set('username', e.target.value)} aria-invalid={!!errorFor('username')} />
        </Field>
        <Field id="user-email" label="Email" error={errorFor('email')}>
          <input id="user-email" type="email" className="input" required value={form.email} onChange={(e) => set('email', e.target.value)} aria-invalid={!!errorFor('email')} />
        </Field>
        <Field id="user-full-name" label="Full Name" error={errorFor('full_name')}>
          <input id="user-full-name" className="input" value={form.full_name} onChange={(e) => set('full_name', e.target.value)} />
        </Field>
        <Field
          id="user-password"
          label={isEdit ? 'Password' : 'Password'}
          hint={isEdit ? 'Leave blank to keep the current password.' : `At least ${PASSWORD_MIN} characters.`}
          error={errorFor('password')}
        >
          <input
            id="user-password"
            type="password"
            className="input"
            autoComplete="new-password"
            required={!isEdit}
            minLength={PASSWORD_MIN}
            value={form.password}
            onChange={(e) => set('password', e.target.value)}
            aria-invalid={!!errorFor('password')}
          />
        </Field>
        <Field id="user-role" label="Role" error={errorFor('role')} hint={isSelf ? 'You cannot change your own role.' : undefined}>
          <select id="user-role" className="input" value={form.role} disabled={isSelf} onChange={(e) => set('role', e.target.value as Role)}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        {isEdit && (
          <div className="flex items-center gap-2">
            <input
              id="user-active"
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300"
              checked={form.is_active}
              disabled={isSelf}
              onChange={(e) => set('is_active', e.target.checked)}
            />
            <label htmlFor="user-active" className="text-sm font-medium text-slate-700">
              Active
            </label>
          </div>
        )}
      </form>
    </Modal>
  );
}

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
