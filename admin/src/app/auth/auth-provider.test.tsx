import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { useAuth } from '../../lib/session';
import { RequireAuth } from './require-auth';
import { LoginPage } from '../../features/auth/login-page';
import { jsonResponse, renderRoutes, stubApi } from '../../test/render';

const ME = { id: 1, username: 'ana', full_name: 'Ana Admin', email: 'ana@example.com', role: 'admin' };

function Whoami() {
  const { user, logout } = useAuth();
  return (
    <div>
      <p>Signed in as {user?.username}</p>
      <button onClick={() => logout()}>Logout</button>
    </div>
  );
}

const routes = [
  { path: '/admin', element: <LoginPage /> },
  { path: '/admin/dashboard', element: <RequireAuth><Whoami /></RequireAuth> },
  { path: '*', element: <Navigate to="/admin" /> },
];

describe('session', () => {
  it('throws a clear error when useAuth is used outside its provider', () => {
    const Broken = () => {
      useAuth();
      return null;
    };
    expect(() => render(<Broken />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('restores a stored token by fetching the current user', async () => {
    localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
    const calls = stubApi({ 'GET /auth/me': () => ME });
    renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByText('Signed in as ana')).toBeInTheDocument();
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer stored-token-abcdefghijklmnop');
  });

  it('drops a stored token the server refuses and sends the visitor to sign in', async () => {
    localStorage.setItem('token', 'expired-token-abcdefghijklmnop');
    stubApi({ 'GET /auth/me': () => jsonResponse(401, { detail: 'Not authenticated' }) });
    renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in to Admin' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs in with a form, stores the token and opens the dashboard', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = stubApi({
      'POST /auth/token': async () => {
        await gate;
        return { access_token: 'new-token-abcdefghijklmnopqrstu', token_type: 'bearer' };
      },
      'GET /auth/me': () => ME,
    });
    const { router } = renderRoutes(routes, '/admin');
    await userEvent.type(screen.getByLabelText('Username'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Signed in as ana')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(localStorage.getItem('token')).toBe('new-token-abcdefghijklmnopqrstu');
    const body = calls[0]!.body as FormData;
    expect(body.get('username')).toBe('ana');
  });

  it("shows the server's detail when sign-in fails", async () => {
    stubApi({ 'POST /auth/token': () => jsonResponse(401, { detail: 'Incorrect username or password' }) });
    renderRoutes(routes, '/admin');
    await userEvent.type(screen.getByLabelText('Username'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("falls back to 'Login failed' when the server gives no detail", async () => {
    stubApi({ 'POST /auth/token': () => new Response('oops', { status: 502 }) });
    renderRoutes(routes, '/admin');
    await userEvent.type(screen.getByLabelText('Username'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('redirects a signed-in visitor away from the login screen', async () => {
    localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
    stubApi({ 'GET /auth/me': () => ME });
    const { router } = renderRoutes(routes, '/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('logs out: revokes the token on the server and forgets it', async () => {
    localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
    const calls = stubApi({ 'GET /auth/me': () => ME, 'POST /auth/logout': () => new Response(null, { status: 204 }) });
    renderRoutes(routes, '/admin/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Admin' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /auth/logout');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
