import { useState, type FormEvent } from 'react';
import {
  PASSWORD_MIN,
  ROLES,
  ROLE_LABELS,
  type Role,
  type User,
  type UserCreateInput,
  type UserUpdateInput,
} from '@tours-cms/contract';
import { FormErrorBox, FormField, fieldA11y } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { ModalFormFooter } from '../../components/ui/modal-form-footer';
import { useFormSubmit } from '../../components/kit/use-form-submit';
import { useAuth } from '../../lib/session';
import { useSaveUser } from './api/save-user';
import { UserSecurity } from './user-security';

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
  const save = useSaveUser();
  const [form, setForm] = useState({
    username: user?.username ?? '',
    email: user?.email ?? '',
    full_name: user?.full_name ?? '',
    password: '',
    role: (user?.role ?? 'user') as Role,
    is_active: user?.is_active ?? true,
  });
  const { submit, isPending, errorFor, formError } = useFormSubmit({
    send: (input: UserCreateInput | UserUpdateInput) => save.mutateAsync(isEdit ? { id: user.id, input } : { input }),
    successNotice: isEdit ? 'User updated.' : 'User created.',
    failureNotice: 'Error saving user. Please try again.',
    onSuccess: onClose,
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      username: form.username,
      email: form.email,
      full_name: form.full_name || null,
      role: form.role,
      ...(form.password ? { password: form.password } : {}),
      ...(isEdit ? { is_active: form.is_active } : {}),
    };
    void submit(isEdit ? input : { ...input, password: form.password });
  };

  return (
    <Modal
      open
      title={isEdit ? 'Edit User' : 'Add New User'}
      onClose={onClose}
      footer={
        <ModalFormFooter
          formId="user-form"
          submitLabel={isEdit ? 'Update User' : 'Create User'}
          pending={isPending}
          onCancel={onClose}
        />
      }
    >
      <form id="user-form" className="space-y-4" onSubmit={handleSubmit}>
        <FormErrorBox message={formError} />
        <FormField id="user-username" label="Username" error={errorFor('username')}>
          <input
            id="user-username"
            className="input"
            required
            autoComplete="off"
            data-autofocus
            value={form.username}
            onChange={(e) => set('username', e.target.value)}
            {...fieldA11y('user-username', errorFor('username'))}
          />
        </FormField>
        <FormField id="user-email" label="Email" error={errorFor('email')}>
          <input
            id="user-email"
            type="email"
            className="input"
            required
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
            {...fieldA11y('user-email', errorFor('email'))}
          />
        </FormField>
        <FormField id="user-full-name" label="Full Name" error={errorFor('full_name')}>
          <input
            id="user-full-name"
            className="input"
            value={form.full_name}
            onChange={(e) => set('full_name', e.target.value)}
            {...fieldA11y('user-full-name', errorFor('full_name'))}
          />
        </FormField>
        <FormField
          id="user-password"
          label="Password"
          hint={
            isEdit
              ? 'Leave blank to keep the current password.'
              : `At least ${PASSWORD_MIN} characters, and not one of the most common passwords.`
          }
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
            {...fieldA11y('user-password', errorFor('password'))}
          />
        </FormField>
        <FormField
          id="user-role"
          label="Role"
          error={errorFor('role')}
          hint={isSelf ? 'You cannot change your own role.' : undefined}
        >
          <select
            id="user-role"
            className="input"
            value={form.role}
            disabled={isSelf}
            onChange={(e) => set('role', e.target.value as Role)}
            {...fieldA11y('user-role', errorFor('role'))}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </FormField>
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
      {isEdit && <UserSecurity user={user} isSelf={isSelf} />}
    </Modal>
  );
}
