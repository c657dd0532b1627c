import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderRoutes, stubApi } from '../../test/render';
import { ActivityPage } from './activity-page';

const ME = {
  id: 1,
  username: 'ana',
  full_name: 'Ana Admin',
  email: 'ana@example.com',
  role: 'admin',
  two_factor_enabled: false,
  two_factor_setup_required: false,
};
const entry = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  occurred_at: '2026-11-24T10:00:00.000Z',
  user_id: 2,
  actor_name: 'Eddie Editor',
  ip_address: '198.51.100.7',
  action: 'update',
  item_type: 'post',
  item_id: 40 + id,
  item_title: `Tour ${id}`,
  summary: 'Changed title and price',
  ...overrides,
});
const USERS = [
  {
    id: 1,
    username: 'ana',
    email: 'ana@example.com',
    full_name: 'Ana Admin',
    role: 'admin',
    is_active: true,
    two_factor_enabled: false,
    created_at: '',
    updated_at: '',
  },
  {
    id: 2,
    username: 'eddie',
    email: 'eddie@example.com',
    full_name: 'Eddie Editor',
    role: 'editor',
    is_active: true,
    two_factor_enabled: false,
    created_at: '',
    updated_at: '',
  },
];

function setup(activity: (url: string) => unknown, me: Record<string, unknown> = ME) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const handlers: Parameters<typeof stubApi>[0] = { 'GET /auth/me': () => me, 'GET /users/': () => USERS };
  const calls = stubApi(
    new Proxy(handlers, {
      get: (target, key: string) =>
        target[key] ?? (key.startsWith('GET /activity/?') ? ({ url }: { url: string }) => activity(url) : undefined),
    }),
  );
  return { calls, ...renderRoutes([{ path: '/admin/activity', element: <ActivityPage /> }], '/admin/activity') };
}
const page = (items: unknown[], nextCursor: string | null = null, total = items.length) => ({
  items,
  next_cursor: nextCursor,
  total,
});

describe('Activity screen', () => {
  it('lists entries newest first with who, when, where, the item linked and what changed', async () => {
    setup(() =>
      page([
        entry(1),
        entry(2, { action: 'sign_in', item_type: 'user', item_id: 2, item_title: 'eddie', summary: 'With password' }),
      ]),
    );
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(
      /Eddie Editor\s*from 198.51.100.7\s*Updated · Tour \(post\) Tour 1\s*Changed title and price/,
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Tour 1' })).toHaveAttribute('href', '/admin/posts/edit/41');
    expect(within(rows[1]!).getByRole('link', { name: 'eddie' })).toHaveAttribute('href', '/admin/users');
    expect(rows[1]).toHaveTextContent('Signed in');
  });

  it('filters by person, type and date through the query, with the total, and more entries on request', async () => {
    const { calls, router } = setup((url) =>
      url.includes('cursor=c1') ? page([entry(3)], null, 2) : page([entry(1)], 'c1', 2),
    );
    await screen.findByRole('table');
    await screen.findByRole('option', { name: 'Eddie Editor' });
    await userEvent.selectOptions(screen.getByLabelText('Person'), 'Eddie Editor');
    await userEvent.selectOptions(screen.getByLabelText('Type of item'), 'Page');
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/activity/?user_id=2&item_type=page&limit=50'));
    expect(router.state.location.search).toBe('?user_id=2&item_type=page');
    expect(await screen.findByText('Showing 1 of 2 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Tour 3' })).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe('/activity/?user_id=2&item_type=page&limit=50&cursor=c1');
    expect(screen.getByText('Showing 2 of 2 entries')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so when nothing matches, and when the server cannot read the filters', async () => {
    setup((url) =>
      url.includes('from=')
        ? jsonResponse(422, { detail: 'Must be a date', errors: [{ field: 'from', message: 'Must be a date' }] })
        : page([]),
    );
    expect(await screen.findByText('No activity found.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('These filters cannot be read.');
  });

  it('offers no person filter to an editor, who sees only their own', async () => {
    const { calls } = setup(() => page([entry(1)]), { ...ME, id: 2, role: 'editor' });
    await screen.findByRole('table');
    expect(screen.queryByLabelText('Person')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/users/')).toBe(false);
  });
});
