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
import { LanguageCell, LanguageFilter, LanguageSwitcher } from '../../components/translations/translations';
import { useSiteLanguages } from '../../lib/site-languages';
import { useListView } from '../../lib/use-server-list';

const SUBTITLES: Record<TaxonomyKind, string> = {
  categories: 'Organise your tours into categories',
  tags: 'Label your tours with tags',
};

/**
 * The Categories and Tags screens: one screen, two tables. On a site in more than one language (issue 30), a
 * Language column (each row's language, then its translations, which open their dialog) and 'Filter by language'
 * (kept in the URL; the list is read whole, so it narrows what was read), and a language switcher in the dialog.
 */
export function TaxonomyPage({ kind }: { kind: TaxonomyKind }) {
  const labels = TAXONOMY_LABELS[kind];
  const query = useTaxonomy(kind);
  const site = useSiteLanguages();
  const view = useListView({ language: '' });
  const language = site.multilingual ? view.values.language : '';
  const items = query.data;
  const canEdit = useCanEdit();
  const deleteItem = useDeleteTaxonomyItem(kind);
  const search = useListSearch();
  // The item whose dialog is open, by id (null: a new one), so a translation's link can open its own.
  const [editingId, setEditingId] = useState<number | null | undefined>(undefined);
  const editing = editingId == null ? editingId : items?.find((item) => item.id === editingId);
  const shown = useMemo(
    () => (items ?? []).filter((item) => !language || item.language === language),
    [items, language],
  );
  const tree = useMemo(() => orderTaxonomyTree(shown), [shown]);
  const visible = useMemo(() => filterTaxonomy(tree, search.deferred), [tree, search.deferred]);

  const handleDelete = useConfirmedDelete(labels.lower, (item: TaxonomyItem) => deleteItem.mutateAsync(item.id));

  const plural = labels.plural.toLowerCase();
  return (
    <>
      <ListScreen
        title={labels.plural}
        subtitle={SUBTITLES[kind]}
        create={{ label: `Add New ${labels.singular}`, onClick: () => setEditingId(null) }}
        search={search}
        filters={
          site.multilingual && (
            <LanguageFilter
              id={`${kind}-language-filter`}
              languages={site.languages}
              value={view.values.language}
              onChange={(value) => view.set('language', value)}
            />
          )
        }
        query={query}
        noun={plural}
        items={visible}
        columns={
          site.multilingual
            ? [labels.singular, 'Language', 'Slug', 'Description', 'Created At']
            : [labels.singular, 'Slug', 'Description', 'Created At']
        }
        actions={canEdit}
        renderItem={({ item, parent, label }) => (
          <tr key={item.id} className="hover:bg-slate-50">
            <td className="px-6 py-4">
              <div className={`flex flex-wrap items-center gap-2 ${parent ? 'pl-4' : ''}`}>
                <span className="font-medium text-slate-900">{label}</span>
                {parent && <Badge tone="blue">{labels.child}</Badge>}
              </div>
            </td>
            {site.multilingual && (
              <td className="px-6 py-4">
                <LanguageCell
                  resource={kind}
                  item={item}
                  siteLanguages={site.languages}
                  canEdit={canEdit}
                  open={setEditingId}
                />
              </td>
            )}
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
                    onEdit={() => setEditingId(item.id)}
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
          onClose={() => setEditingId(undefined)}
          languages={
            site.multilingual &&
            editing && (
              <LanguageSwitcher
                resource={kind}
                item={editing}
                siteLanguages={site.languages}
                canEdit={canEdit}
                open={setEditingId}
                known={items}
                className="mb-4 rounded-md border border-slate-200 px-3 py-2"
              />
            )
          }
        />
      )}
    </>
  );
}

export const CategoriesPage = () => <TaxonomyPage kind="categories" />;
export const TagsPage = () => <TaxonomyPage kind="tags" />;
