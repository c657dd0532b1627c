import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardPage } from './dashboard-page';
import { jsonResponse, renderWithProviders, stubApi } from '../../test/render';

const STATS = { total_posts: 12, total_pages: 4, total_users: 3, total_contacts: 7, new_contacts: 2 };
const person = (role: string) => ({ id: 2, username: 'sam', full_name: 'Sam', email: 'sam@example.com', role });

function setup(role: string, stats: () => unknown = () => STATS) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  stubApi({ 'GET /auth/me': () => person(role), 'GET /dashboard/stats': stats });
  renderWithProviders(<DashboardPage />);
}

describe('Dashboard', () => {
  it('shows the four totals, the recent activity sentence and the quick actions to an editor', async () => {
    setup('editor');
    expect(await screen.findByLabelText('Total Posts: 12')).toBeInTheDocument();
    expect(screen.getByLabelText('Total Pages: 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Total Users: 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Total Contacts: 7')).toBeInTheDocument();
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
    setup('editor', () => (fail ? jsonResponse(500, { detail: 'Something went wrong on our side. Please try again.' }) : STATS));
    expect(await screen.findByRole('alert')).toHaveTextContent('The totals could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Total Posts: 12')).toBeInTheDocument();
  });
});
