import { useMemo, useState } from 'react';
import {
  formatDate,
  orderTaxonomyTree,
  TAXONOMY_LABELS,
  type TaxonomyItem,
  type TaxonomyKind,
} from '@tours-cms/contract';
import { Badge } from '../../components/ui/badge';
import { useCanEdit } from '../../lib/session';
import { useTaxonomy } from '../../lib/reads/taxonomy';
import { useDeleteTaxonomyItem } from './api/delete-taxonomy';
import { filterTaxonomy } from './filter-taxonomy';
import { TaxonomyFormModal } from './taxonomy-form-modal';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';
import { ListScreen, useListSearch } from '../../components/kit/list-screen';
import { EditDeleteActions } from '../../components/kit/row-actions';

const SUBTITLES: Record<TaxonomyKind, string> = {
  categories: 'Organise your tours into categories',
  tags: 'Label your tours with tags',
};

/** The Categories and Tags screens: one screen, two tables. */
export function TaxonomyPage({ kind }: { kind: TaxonomyKind }) {
  const labels = TAXONOMY_LABELS[kind];
  const query = useTaxonomy(kind);
  const items = query.data;
  const canEdit = useCanEdit();
  const deleteItem = useDeleteTaxonomyItem(kind);
  const search = useListSearch();
  const [editing, setEditing] = useState<TaxonomyItem | null | undefined>(undefined);
  const tree = useMemo(() => orderTaxonomyTree(items ?? []), [items]);
  const visible = useMemo(() => filterTaxonomy(tree, search.deferred), [tree, search.deferred]);

  const handleDelete = useConfirmedDelete(labels.lower, (item: TaxonomyItem) => deleteItem.mutateAsync(item.id));

  const plural = labels.plural.toLowerCase();
  return (
    <>
      <ListScreen
        title={labels.plural}
        subtitle={SUBTITLES[kind]}
        create={{ label: `Add New ${labels.singular}`, onClick: () => setEditing(null) }}
        search={search}
        query={query}
        noun={plural}
        items={visible}
        columns={[labels.singular, 'Slug', 'Description', 'Created At']}
        actions={canEdit}
        renderItem={({ item, parent, label }) => (
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
                  <EditDeleteActions
                    name={item.name}
                    onEdit={() => setEditing(item)}
                    onDelete={() => handleDelete(item)}
                  />
                </div>
              </td>
            )}
          </tr>
        )}
      />
      {editing !== undefined && (
        <TaxonomyFormModal
          key={editing?.id ?? 'new'}
          kind={kind}
          item={editing}
          items={items ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}

export const CategoriesPage = () => <TaxonomyPage kind="categories" />;
export const TagsPage = () => <TaxonomyPage kind="tags" />;
