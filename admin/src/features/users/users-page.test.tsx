import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@tours-cms/contract';
import { UsersPage } from './users-page';
import { jsonResponse, renderWithProviders, stubApi } from '../../test/render';

const ME = { id: 1, username: 'ana', full_name: 'Ana Admin', email: 'ana@example.com', role: 'admin' };
const user = (id: number, username: string, role: User['role'], extra: Partial<User> = {}): User => ({
  id,
  username,
  email: `${username}@example.com`,
  full_name: null,
  role,
  is_active: true,
  two_factor_enabled: false,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  ...extra,
});
const USERS = [
  user(1, 'ana', 'admin', { full_name: 'Ana Admin' }),
  user(2, 'eddie', 'editor', { full_name: 'Eddie Editor' }),
  user(3, 'uma', 'user', { is_active: false }),
];

function setup(extra: Parameters<typeof stubApi>[0] = {}) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({
    'GET /auth/me': () => ME,
    'GET /users/': () => USERS,
    'GET /users/2/sessions': () => [],
    ...extra,
  });
  renderWithProviders(<UsersPage />);
  return calls;
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('Users screen', () => {
  it('lists users with role and status badges', async () => {
    setup();
    expect(await screen.findByText('Eddie Editor')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    const uma = within(rows()[2]!);
    expect(uma.getByText('Inactive')).toBeInTheDocument();
    expect(uma.getByText('User')).toBeInTheDocument();
  });

  it('searches username, email and full name without regard to case', async () => {
    setup();
    await screen.findByText('Eddie Editor');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'EDITOR');
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('Eddie Editor')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'uma@example');
    expect(rows()).toHaveLength(1);
  });

  it("filters by role and says 'No users found.' when nothing matches", async () => {
    setup();
    await screen.findByText('Eddie Editor');
    await userEvent.selectOptions(screen.getByLabelText('Filter by role'), 'editor');
    expect(rows()).toHaveLength(1);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    expect(screen.getByText('No users found.')).toBeInTheDocument();
  });

  it('requires a password to add a user and sends the form', async () => {
    const calls = setup({ 'POST /users/': () => user(4, 'nina', 'editor') });
    await screen.findByText('Eddie Editor');
    await userEvent.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    expect(within(dialog).getByLabelText('Password')).toBeRequired();
    expect(within(dialog).queryByLabelText('Active')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Username'), 'nina');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'nina@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'nina-password');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'editor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body as string)).toEqual({
      username: 'nina',
      email: 'nina@example.com',
      full_name: null,
      role: 'editor',
      password: 'nina-password',
    });
  });

  it('omits a blank password on edit and can switch a user off', async () => {
    const calls = setup({ 'PUT /users/2': () => user(2, 'eddie', 'editor', { is_active: false }) });
    await screen.findByText('Eddie Editor');
    await userEvent.click(screen.getByRole('button', { name: 'Edit eddie' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Password')).not.toBeRequired();
    await userEvent.click(within(dialog).getByLabelText('Active'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT')!;
    const body = JSON.parse(put.body as string);
    expect(body).not.toHaveProperty('password');
    expect(body.is_active).toBe(false);
  });

  it("alerts 'Error saving user. Please try again.' and keeps the form open with the server's reason on its field", async () => {
    setup({
      'POST /users/': () =>
        jsonResponse(409, {
          detail: 'A user with this username already exists',
          errors: [{ field: 'username', message: 'This username is taken' }],
        }),
    });
    await screen.findByText('Eddie Editor');
    await userEvent.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    await userEvent.type(within(dialog).getByLabelText('Username'), 'eddie');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'e2@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'long-enough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toContain('Error saving user. Please try again.');
    expect(within(dialog).getByText('This username is taken')).toBeInTheDocument();
    // The reason is on the field it names; the form's box stays for reasons that name no field.
    expect(within(dialog).queryByText('A user with this username already exists')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveAccessibleDescription('This username is taken');
  });

  it("doesn't let an admin change their own role or switch themselves off", async () => {
    setup();
    await screen.findByText('Eddie Editor');
    await userEvent.click(screen.getByRole('button', { name: 'Edit ana' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Role')).toBeDisabled();
    expect(within(dialog).getByLabelText('Active')).toBeDisabled();
  });

  it("shows a user's second factor and sessions in Edit User, and resets it or ends them", async () => {
    const session = {
      id: 9,
      created_at: '2026-11-24T09:00:00.000Z',
      last_used_at: '2026-11-24T10:00:00.000Z',
      ip_address: '198.51.100.7',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0',
      current: false,
    };
    let sessions = [session];
    const calls = setup({
      'GET /users/': () => USERS.map((u) => (u.id === 2 ? { ...u, two_factor_enabled: true } : u)),
      'GET /users/2/sessions': () => sessions,
      'DELETE /users/2/two-factor': () => new Response(null, { status: 204 }),
      'DELETE /users/2/sessions': () => {
        sessions = [];
        return { ended: 1 };
      },
    });
    await screen.findByText('Eddie Editor');
    await userEvent.click(screen.getByRole('button', { name: 'Edit eddie' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByText('Two-factor sign-in: On')).toBeInTheDocument();
    expect(await within(dialog).findByText('Signed in: 1 session')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Sessions of Eddie Editor' })).toHaveTextContent(
      'Firefox on Linux · 198.51.100.7',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor sign-in' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    expect(await within(dialog).findByText('Two-factor sign-in: Off')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End all sessions' }),
    );
    expect(await within(dialog).findByText('Signed in: 0 sessions')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/users/2/two-factor',
      '/users/2/sessions',
    ]);
  });
});
