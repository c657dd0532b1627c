import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@tours-cms/contract';
import { AdminLayout } from './admin-layout';
import { RequireAuth } from '../auth/require-auth';
import { UsersPage } from '../../features/users/users-page';
import { renderRoutes, stubApi } from '../../test/render';

const account = (id: number, username: string, fullName: string, role: User['role']): User => ({
  id,
  username,
  email: `${username}@example.com`,
  full_name: fullName,
  role,
  is_active: true,
  two_factor_enabled: false,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
});

/** The admin shell around the Users screen, over a tiny server that keeps what is saved. */
function setup() {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const users = new Map([
    [1, account(1, 'ana', 'Ana Admin', 'admin')],
    [2, account(2, 'eddie', 'Eddie Editor', 'editor')],
  ]);
  const save = (id: number) => (request: { body: BodyInit | null | undefined }) => {
    const saved = { ...users.get(id)!, ...JSON.parse(String(request.body)) };
    users.set(id, saved);
    return saved;
  };
  const calls = stubApi({
    'GET /auth/me': () => {
      const { id, username, full_name, email, role } = users.get(1)!;
      return { id, username, full_name, email, role };
    },
    'GET /users/': () => [...users.values()],
    'PUT /users/1': save(1),
    'PUT /users/2': save(2),
  });
  renderRoutes(
    [
      {
        path: '/admin',
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
        children: [{ path: 'users', element: <UsersPage /> }],
      },
    ],
    '/admin/users',
  );
  return calls;
}

async function rename(username: string, fullName: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${username}` }));
  const dialog = screen.getByRole('dialog', { name: 'Edit User' });
  await userEvent.clear(within(dialog).getByLabelText('Full Name'));
  await userEvent.type(within(dialog).getByLabelText('Full Name'), fullName);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update User' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('the header greeting', () => {
  it('follows the signed-in user renaming themselves on the Users screen, without a reload', async () => {
    const calls = setup();
    expect(await screen.findByText('Welcome back, Ana Admin!')).toBeInTheDocument();

    await rename('ana', 'Ana Lopez');
    expect(await screen.findByText('Welcome back, Ana Lopez!')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/auth/me')).toHaveLength(2);
  });

  it('stays as it is, and the session is not read again, when someone else is renamed', async () => {
    const calls = setup();
    expect(await screen.findByText('Welcome back, Ana Admin!')).toBeInTheDocument();

    await rename('eddie', 'Eddie Lopez');
    expect(await screen.findByText('Eddie Lopez')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ana Admin!')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/auth/me')).toHaveLength(1);
  });
});
