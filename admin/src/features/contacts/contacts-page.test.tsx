import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact, SessionUser } from '@tours-cms/contract';
import { fakeListPage } from '../../test/fake-list-page';
import { renderSignedIn } from '../../test/render';
import { ContactsPage } from './contacts-page';
import { SEARCH_DEBOUNCE_MS, SERVER_LIST_PAGE } from '../../lib/use-server-list';

const base = {
  phone: null,
  post: null,
  booking: null,
  message: 'Hello',
  created_at: '2025-05-01T10:00:00.000Z',
  updated_at: '2025-05-01T10:00:00.000Z',
};
let contacts: Contact[];
let requests: { method: string; url: string }[];

function json(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

// The network is stubbed with a tiny in-memory contacts API; the real one is covered by the server and e2e tests.
beforeEach(() => {
  contacts = [
    {
      ...base,
      id: 1,
      name: 'Ann Walker',
      email: 'ann@example.com',
      subject: 'Sunset cruise',
      status: 'new',
      phone: '+30 210 555 0101',
      post: { id: 7, title: 'Sunset Sailing on the Bay', slug: 'sunset-sailing-on-the-bay' },
      booking: null,
    },
    { ...base, id: 2, name: 'Bob Stone', email: 'bob@travel.test', subject: 'Group discount', status: 'in-progress' },
    { ...base, id: 3, name: 'Cleo Park', email: 'cleo@example.com', subject: 'Refund question', status: 'resolved' },
  ];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = new URL(input, 'http://admin.test');
      requests.push({ method, url: url.pathname + url.search });
      if (method === 'GET' && url.pathname === '/api/contacts/')
        return json(fakeListPage(contacts, input, (c) => `${c.name} ${c.email} ${c.subject}`));
      const one = /^\/api\/contacts\/(\d+)$/.exec(url.pathname);
      const found = one && contacts.find((c) => c.id === Number(one[1]));
      if (method === 'GET' && one) return found ? json(found) : json({ detail: 'Contact not found' }, 404);
      const status = /^\/api\/contacts\/(\d+)\/status$/.exec(url.pathname);
      if (method === 'PUT' && status) {
        const contact = contacts.find((c) => c.id === Number(status[1]))!;
        contact.status = url.searchParams.get('status') as Contact['status'];
        return json(contact);
      }
      const step = /^\/api\/contacts\/(\d+)\/booking\/(confirm|decline|cancel)$/.exec(url.pathname);
      if (method === 'POST' && step) {
        const contact = contacts.find((c) => c.id === Number(step[1]))!;
        if (step[2] === 'confirm' && contact.booking!.adults > 2)
          return json({ detail: 'Only 2 seats are left on this departure; this booking needs 4', seats_left: 2 }, 409);
        const to = { confirm: 'confirmed', decline: 'declined', cancel: 'cancelled' } as const;
        contact.booking = { ...contact.booking!, status: to[step[2] as keyof typeof to] };
        return json(contact);
      }
      const del = /^\/api\/contacts\/(\d+)$/.exec(url.pathname);
      if (method === 'DELETE' && del) {
        contacts = contacts.filter((c) => c.id !== Number(del[1]));
        return new Response(null, { status: 204 });
      }
      return json({ detail: 'Not found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(role: SessionUser['role'] = 'editor', path = '/admin/contacts') {
  return renderSignedIn(<ContactsPage />, role, path);
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')!.textContent);

describe('ContactsPage details from the address', () => {
  it('opens the inquiry an e-mail links to (?view=id), and closing it leaves the list', async () => {
    const user = userEvent.setup();
    renderPage('editor', '/admin/contacts?view=2');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Group discount')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowNames()).toEqual(['Ann Walker', 'Bob Stone', 'Cleo Park']);
  });

  it('stays closed when a search typed before closing is sent just after, before the screen redraws', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View details of Ann Walker' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'a');
    // The close and the search's debounce land in one turn, as they can when the browser is busy.
    await act(async () => {
      within(dialog).getByRole('button', { name: 'Close' }).click();
      await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50));
    });
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/contacts/?q=a'))).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ContactsPage pages on the server', () => {
  const many = () =>
    Array.from({ length: SERVER_LIST_PAGE + 10 }, (_, i) => ({
      ...base,
      id: 1000 - i,
      name: `Visitor ${i + 1}`,
      email: `visitor${i + 1}@example.com`,
      subject: `Question ${i + 1}`,
      status: 'new' as const,
    }));

  it('shows a page with the total, more on request, and the view in the address', async () => {
    contacts = many();
    const user = userEvent.setup();
    renderPage('editor', '/admin/contacts?sort=created_at');
    await screen.findByText(`Showing ${SERVER_LIST_PAGE} of ${SERVER_LIST_PAGE + 10} contacts`);
    expect(rowNames()[0]).toBe(`Visitor ${SERVER_LIST_PAGE + 10}`);
    expect(screen.getByRole('combobox', { name: 'Sort contacts' })).toHaveValue('created_at');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText(`Showing ${SERVER_LIST_PAGE + 10} of ${SERVER_LIST_PAGE + 10} contacts`);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(requests.at(-1)!.url).toBe(
      `/api/contacts/?sort=created_at&limit=${SERVER_LIST_PAGE}&cursor=${SERVER_LIST_PAGE}`,
    );
  });

  it('opens the details a link names even when that inquiry is not on the first page', async () => {
    contacts = many();
    renderPage('editor', '/admin/contacts?view=941');
    const dialog = await screen.findByRole('dialog', { name: 'Contact Details' });
    expect(within(dialog).getByText('Question 60')).toBeInTheDocument();
    expect(requests).toContainEqual({ method: 'GET', url: '/api/contacts/941' });
  });
});

describe('ContactsPage filters', () => {
  it('shows the title, the subtitle and every contact', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByText('Manage contact inquiries and messages')).toBeInTheDocument();
    await screen.findByText('Ann Walker');
    expect(rowNames()).toEqual(['Ann Walker', 'Bob Stone', 'Cleo Park']);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Contact',
      'Subject',
      'Status',
      'Date',
      'Actions',
    ]);
  });

  it.each([
    ['a name, whatever the case', 'ann', ['Ann Walker']],
    ['an email', 'TRAVEL.test', ['Bob Stone']],
    ['a subject', 'refund', ['Cleo Park']],
    ['a shared email domain', 'example.com', ['Ann Walker', 'Cleo Park']],
  ])('searches by %s', async (_case, text, expected) => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ann Walker');
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), text);
    await waitFor(() => expect(rowNames()).toEqual(expected));
  });

  it('does not search the message', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ann Walker');
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'Hello');
    expect(await screen.findByText('No contacts found.')).toBeInTheDocument();
  });

  it('filters by status, with the spec labels', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ann Walker');
    const select = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Status', 'New', 'In Progress', 'Resolved']);
    await user.selectOptions(select, 'In Progress');
    await waitFor(() => expect(rowNames()).toEqual(['Bob Stone']));
    await user.selectOptions(select, 'All Status');
    await waitFor(() => expect(rowNames()).toHaveLength(3));
  });

  it('combines search and status, and says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ann Walker');
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Resolved');
    await waitFor(() => expect(rowNames()).toEqual(['Cleo Park']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'In Progress');
    expect(await screen.findByText('No contacts found.')).toBeInTheDocument();
  });
});

