import { useMemo, useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { formatDate, hasRole, orderTaxonomyTree, TAXONOMY_LABELS, type TaxonomyItem, type TaxonomyKind } from '@tours-cms/contract';
import { focusPageHeading, PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { QueryStatus } from '../../components/query-status';
import { Badge } from '../../components/badge';
import { useConfirm } from '../../components/confirm-dialog';
import { useNotify } from '../../components/notify';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../app/auth/auth-context';
import { useTaxonomy } from './api/get-taxonomy';
import { useDeleteTaxonomyItem } from './api/delete-taxonomy';
import { filterTaxonomy } from './filter-taxonomy';
import { TaxonomyFormModal } from './taxonomy-form-modal';

const SUBTITLES: Record<TaxonomyKind, string> = {
  categories: 'Organise your tours into categories',
  tags: 'Label your tours with tags',
};

/** The Categories and Tags screens (spec §2): one screen, two tables. */
export function TaxonomyPage({ kind }: { kind: TaxonomyKind }) {
  const labels = TAXONOMY_LABELS[kind];
  const query = useTaxonomy(kind);
  const items = query.data;
  const { user } = useAuth();
  const canEdit = !!user && hasRole(user.role, 'editor');
  const confirm = useConfirm();
  const notify = useNotify();
  const deleteItem = useDeleteTaxonomyItem(kind);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TaxonomyItem | null | undefined>(undefined);
  const tree = useMemo(() => orderTaxonomyTree(items ?? []), [items]);
  const visible = useMemo(() => filterTaxonomy(tree, search), [tree, search]);

  const handleDelete = async (item: TaxonomyItem) => {
    if (!(await confirm({ message: `Are you sure you want to delete this ${labels.lower}?` }))) return;
    try {
      await deleteItem.mutateAsync(item.id);
      focusPageHeading();
      notify.success(`${labels.singular} deleted.`);
    } catch (error) {
      console.error(error);
      notify.error(errorMessage(error, `The ${labels.lower} could not be deleted. Please try again.`));
    }
  };

  return (
    <>
      <PageHeader
        title={labels.plural}
        subtitle={SUBTITLES[kind]}
        actions={
          canEdit && (
            <button type="button" className="btn-primary" onClick={() => setEditing(null)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add New {labels.singular}
            </button>
          )
        }
      />
      <div className="card">
        <div className="border-b border-slate-200 p-4">
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder={`Search ${labels.plural.toLowerCase()}...`}
            label={`Search ${labels.plural.toLowerCase()}`}
            className="max-w-md"
          />
        </div>
        <QueryStatus
          query={query}
          loadingLabel={`Loading ${labels.plural.toLowerCase()}`}
          errorMessage={`The ${labels.plural.toLowerCase()} could not be loaded.`}
          emptyMessage={`No ${labels.plural.toLowerCase()} found.`}
          isEmpty={visible.length === 0}
        >
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] divide-y divide-slate-200 text-sm">
              <thead className="table-head">
                <tr>
                  <th scope="col" className="px-6 py-3">{labels.singular}</th>
                  <th scope="col" className="px-6 py-3">Slug</th>
                  <th scope="col" className="px-6 py-3">Description</th>
                  <th scope="col" className="px-6 py-3">Created At</th>
                  {canEdit && <th scope="col" className="table-actions px-6 py-3 text-right">Actions</th>}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {visible.map(({ item, parent, label }) => (
                  <tr key={item.id} className="hover:bg-slate-50">
                    <td className="px-6 py-4">
                      <div className={`flex flex-wrap items-center gap-2 ${parent ? 'pl-4' : ''}`}>
                        <span className="font-medium text-slate-900">{label}</span>
                        {parent && <Badge tone="blue">{labels.child}</Badge>}
                      </div>
                    </td>
                    <td className="px-6 py-4 font-mono text-slate-600">{item.slug}</td>
                    <td className="max-w-md px-6 py-4 text-slate-600">
                      <p className="line-clamp-2">{item.description}</p>
                    </td>
                    <td className="px-6 py-4 text-slate-600">{formatDate(item.created_at)}</td>
                    {canEdit && (
                      <td className="table-actions px-6 py-4">
                        <div className="flex justify-end gap-1">
                          <button type="button" className="icon-btn" onClick={() => setEditing(item)} aria-label={`Edit ${item.name}`}>
                            <Pencil className="h-4 w-4" aria-hidden="true" />
                          </button>
                          <button type="button" className="icon-btn hover:text-red-600" onClick={() => handleDelete(item)} aria-label={`Delete ${item.name}`}>
                            <Trash2 className="h-4 w-4" aria-hidden="true" />
                          </button>
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </QueryStatus>
      </div>
      {editing !== undefined && (
        <TaxonomyFormModal key={editing?.id ?? 'new'} kind={kind} item={editing} items={items ?? []} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}

export const CategoriesPage = () => <TaxonomyPage kind="categories" />;
export const TagsPage = () => <TaxonomyPage kind="tags" />;
