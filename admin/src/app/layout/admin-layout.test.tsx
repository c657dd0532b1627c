import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminLayout } from './admin-layout';
import { RequireAuth } from '../auth/require-auth';
import { renderRoutes, stubApi } from '../../test/render';

const ME = { id: 2, username: 'eddie', full_name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };

function setup() {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  stubApi({ 'GET /auth/me': () => ME });
  return renderRoutes(
    [
      {
        path: '/admin',
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
        children: [
          { path: 'dashboard', element: <h1>Dashboard</h1> },
          { path: 'posts', element: <h1>Posts</h1> },
        ],
      },
    ],
    '/admin/dashboard',
  );
}

describe('the phone menu', () => {
  it('takes focus when opened, leaves the content behind inert, and gives focus back to its button on Escape', async () => {
    const user = userEvent.setup();
    setup();
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Dashboard' }).closest('[inert]')).not.toBeNull();

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Close menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' }).closest('[inert]')).toBeNull();
    expect(menuButton).toHaveFocus();
  });

  it('closes when a screen is chosen, with focus back on the menu button', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('link', { name: 'Posts' }));
    expect(await screen.findByRole('heading', { name: 'Posts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('hides the Users screen from an editor', async () => {
    setup();
    await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tags' })).toBeInTheDocument();
  });
});
