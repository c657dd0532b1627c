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
  {
    path: '/admin/dashboard',
    element: (
      <RequireAuth>
        <Whoami />
      </RequireAuth>
    ),
  },
  {
    path: '/admin/account',
    element: (
      <RequireAuth>
        <p>Account screen</p>
      </RequireAuth>
    ),
  },
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

  describe('two-factor sign-in', () => {
    const challenge = { two_factor_required: true, challenge: 'challenge-abcdefghijklmnopqrstuvwxyz' };

    async function typePassword() {
      await userEvent.type(screen.getByLabelText('Username'), 'ana');
      await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    }

    it('asks for the code after the password, then exchanges the challenge and the code for the token', async () => {
      const calls = stubApi({
        'POST /auth/token': () => challenge,
        'POST /auth/token/two-factor': () => ({
          access_token: 'new-token-abcdefghijklmnopqrstu',
          token_type: 'bearer',
        }),
        'GET /auth/me': () => ({ ...ME, two_factor_enabled: true, two_factor_setup_required: false }),
      });
      renderRoutes(routes, '/admin');
      await typePassword();
      const code = await screen.findByLabelText('Authentication code');
      expect(code).toHaveFocus();
      expect(localStorage.getItem('token')).toBeNull();
      await userEvent.type(code, '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Signed in as ana')).toBeInTheDocument();
      expect(localStorage.getItem('token')).toBe('new-token-abcdefghijklmnopqrstu');
      const second = calls.find((c) => c.url === '/auth/token/two-factor')!.body as FormData;
      expect([second.get('challenge'), second.get('code')]).toEqual([challenge.challenge, '123456']);
    });

    it("shows a wrong code's reason and lets the person try again", async () => {
      stubApi({
        'POST /auth/token': () => challenge,
        'POST /auth/token/two-factor': () =>
          jsonResponse(401, {
            detail: 'The code is not right: check that the time on your phone is correct and try the new code',
          }),
      });
      renderRoutes(routes, '/admin');
      await typePassword();
      await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/^The code is not right/);
      expect(screen.getByLabelText('Authentication code')).toHaveValue('');
      expect(localStorage.getItem('token')).toBeNull();
    });

    it('goes back to the password, saying why, when the challenge has expired', async () => {
      stubApi({
        'POST /auth/token': () => challenge,
        'POST /auth/token/two-factor': () =>
          jsonResponse(401, { detail: 'This sign-in has expired or is not valid: sign in again with your password' }),
      });
      renderRoutes(routes, '/admin');
      await typePassword();
      await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired or is not valid');
      expect(screen.getByLabelText('Password')).toBeInTheDocument();
    });

    it('sends a user whose role requires two-factor sign-in to the Account screen until it is set up', async () => {
      localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
      stubApi({ 'GET /auth/me': () => ({ ...ME, two_factor_enabled: false, two_factor_setup_required: true }) });
      const { router } = renderRoutes(routes, '/admin/dashboard');
      expect(await screen.findByText('Account screen')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/account');
    });
  });
});
