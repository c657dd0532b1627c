import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from '@tours-cms/contract';
import { AuthContext, type AuthState } from '../lib/session';
import { NotifyProvider } from '../components/ui/notify';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';

/** Renders routes inside the app's real providers, at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The app's query client, retrying failed reads as it does, but without the real back-off's seconds of waiting.
  const view = render(
    <Providers queryClient={createQueryClient({ retryDelay: 0 })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

export function renderWithProviders(ui: ReactElement) {
  return renderRoutes([{ path: '*', element: ui }], '/');
}

type Handler = (request: {
  method: string;
  url: string;
  body: BodyInit | null | undefined;
  headers: Headers;
}) => unknown;

/**
 * Replaces fetch with a table of `'METHOD /path'` handlers. A handler returns a body (200), or a Response for
 * anything else. Unknown calls fail the test loudly. Returns the log of calls made.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { method: string; url: string; headers: Headers; body: BodyInit | null | undefined }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const path = url.replace(/^\/api/, '');
    calls.push({ method, url: path, headers, body: init?.body });
    // A handler for the bare path also answers it with a query string (a paged list's `?limit=&q=`).
    const handler = handlers[`${method} ${path}`] ?? handlers[`${method} ${path.split('?')[0]}`];
    if (!handler) throw new Error(`Unexpected request ${method} ${path}`);
    const result = await handler({ method, url: path, body: init?.body, headers });
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Renders a screen for a signed-in staff member without going through the session's network calls: a fixed
 * AuthState (user 'ed', the given role), a fresh query client without retries, notices and confirmations, and a
 * router (at `/`) for the screen's links.
 */
export function renderSignedIn(ui: ReactElement, role: SessionUser['role'] = 'editor', path = '/') {
  const auth: AuthState = {
    user: {
      id: 1,
      username: 'ed',
      full_name: 'Ed',
      email: 'ed@example.com',
      role,
      two_factor_enabled: false,
      two_factor_setup_required: false,
    },
    isLoading: false,
    login: vi.fn(),
    completeTwoFactor: vi.fn(),
    logout: vi.fn(),
    register: vi.fn(),
    refreshUser: vi.fn(),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <NotifyProvider>
          <ConfirmProvider>
            <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
          </ConfirmProvider>
        </NotifyProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
