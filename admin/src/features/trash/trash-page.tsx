import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { RotateCcw, Trash2 } from 'lucide-react';
import {
  formatDate,
  TRASH_ITEM_LABELS,
  TRASH_ITEM_TYPES,
  TRASH_RETENTION_DAYS,
  type TrashItemType,
  type TrashEntry,
} from '@tours-cms/contract';
import { Badge } from '../../components/ui/badge';
import { FilterSelect } from '../../components/ui/filter-select';
import { ListScreen, useListSearch } from '../../components/kit/list-screen';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';
import { useNotify } from '../../components/ui/notify';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/session';
import { useDeleteForGood, useRestoreFromTrash, useTrash } from './api/trash';

const TYPE_OPTIONS = TRASH_ITEM_TYPES.map((type) => ({ value: type, label: `${TRASH_ITEM_LABELS[type]}s` }));

/** Where a restored item is edited. */
function editorPath(entry: Pick<TrashEntry, 'item_type' | 'item_id'>): string {
  if (entry.item_type === 'post') return `/admin/posts/edit/${entry.item_id}`;
  if (entry.item_type === 'page') return `/admin/pages/edit/${entry.item_id}`;
  if (entry.item_type === 'media') return '/admin/media';
  return `/admin/components/edit/${entry.item_id}`;
}

/**
 * The Trash (editors and administrators): posts, pages, components and media files deleted in the last 30 days, newest first.
 * 'Restore' puts one back as it was, under its own address; administrators may also delete one for good.
 */
export function TrashPage() {
  const [type, setType] = useState<TrashItemType | ''>('');
  const [page, setPage] = useState(1);
  const query = useTrash(type, page);
  const restore = useRestoreFromTrash();
  const remove = useDeleteForGood();
  const notify = useNotify();
  const search = useListSearch();
  const isAdmin = useAuth().user?.role === 'admin';
  const [restored, setRestored] = useState<TrashEntry | null>(null);

  const visible = useMemo(() => {
    const text = search.deferred.trim().toLowerCase();
    return (query.data?.items ?? []).filter((entry) => !text || entry.title.toLowerCase().includes(text));
  }, [query.data, search.deferred]);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.page_size)) : 1;

  const handleRestore = async (entry: TrashEntry, group = false) => {
    try {
      await restore.mutateAsync({ entry, group });
      setRestored(entry);
      notify.success(
        group
          ? `${TRASH_ITEM_LABELS[entry.item_type]} restored in all ${entry.group_entries} languages.`
          : `${TRASH_ITEM_LABELS[entry.item_type]} restored.`,
      );
    } catch (error) {
      notify.error(errorMessage(error, 'The item could not be restored. Please try again.'));
    }
  };
  const handleDelete = useConfirmedDelete('item', (entry: TrashEntry) => remove.mutateAsync(entry), {
    confirmMessage: (entry) => `Delete "${entry.title}" for good? Its history goes with it, and it cannot be restored.`,
    deletedNotice: () => 'Deleted for good.',
  });

  return (
    <ListScreen
      title="Trash"
      subtitle={`Deleted posts, pages and components stay here for ${TRASH_RETENTION_DAYS} days, with their history, until you restore them`}
      search={search}
      filters={
        <FilterSelect
          id="trash-type-filter"
          label="Filter by type"
          allLabel="All Types"
          options={TYPE_OPTIONS}
          value={type}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
        />
      }
      query={query}
      noun="deleted items"
      items={visible}
      columns={['Item', 'Type', 'Deleted', 'Removed for good']}
      renderItem={(entry) => (
        <tr key={entry.id} className="hover:bg-slate-50">
          <td className="max-w-sm px-6 py-4">
            <p className="truncate font-medium text-slate-900">{entry.title}</p>
            {restored?.id === entry.id && <p className="text-xs text-slate-500">Restored</p>}
          </td>
          <td className="px-6 py-4">
            <Badge tone={entry.item_type === 'post' ? 'blue' : entry.item_type === 'page' ? 'purple' : 'grey'}>
              {TRASH_ITEM_LABELS[entry.item_type]}
            </Badge>
          </td>
          <td className="whitespace-nowrap px-6 py-4 text-slate-600">
            {formatDate(entry.deleted_at)}
            {entry.deleted_by && <span className="block text-xs text-slate-500">by {entry.deleted_by.name}</span>}
          </td>
          <td className="whitespace-nowrap px-6 py-4 text-slate-600">{formatDate(entry.expires_at)}</td>
          <td className="table-actions px-6 py-4">
            <div className="flex justify-end gap-1">
              <button
                type="button"
                className="btn-ghost text-blue-700"
                onClick={() => void handleRestore(entry)}
                disabled={restore.isPending}
                aria-label={`Restore ${entry.title}`}
              >
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
                Restore
              </button>
              {entry.group_entries > 1 && (
                <button
                  type="button"
                  className="btn-ghost text-blue-700"
                  onClick={() => void handleRestore(entry, true)}
                  disabled={restore.isPending}
                  aria-label={`Restore ${entry.title} in all ${entry.group_entries} languages`}
                >
                  All {entry.group_entries} Languages
                </button>
              )}
              {isAdmin && (
                <button
                  type="button"
                  className="btn-ghost text-red-700"
                  onClick={() => void handleDelete(entry)}
                  aria-label={`Delete ${entry.title} for good`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
            </div>
          </td>
        </tr>
      )}
      footer={
        pages > 1 && (
          <nav
            className="flex items-center justify-between border-t border-slate-200 px-6 py-3 text-sm"
            aria-label="Trash pages"
          >
            <button type="button" className="btn-secondary" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
              Previous
            </button>
            <span className="text-slate-600">
              Page {page} of {pages}
            </span>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setPage((p) => p + 1)}
              disabled={page >= pages}
            >
              Next
            </button>
          </nav>
        )
      }
      after={
        restored && (
          <p className="mt-4 text-sm text-slate-600" role="status">
            {TRASH_ITEM_LABELS[restored.item_type]} “{restored.title}” is back.{' '}
            <Link className="font-medium text-blue-700 underline" to={editorPath(restored)}>
              Open it
            </Link>
          </p>
        )
      }
    />
  );
}
