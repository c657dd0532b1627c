import { useMemo, useState } from 'react';
import { Eye, Trash2 } from 'lucide-react';
import { CONTACT_STATUSES, CONTACT_STATUS_LABELS, formatDate, hasRole, type Contact, type ContactStatus } from '@tours-cms/contract';
import { focusPageHeading, PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { FilterSelect } from '../../components/filter-select';
import { QueryStatus } from '../../components/query-status';
import { useConfirm } from '../../components/confirm-dialog';
import { useNotify } from '../../components/notify';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../app/auth/auth-context';
import { useContacts } from './api/get-contacts';
import { useDeleteContact } from './api/delete-contact';
import { filterContacts } from './filter-contacts';
import { ContactDetailsModal } from './contact-details-modal';
import { ContactStatusBadge } from './contact-status-badge';

const STATUS_OPTIONS = CONTACT_STATUSES.map((value) => ({ value, label: CONTACT_STATUS_LABELS[value] }));

export function ContactsPage() {
  const query = useContacts();
  const contacts = query.data;
  const { user } = useAuth();
  const canEdit = !!user && hasRole(user.role, 'editor');
  const confirm = useConfirm();
  const notify = useNotify();
  const deleteContact = useDeleteContact();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ContactStatus | ''>('');
  const [viewingId, setViewingId] = useState<number | null>(null);
  const visible = useMemo(() => filterContacts(contacts ?? [], search, status), [contacts, search, status]);
  const viewing = contacts?.find((c) => c.id === viewingId) ?? null;

  const handleDelete = async (contact: Contact) => {
    if (!(await confirm({ message: 'Are you sure you want to delete this contact?' }))) return;
    try {
      await deleteContact.mutateAsync(contact.id);
      focusPageHeading();
      notify.success('Contact deleted.');
    } catch (error) {
      console.error(error);
      notify.error(errorMessage(error, 'The contact could not be deleted. Please try again.'));
    }
  };

  return (
    <>
      <PageHeader title="Contacts" subtitle="Manage contact inquiries and messages" />
      <div className="card">
        <div className="flex flex-wrap gap-3 border-b border-slate-200 p-4">
          <SearchInput value={search} onChange={setSearch} placeholder="Search contacts..." label="Search contacts" className="min-w-60 flex-1" />
          <FilterSelect
            id="contact-status-filter"
            label="Filter by status"
            allLabel="All Status"
            options={STATUS_OPTIONS}
            value={status}
            onChange={setStatus}
          />
        </div>
        <QueryStatus
          query={query}
          loadingLabel="Loading contacts"
          errorMessage="The contacts could not be loaded."
          emptyMessage="No contacts found."
          isEmpty={visible.length === 0}
        >
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] divide-y divide-slate-200 text-sm">
              <thead className="table-head">
                <tr>
                  <th scope="col" className="px-6 py-3">Contact</th>
                  <th scope="col" className="px-6 py-3">Subject</th>
                  <th scope="col" className="px-6 py-3">Status</th>
                  <th scope="col" className="px-6 py-3">Date</th>
                  <th scope="col" className="table-actions px-6 py-3 text-right">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {visible.map((contact) => (
                  <tr key={contact.id} className="hover:bg-slate-50">
                    <td className="max-w-xs px-6 py-4">
                      <p className="truncate font-medium text-slate-900">{contact.name}</p>
                      <p className="truncate text-slate-500">{contact.email}</p>
                    </td>
                    <td className="max-w-sm px-6 py-4 text-slate-700">
                      <p className="truncate">{contact.subject || '—'}</p>
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
                ))}
              </tbody>
            </table>
          </div>
        </QueryStatus>
      </div>
      {viewing && <ContactDetailsModal key={viewing.id} contact={viewing} canEdit={canEdit} onClose={() => setViewingId(null)} />}
    </>
  );
}
