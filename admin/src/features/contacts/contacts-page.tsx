import { Eye, Trash2 } from 'lucide-react';
import {
  BOOKING_STATUS_LABELS,
  CONTACT_STATUSES,
  CONTACT_STATUS_LABELS,
  formatDate,
  type Contact,
  type ContactListSort,
  type ContactStatus,
} from '@tours-cms/contract';
import { SortSelect, StatusFilter } from '../../components/ui/filter-select';
import { useCanEdit } from '../../lib/session';
import { useListView, useServerSearch } from '../../lib/use-server-list';
import { useContact, useContactsPages } from './api/get-contacts';
import { useDeleteContact } from './api/delete-contact';
import { ContactDetailsModal } from './contact-details-modal';
import { ContactStatusBadge } from './contact-status-badge';
import { bookingDateText, partyText } from './booking-text';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';
import { Link } from 'react-router';
import { ListScreen, type ListScreenText } from '../../components/kit/list-screen';
import { ServerListFooter } from '../../components/kit/server-list-footer';

const SCREEN: ListScreenText = {
  title: 'Contacts',
  subtitle: 'Manage contact inquiries and messages',
  noun: 'contacts',
  // The spec's columns: the tour asked about, and a booking request's date and party, sit under the subject, so the
  // table fits a laptop's width.
  columns: ['Contact', 'Subject', 'Status', 'Date'],
};

const STATUS_OPTIONS = CONTACT_STATUSES.map((value) => ({ value, label: CONTACT_STATUS_LABELS[value] }));
const SORT_OPTIONS = [{ value: 'created_at', label: 'Oldest first' }] as const satisfies readonly {
  value: ContactListSort;
  label: string;
}[];

/**
 * The inquiries a page at a time, searched (name, email, subject), filtered and sorted on the server (issue 26: the
 * first rows at once at 100,000 inquiries); the view (search, status, sort) lives in the URL.
 */
export function ContactsPage() {
  // The inquiry open in the details modal lives in the address too (?view=12), so a link in an e-mail opens it.
  const view = useListView({ q: '', status: '', sort: '-created_at', view: '' });
  const { view: viewParam, ...listView } = view.values;
  const query = useContactsPages(listView);
  const canEdit = useCanEdit();
  const deleteContact = useDeleteContact();
  const search = useServerSearch(view.values.q, (value) => view.set('q', value.trim()));
  const status = view.values.status as ContactStatus | '';
  const sort = view.values.sort as ContactListSort;
  const viewingId = Number(viewParam) || null;
  const setViewingId = (id: number | null) => view.set('view', id === null ? '' : String(id), { push: id !== null });
  const viewing = useContact(
    viewingId,
    query.items.find((c) => c.id === viewingId),
  ).data;

  const handleDelete = useConfirmedDelete('contact', (contact: Contact) => deleteContact.mutateAsync(contact.id));

  return (
    <>
      <ListScreen
        {...SCREEN}
        search={search}
        filters={
          <>
            <StatusFilter
              id="contact-status-filter"
              options={STATUS_OPTIONS}
              value={status}
              onChange={(value) => view.set('status', value)}
            />
            <SortSelect
              id="contact-sort"
              label="Sort contacts"
              defaultSort="-created_at"
              defaultLabel="Newest first"
              options={SORT_OPTIONS}
              value={sort}
              onChange={(value) => view.set('sort', value)}
            />
          </>
        }
        query={query}
        items={query.items}
        footer={<ServerListFooter list={query} noun="contacts" />}
        renderItem={(contact) => (
          <tr key={contact.id} className="hover:bg-slate-50">
            <td className="px-6 py-4">
              <p className="max-w-[14rem] truncate font-medium text-slate-900">{contact.name}</p>
              <p className="max-w-[14rem] truncate text-slate-500">{contact.email}</p>
            </td>
            <td className="px-6 py-4 text-slate-700">
              <p className="max-w-[20rem] truncate">{contact.subject || '—'}</p>
              {contact.post && (
                <Link
                  to={`/admin/posts/edit/${contact.post.id}`}
                  className="block max-w-[20rem] truncate text-blue-700 hover:underline"
                >
                  {contact.post.title}
                </Link>
              )}
              {contact.booking && (
                <p className="max-w-[20rem] text-slate-500">
                  {bookingDateText(contact.booking)} · {partyText(contact.booking)} ·{' '}
                  {BOOKING_STATUS_LABELS[contact.booking.status]}
                </p>
              )}
            </td>
            <td className="px-6 py-4">
              <ContactStatusBadge status={contact.status} />
            </td>
            <td className="whitespace-nowrap px-6 py-4 text-slate-600">{formatDate(contact.created_at)}</td>
            <td className="table-actions whitespace-nowrap px-6 py-4 text-right">
              <button
                type="button"
                className="icon-btn"
                onClick={() => setViewingId(contact.id)}
                aria-label={`View details of ${contact.name}`}
                title="View details"
              >
                <Eye className="h-4 w-4" aria-hidden="true" />
              </button>
              {canEdit && (
                <button
                  type="button"
                  className="icon-btn hover:bg-red-50 hover:text-red-600"
                  onClick={() => handleDelete(contact)}
                  aria-label={`Delete ${contact.name}`}
                  title="Delete"
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
            </td>
          </tr>
        )}
      />
      {viewingId !== null && viewing && (
        <ContactDetailsModal key={viewing.id} contact={viewing} canEdit={canEdit} onClose={() => setViewingId(null)} />
      )}
    </>
  );
}