describe('ContactsPage details and actions', () => {
  it('shows the phone only when there is one', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View details of Ann Walker' }));
    let dialog = screen.getByRole('dialog', { name: 'Contact Details' });
    expect(within(dialog).getByText('Phone')).toBeInTheDocument();
    expect(within(dialog).getByText('+30 210 555 0101')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View details of Bob Stone' }));
    dialog = screen.getByRole('dialog', { name: 'Contact Details' });
    expect(within(dialog).queryByText('Phone')).not.toBeInTheDocument();
    expect(within(dialog).getByText('bob@travel.test')).toBeInTheDocument();
  });

  it('marks a contact in progress: the modal closes and the list reloads', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View details of Ann Walker' }));
    await user.click(screen.getByRole('button', { name: 'Mark In Progress' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toContainEqual({ method: 'PUT', url: '/api/contacts/1/status?status=in-progress' });
    const annRow = screen.getAllByRole('row').find((row) => row.textContent?.includes('Ann Walker'))!;
    await waitFor(() => expect(within(annRow).getByText('In Progress')).toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/contacts/?'))).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Contact marked In Progress.');
  });

  it('shows a booking request’s date and party, and confirms it, or says why it cannot', async () => {
    const user = userEvent.setup();
    const booking = (adults: number) => ({
      status: 'requested' as const,
      adults,
      children: 1,
      departure: { id: 5, starts_on: '2099-05-02', start_time: '09:30', status: 'open' },
    });
    contacts[1]!.booking = booking(2);
    contacts[2]!.booking = booking(4);
    renderPage();
    const bobRow = (await screen.findAllByRole('row')).find((row) => row.textContent?.includes('Bob Stone'))!;
    expect(within(bobRow).getByText('Sat, 2 May 2099, 09:30 · 2 adults, 1 child · Requested')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View details of Bob Stone' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Sat, 2 May 2099, 09:30')).toBeInTheDocument();
    expect(within(dialog).getByText('2 adults, 1 child')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toContainEqual({ method: 'POST', url: '/api/contacts/2/booking/confirm' });
    expect(screen.getByRole('status')).toHaveTextContent('Booking confirmed.');

    await user.click(screen.getByRole('button', { name: 'View details of Bob Stone' }));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'View details of Cleo Park' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only 2 seats are left on this departure; this booking needs 4',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes only after the confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Cleo Park' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this contact?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Cleo Park' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Cleo Park')).not.toBeInTheDocument());
    expect(requests).toContainEqual({ method: 'DELETE', url: '/api/contacts/3' });
    expect(screen.getByRole('status')).toHaveTextContent('Contact deleted.');
    // The Delete button left with its row: the keyboard focus goes to the screen's title, not the top of the page.
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toHaveFocus();
  });

  it('names the tour an inquiry was sent from, linking to its editor, in the table and the details', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ann Walker');
    const [annRow, bobRow] = screen.getAllByRole('row').slice(1);
    expect(within(annRow!).getByRole('link', { name: 'Sunset Sailing on the Bay' })).toHaveAttribute(
      'href',
      '/admin/posts/edit/7',
    );
    // Under the subject, in the Subject column.
    expect(within(within(annRow!).getAllByRole('cell')[1]!).getByRole('link')).toHaveTextContent(
      'Sunset Sailing on the Bay',
    );
    expect(within(bobRow!).queryByRole('link')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View details of Ann Walker' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact Details' });
    expect(within(dialog).getByText('Tour')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Sunset Sailing on the Bay' })).toHaveAttribute(
      'href',
      '/admin/posts/edit/7',
    );
    expect(within(dialog).getByRole('link', { name: '(view on site, opens in a new tab)' })).toHaveAttribute(
      'href',
      '/tours/sunset-sailing-on-the-bay',
    );
  });

  it('shows HTML a visitor typed as text, never as markup', async () => {
    contacts = [
      {
        ...base,
        id: 9,
        name: '<b>Eve</b>',
        email: 'eve@example.com',
        subject: '<img src=x onerror=alert(1)>',
        message: '<script>alert(1)</script>',
        status: 'new',
      },
    ];
    const user = userEvent.setup();
    const { container } = renderPage();
    expect(await screen.findByText('<b>Eve</b>')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View details of <b>Eve</b>' }));
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(container.ownerDocument.querySelector('b, img, script')).toBeNull();
  });

  it('lets a plain user read but offers no changes', async () => {
    const user = userEvent.setup();
    renderPage('user');
    await user.click(await screen.findByRole('button', { name: 'View details of Ann Walker' }));
    expect(screen.queryByRole('button', { name: 'Mark In Progress' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });
});
