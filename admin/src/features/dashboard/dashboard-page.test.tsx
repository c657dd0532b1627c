import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardPage } from './dashboard-page';
import { jsonResponse, renderWithProviders, stubApi } from '../../test/render';

const STATS = {
  total_posts: 12,
  total_pages: 4,
  total_users: 3,
  total_contacts: 7,
  new_contacts: 2,
  booking_requests: 1,
};
const person = (role: string) => ({ id: 2, username: 'sam', full_name: 'Sam', email: 'sam@example.com', role });

const entry = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  occurred_at: '2026-11-24T10:00:00.000Z',
  user_id: 2,
  actor_name: 'Sam',
  ip_address: '198.51.100.7',
  action: 'update',
  item_type: 'post',
  item_id: 40 + id,
  item_title: `Tour ${id}`,
  summary: 'Changed title',
  ...overrides,
});

function setup(role: string, stats: () => unknown = () => STATS, activity: () => unknown = () => []) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  stubApi({ 'GET /auth/me': () => person(role), 'GET /dashboard/stats': stats, 'GET /activity/recent': activity });
  renderWithProviders(<DashboardPage />);
}

describe('Dashboard', () => {
  it('shows the totals, the booking requests waiting, the recent activity sentence and the quick actions to an editor', async () => {
    setup('editor');
    expect(await screen.findByLabelText('Total Posts: 12')).toBeInTheDocument();
    expect(screen.getByLabelText('Total Pages: 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Total Users: 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Total Contacts: 7')).toBeInTheDocument();
    expect(screen.getByLabelText('Booking requests waiting: 1')).toBeInTheDocument();
    expect(screen.getByText('No recent activity to display.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Post' })).toHaveAttribute('href', '/admin/posts/create');
    expect(screen.getByRole('link', { name: 'Create New Page' })).toHaveAttribute('href', '/admin/pages/create');
    expect(screen.getByRole('link', { name: 'Upload Media' })).toHaveAttribute('href', '/admin/media');
  });

  it('offers a plain user no quick action that would only end on a refusal, and says why', async () => {
    setup('user');
    expect(await screen.findByLabelText('Total Posts: 12')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create New Post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create New Page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload Media' })).not.toBeInTheDocument();
    expect(screen.getByText(/can read the website's content but not change it/)).toBeInTheDocument();
  });

  it('says when the totals could not be loaded and tries again on request', async () => {
    let fail = true;
    setup('editor', () =>
      fail ? jsonResponse(500, { detail: 'Something went wrong on our side. Please try again.' }) : STATS,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The totals could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Total Posts: 12')).toBeInTheDocument();
  });

  it('lists the recent activity it is given, each entry linking to its item', async () => {
    setup(
      'editor',
      () => STATS,
      () => [
        entry(1),
        entry(2, { action: 'delete', item_type: 'page', item_title: 'Old page', summary: 'Moved to the trash' }),
        entry(3, { action: 'create', item_type: 'media', item_id: 9, item_title: 'bay.png', summary: 'Uploaded' }),
      ],
    );
    const box = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(await within(box).findByRole('link', { name: 'Tour 1' })).toHaveAttribute('href', '/admin/posts/edit/41');
    expect(within(box).getByRole('link', { name: 'Old page' })).toHaveAttribute('href', '/admin/trash');
    expect(within(box).getByRole('link', { name: 'bay.png' })).toHaveAttribute('href', '/admin/media');
    expect(within(box).getByText(/Moved to the trash/)).toBeInTheDocument();
    expect(within(box).queryByText('No recent activity to display.')).not.toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'View all activity' })).toHaveAttribute('href', '/admin/activity');
  });

  it('says when the recent activity could not be loaded', async () => {
    setup(
      'editor',
      () => STATS,
      () => jsonResponse(500, { detail: 'Something went wrong on our side. Please try again.' }),
    );
    const box = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(await within(box).findByRole('alert')).toHaveTextContent('The recent activity could not be loaded.');
  });
});
