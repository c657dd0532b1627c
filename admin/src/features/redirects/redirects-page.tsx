import { useMemo, useState } from 'react';
import { formatDate, type Redirect } from '@tours-cms/contract';
import { Badge } from '../../components/ui/badge';
import { ListScreen, useListSearch } from '../../components/kit/list-screen';
import { EditDeleteActions } from '../../components/kit/row-actions';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';
import { useDeleteRedirect, useRedirects } from './api/redirects';
import { RedirectFormModal } from './redirect-form-modal';

/**
 * The Redirects screen (administrators): old addresses and where they lead, with their hits. The server adds one
 * when a published page or tour changes its address (marked Automatic); administrators add, edit and remove them.
 */
export function RedirectsPage() {
  const query = useRedirects();
  const remove = useDeleteRedirect();
  const search = useListSearch();
  const [editing, setEditing] = useState<Redirect | null | undefined>(undefined);
  const handleDelete = useConfirmedDelete('redirect', (redirect: Redirect) => remove.mutateAsync(redirect.id));
  const visible = useMemo(() => {
    const text = search.deferred.trim().toLowerCase();
    return (query.data ?? []).filter(
      (r) => !text || r.from_path.toLowerCase().includes(text) || r.to.toLowerCase().includes(text),
    );
  }, [query.data, search.deferred]);

  return (
    <>
      <ListScreen
        title="Redirects"
        subtitle="Old addresses that keep working: visitors and search engines are sent on to the new ones"
        create={{ label: 'Add New Redirect', onClick: () => setEditing(null) }}
        search={search}
        query={query}
        noun="redirects"
        items={visible}
        columns={['From', 'To', 'Type', 'Hits', 'Updated']}
        actions
        renderItem={(redirect) => (
          <tr key={redirect.id} className="hover:bg-slate-50">
            <td className="max-w-xs px-6 py-4">
              <p className="truncate font-mono text-slate-900">{redirect.from_path}</p>
              {redirect.automatic && <Badge tone="blue">Automatic</Badge>}
            </td>
            <td className="max-w-xs px-6 py-4">
              <p className="truncate font-mono text-slate-700">{redirect.to}</p>
            </td>
            <td className="px-6 py-4 text-slate-700">
              {redirect.status_code === 301 ? '301 permanent' : '302 temporary'}
            </td>
            <td className="px-6 py-4 text-slate-700">{redirect.hits.toLocaleString()}</td>
            <td className="whitespace-nowrap px-6 py-4 text-slate-600">{formatDate(redirect.updated_at)}</td>
            <td className="table-actions px-6 py-4">
              <div className="flex justify-end gap-1">
                <EditDeleteActions
                  name={redirect.from_path}
                  onEdit={() => setEditing(redirect)}
                  onDelete={() => handleDelete(redirect)}
                />
              </div>
            </td>
          </tr>
        )}
      />
      {editing !== undefined && (
        <RedirectFormModal key={editing?.id ?? 'new'} redirect={editing} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}
