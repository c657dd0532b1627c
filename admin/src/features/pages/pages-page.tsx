import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink, Info, Pencil, Plus, Trash2 } from 'lucide-react';
import { formatDate, hasRole, publicPageUrl, type PageListItem, type PageStatus } from '@tours-cms/contract';
import { focusPageHeading, PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { FilterSelect } from '../../components/filter-select';
import { QueryStatus } from '../../components/query-status';
import { Badge, StatusBadge } from '../../components/badge';
import { useConfirm } from '../../components/confirm-dialog';
import { useNotify } from '../../components/notify';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../app/auth/auth-context';
import { usePages } from './api/get-pages';
import { useDeletePage } from './api/delete-page';
import { filterPages } from './filter-pages';
import { CopyUrlButton } from './components/copy-url-button';

const STATUS_FILTERS: { value: PageStatus; label: string }[] = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
  { value: 'pending', label: 'Pending' },
];

/** The Pages list of spec §2. */
export function PagesPage() {
  const query = usePages();
  const pages = query.data;
  const { user } = useAuth();
  const canEdit = !!user && hasRole(user.role, 'editor');
  const confirm = useConfirm();
  const notify = useNotify();
  const { mutateAsync: deletePage } = useDeletePage();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PageStatus | ''>('');
  const deferredSearch = useDeferredValue(search);
  const visible = useMemo(() => filterPages(pages ?? [], deferredSearch, status), [pages, deferredSearch, status]);
  const origin = window.location.origin;

  const handleDelete = useCallback(
    async (page: PageListItem) => {
      if (!(await confirm({ message: 'Are you sure you want to delete this page?' }))) return;
      try {
        await deletePage(page.id);
        focusPageHeading();
      } catch (error) {
        console.error(error);
        notify.error(errorMessage(error, 'The page could not be deleted. Please try again.'));
      }
    },
    [confirm, deletePage, notify],
  );

  return (
    <>
      <PageHeader
        title="Pages"
        subtitle="Manage your website pages"
        actions={
          canEdit && (
            <Link to="/admin/pages/create" className="btn-primary">
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add New Page
            </Link>
          )
        }
      />
      <div className="card">
        <div className="flex flex-wrap gap-3 border-b border-slate-200 p-4">
          <SearchInput value={search} onChange={setSearch} placeholder="Search pages..." label="Search pages" className="min-w-60 flex-1" />
          <FilterSelect id="page-status-filter" label="Filter by status" allLabel="All Status" options={STATUS_FILTERS} value={status} onChange={setStatus} />
        </div>
        <QueryStatus
          query={query}
          loadingLabel="Loading pages"
          errorMessage="The pages could not be loaded."
          emptyMessage="No pages found."
          isEmpty={visible.length === 0}
        >
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={search !== deferredSearch}>
              <thead className="table-head">
                <tr>
                  <th scope="col" className="px-6 py-3">Title &amp; URL</th>
                  <th scope="col" className="px-6 py-3">Status</th>
                  <th scope="col" className="px-6 py-3">Type</th>
                  <th scope="col" className="px-6 py-3">Created At</th>
                  <th scope="col" className="px-6 py-3 text-right">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {visible.map((page) => (
                  <PageRow key={page.id} page={page} url={publicPageUrl(origin, page.slug)} canEdit={canEdit} onDelete={handleDelete} />
                ))}
              </tbody>
            </table>
          </div>
        </QueryStatus>
      </div>
      {(pages?.length ?? 0) > 0 && (
        <aside className="mt-6 flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900" aria-labelledby="public-urls-heading">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-blue-600" aria-hidden="true" />
          <div>
            <h2 id="public-urls-heading" className="font-semibold">
              Public Page URLs
            </h2>
            <p className="mt-1">
              Published pages are accessible at: <code className="rounded bg-white/70 px-1 py-0.5">{origin}/[page-slug]</code>
            </p>
          </div>
        </aside>
      )}
    </>
  );
}

const PageRow = memo(function PageRow({
  page,
  url,
  canEdit,
  onDelete,
}: {
  page: PageListItem;
  url: string;
  canEdit: boolean;
  onDelete: (page: PageListItem) => void;
}) {
  return (
    <tr className="hover:bg-slate-50">
      <td className="px-6 py-4">
        <p className="font-medium text-slate-900">{page.title}</p>
        <div className="flex items-center gap-1 text-slate-500">
          <span className="break-all">{url}</span>
          <CopyUrlButton url={url} label={`Copy URL of ${page.title}`} />
        </div>
      </td>
      <td className="px-6 py-4">
        <StatusBadge status={page.status} />
      </td>
      <td className="px-6 py-4">
        {page.has_template_data ? <Badge tone="purple">Rich Editor</Badge> : <Badge tone="blue">Basic Content</Badge>}
      </td>
      <td className="px-6 py-4 text-slate-600">{formatDate(page.created_at)}</td>
      <td className="px-6 py-4">
        <div className="flex items-center justify-end gap-1">
          <a href={url} target="_blank" rel="noopener noreferrer" className="icon-btn" aria-label={`View ${page.title} live`} title="View live page">
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </a>
          {canEdit && (
            <>
              <Link to={`/admin/pages/edit/${page.id}`} className="icon-btn" aria-label={`Edit ${page.title}`}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Link>
              <button type="button" className="icon-btn hover:text-red-600" onClick={() => onDelete(page)} aria-label={`Delete ${page.title}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
});
