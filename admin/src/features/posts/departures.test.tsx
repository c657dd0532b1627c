import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Departure } from '@tours-cms/contract';
import { jsonResponse } from '../../test/render';
import { setup } from './post-form-fixtures';

const departure = (over: Partial<Departure>): Departure => ({
  id: 1,
  post_id: 7,
  starts_on: '2099-03-02',
  start_time: '09:00',
  price: null,
  seats_total: 10,
  seats_taken: 0,
  status: 'open',
  note: null,
  default_note: null,
  availability: 'available',
  created_at: '',
  updated_at: '',
  ...over,
});

const UPCOMING = [
  departure({ id: 1 }),
  departure({ id: 2, starts_on: '2099-03-04', price: 55, seats_total: 6, seats_taken: 3, availability: 'limited' }),
  departure({
    id: 3,
    starts_on: '2099-03-06',
    start_time: null,
    seats_total: null,
    seats_taken: 2,
    status: 'cancelled',
    availability: 'cancelled',
  }),
];

const bodiesOf = (calls: ReturnType<typeof setup>['calls'], method: string, url: string) =>
  calls.filter((c) => c.method === method && c.url === url).map((c) => JSON.parse(String(c.body)));

describe('Departures in the post editor', () => {
  it('lists upcoming departures with their price in the site currency, seats left and status', async () => {
    setup('/admin/posts/edit/7', { 'GET /posts/7/departures': () => UPCOMING });
    const table = await screen.findByRole('table', { name: 'Upcoming departures' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Mon, 2 Mar 2099', '09:00', 'Tour price', '10 of 10', 'Available'],
      ['Wed, 4 Mar 2099', '09:00', '€55.00', '3 of 6', 'Limited'],
      ['Fri, 6 Mar 2099', '—', 'Tour price', 'No limit', 'Cancelled'],
    ]);
    // A cancelled one cannot be cancelled again; one with seats taken cannot be deleted.
    expect(screen.queryByRole('button', { name: 'Cancel the departure of Fri, 6 Mar 2099' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Delete the departure of Wed, 4 Mar 2099, 09:00' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete the departure of Mon, 2 Mar 2099, 09:00' })).toBeInTheDocument();
  });

  it('shows 20 departures at first and more on request', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      departure({ id: i + 1, starts_on: `2099-05-${String(i + 1).padStart(2, '0')}` }),
    );
    setup('/admin/posts/edit/7', { 'GET /posts/7/departures': () => many });
    const table = await screen.findByRole('table', { name: 'Upcoming departures' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    await userEvent.click(screen.getByRole('button', { name: 'Show more departures (5 more)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.queryByRole('button', { name: /Show more departures/ })).not.toBeInTheDocument();
  });

  it('adds one departure, and a weekly series saying how many were added and skipped', async () => {
    const { calls } = setup('/admin/posts/edit/7', {
      'POST /posts/7/departures': () => jsonResponse(201, departure({})),
      'POST /posts/7/departures/series': () => jsonResponse(201, { created: 8, skipped: 1 }),
    });
    await screen.findByText('No upcoming departures.');
    const one = screen.getByRole('group', { name: 'Add a departure' });
    await userEvent.type(within(one).getByLabelText('Date'), '2099-03-02');
    await userEvent.type(within(one).getByLabelText('Time'), '09:00');
    await userEvent.type(within(one).getByLabelText('Price (EUR)'), '45');
    await userEvent.type(within(one).getByLabelText('Seats'), '6{Enter}');
    expect(await screen.findByText('Departure added.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/posts/7/departures')).toEqual([
      { starts_on: '2099-03-02', start_time: '09:00', price: 45, seats_total: 6, status: 'open', note: null },
    ]);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    const many = screen.getByRole('group', { name: 'Add a weekly series' });
    await userEvent.type(within(many).getByLabelText('From'), '2099-03-01');
    await userEvent.type(within(many).getByLabelText('To'), '2099-03-31');
    await userEvent.click(within(many).getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.click(within(many).getByRole('checkbox', { name: 'Monday' }));
    await userEvent.type(within(many).getByLabelText('Seats'), '6');
    await userEvent.click(within(many).getByRole('button', { name: 'Add series' }));
    expect(await screen.findByText('Added 8 departures; 1 skipped (already there).')).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/posts/7/departures/series')).toEqual([
      { from: '2099-03-01', to: '2099-03-31', weekdays: [1, 6], start_time: null, price: null, seats_total: 6 },
    ]);
  });

  it('edits a departure in place and shows the field the server refused', async () => {
    const { calls } = setup('/admin/posts/edit/7', {
      'GET /posts/7/departures': () => UPCOMING,
      'PUT /posts/7/departures/2': () =>
        jsonResponse(422, {
          detail: 'Seats cannot be fewer than the 3 already taken by confirmed bookings',
          errors: [
            { field: 'seats_total', message: 'Seats cannot be fewer than the 3 already taken by confirmed bookings' },
          ],
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the departure of Wed, 4 Mar 2099, 09:00' }));
    const seats = screen.getByLabelText('Seats', { selector: '#departure-2-seats' });
    await userEvent.clear(seats);
    await userEvent.type(seats, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save departure' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'seats total: Seats cannot be fewer than the 3 already taken by confirmed bookings',
    );
    expect(bodiesOf(calls, 'PUT', '/posts/7/departures/2')).toEqual([
      { starts_on: '2099-03-04', start_time: '09:00', price: 55, seats_total: 2, status: 'open', note: null },
    ]);
  });

  it('in a translation, shows the default language’s note while a departure has none, and writes this language’s own', async () => {
    const { calls } = setup('/admin/posts/edit/7', {
      'GET /posts/7/departures': () => [
        departure({ id: 1, default_note: 'Full moon sail' }),
        departure({ id: 2, starts_on: '2099-03-04', note: 'Nur noch wenige Plätze', default_note: 'Last few seats' }),
      ],
      'PUT /posts/7/departures/1': () =>
        departure({ id: 1, note: 'Segeln bei Vollmond', default_note: 'Full moon sail' }),
    });
    const table = await screen.findByRole('table', { name: 'Upcoming departures' });
    const days = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(days).toEqual(['Mon, 2 Mar 2099Full moon sail (English)', 'Wed, 4 Mar 2099Nur noch wenige Plätze']);

    await userEvent.click(screen.getByRole('button', { name: 'Edit the departure of Mon, 2 Mar 2099, 09:00' }));
    const editor = screen.getByRole('group', { name: 'Edit the departure of Mon, 2 Mar 2099, 09:00' });
    const note = within(editor).getByLabelText('Note');
    expect(note).toHaveValue('');
    expect(note).toHaveAccessibleDescription('Left empty, visitors see the English note: “Full moon sail”');
    await userEvent.type(note, 'Segeln bei Vollmond{Enter}');
    expect(await screen.findByText('Departure updated.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT', '/posts/7/departures/1')).toEqual([
      {
        starts_on: '2099-03-02',
        start_time: '09:00',
        price: null,
        seats_total: 10,
        status: 'open',
        note: 'Segeln bei Vollmond',
      },
    ]);
  });

  it('marks a departure guaranteed and gives it a note in place', async () => {
    const { calls } = setup('/admin/posts/edit/7', {
      'GET /posts/7/departures': () => UPCOMING,
      'PUT /posts/7/departures/1': () => departure({ status: 'guaranteed', note: 'Full moon' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the departure of Mon, 2 Mar 2099, 09:00' }));
    const editor = screen.getByRole('group', { name: 'Edit the departure of Mon, 2 Mar 2099, 09:00' });
    await userEvent.selectOptions(within(editor).getByLabelText('Departure status'), 'Guaranteed');
    await userEvent.type(within(editor).getByLabelText('Note'), 'Full moon{Enter}');
    expect(await screen.findByText('Departure updated.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT', '/posts/7/departures/1')).toEqual([
      {
        starts_on: '2099-03-02',
        start_time: '09:00',
        price: null,
        seats_total: 10,
        status: 'guaranteed',
        note: 'Full moon',
      },
    ]);
  });

  it('asks the server for past departures on request', async () => {
    const { calls } = setup('/admin/posts/edit/7', {
      'GET /posts/7/departures': () => UPCOMING,
      'GET /posts/7/departures?from=2000-01-01': () => [
        departure({ id: 9, starts_on: '2001-01-01', availability: 'past' }),
      ],
    });
    await screen.findByRole('table', { name: 'Upcoming departures' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show past departures' }));
    const table = await screen.findByRole('table', { name: 'Departures' });
    expect(within(table).getByText('Mon, 1 Jan 2001')).toBeInTheDocument();
    expect(within(table).getByText('Past')).toBeInTheDocument();
    // A past departure can no longer be cancelled.
    expect(screen.queryByRole('button', { name: /Cancel the departure of Mon, 1 Jan 2001/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/posts/7/departures?from=2000-01-01')).toBe(true);
  });

  it('cancels and deletes after asking', async () => {
    const { calls } = setup('/admin/posts/edit/7', {
      'GET /posts/7/departures': () => UPCOMING,
      'PUT /posts/7/departures/1': () => departure({ status: 'cancelled', availability: 'cancelled' }),
      'DELETE /posts/7/departures/1': () => new Response(null, { status: 204 }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel the departure of Mon, 2 Mar 2099, 09:00' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel departure' }));
    expect(await screen.findByText('Departure cancelled.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT', '/posts/7/departures/1')[0]).toMatchObject({ status: 'cancelled' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete the departure of Mon, 2 Mar 2099, 09:00' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Departure deleted.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/posts/7/departures/1')).toBe(true);
  });

  it('is not offered while a post is being created', async () => {
    setup('/admin/posts/create');
    await screen.findByRole('heading', { name: 'Tour Details' });
    expect(screen.queryByRole('heading', { name: 'Departures' })).not.toBeInTheDocument();
  });
});
