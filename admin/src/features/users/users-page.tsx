import { useMemo, useState } from 'react';
import { Pencil } from 'lucide-react';
import { formatDate, ROLES, ROLE_LABELS, type Role, type User } from '@tours-cms/contract';
import { FilterSelect } from '../../components/ui/filter-select';
import { Badge } from '../../components/ui/badge';
import { useUsers } from './api/get-users';
import { filterUsers } from './filter-users';
import { UserFormModal } from './user-form-modal';
import { ListScreen, useListSearch, type ListScreenText } from '../../components/kit/list-screen';

const SCREEN: ListScreenText = {
  title: 'Users',
  subtitle: 'Manage staff accounts and their roles',
  noun: 'users',
  columns: ['User', 'Role', 'Status', 'Created At'],
};

// Admin in the published style, editor in the pending style, user in the draft style.
const ROLE_TONES = { admin: 'green', editor: 'yellow', user: 'grey' } as const;

const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

export function UsersPage() {
  const query = useUsers();
  const users = query.data;
  const search = useListSearch();
  const [role, setRole] = useState<Role | ''>('');
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const visible = useMemo(() => filterUsers(users ?? [], search.deferred, role), [users, search.deferred, role]);

  return (
    <>
      <ListScreen
        {...SCREEN}
        create={{ label: 'Add New User', onClick: () => setEditing(null) }}
        search={search}
        filters={
          <FilterSelect
            id="role-filter"
            label="Filter by role"
            allLabel="All Roles"
            options={ROLE_OPTIONS}
            value={role}
            onChange={setRole}
          />
        }
        query={query}
        items={visible}
        renderItem={(user) => (
          <tr key={user.id} className="hover:bg-slate-50">
            <td className="px-6 py-4">
              <div className="flex items-center gap-3">
                <div
                  aria-hidden="true"
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-700"
                >
                  {(user.full_name || user.username).charAt(0).toUpperCase()}
                </div>
                <div>
                  <p className="font-medium text-slate-900">{user.full_name || user.username}</p>
                  <p className="text-slate-500">{user.full_name ? `@${user.username} · ${user.email}` : user.email}</p>
                </div>
              </div>
            </td>
            <td className="px-6 py-4">
              <Badge tone={ROLE_TONES[user.role]}>{ROLE_LABELS[user.role]}</Badge>
            </td>
            <td className="px-6 py-4">
              <Badge tone={user.is_active ? 'green' : 'red'}>{user.is_active ? 'Active' : 'Inactive'}</Badge>
            </td>
            <td className="px-6 py-4 text-slate-600">{formatDate(user.created_at)}</td>
            <td className="table-actions px-6 py-4 text-right">
              <button
                type="button"
                className="icon-btn"
                onClick={() => setEditing(user)}
                aria-label={`Edit ${user.username}`}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </button>
            </td>
          </tr>
        )}
      />
      {editing !== undefined && (
        <UserFormModal key={editing?.id ?? 'new'} user={editing} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}
