import { useMemo, useState } from 'react';
import { formatDate, type FaqListItem } from '@tours-cms/contract';
import { ListScreen, useListSearch } from '../../components/kit/list-screen';
import { EditDeleteActions } from '../../components/kit/row-actions';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { useConfirmedDelete } from '../../components/kit/use-confirmed-delete';
import { ApiError } from '../../lib/api-client';
import { useCanEdit } from '../../lib/session';
import { useFaqs } from '../../lib/reads/faqs';
import { useDeleteFaq } from './api/faqs';
import { FaqFormModal } from './faq-form-modal';
import { LanguageCell, LanguageFilter, LanguageSwitcher } from '../../components/translations/translations';
import { useSiteLanguages } from '../../lib/site-languages';
import { useListView } from '../../lib/use-server-list';

/** The answer as one line of plain text, for the list. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/**
 * The FAQs screen: questions answered once and chosen by tours (Tour details › FAQs), so an answer edited here
 * changes every tour page that shows it. Everyone signed in reads them; editors and administrators write them. On a
 * site in more than one language (issue 30), a Language column, 'Filter by language' (kept in the URL, narrowing the
 * list read whole) and a language switcher in the dialog.
 */
export function FaqsPage() {
  const query = useFaqs();
  const site = useSiteLanguages();
  const view = useListView({ language: '' });
  const language = site.multilingual ? view.values.language : '';
  const canEdit = useCanEdit();
  const confirm = useConfirm();
  const { mutateAsync: deleteFaq } = useDeleteFaq();
  const search = useListSearch();
  // The FAQ whose dialog is open, by id (null: a new one), so a translation's link can open its own.
  const [editingId, setEditingId] = useState<number | null | undefined>(undefined);
  const editing: FaqListItem | null | undefined =
    editingId == null ? editingId : query.data?.find((faq) => faq.id === editingId);
  const handleDelete = useConfirmedDelete('FAQ', async (faq: FaqListItem) => {
    try {
      await deleteFaq({ id: faq.id });
    } catch (error) {
      // Tours show it: the server names them, and staff are asked again.
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      const again = await confirm({
        title: 'This FAQ is in use',
        message: error.detail,
        confirmLabel: 'Delete anyway',
      });
      if (!again) return false;
      await deleteFaq({ id: faq.id, inUseConfirmed: true });
    }
  });
  const visible = useMemo(() => {
    const text = search.deferred.trim().toLowerCase();
    return (query.data ?? [])
      .filter((faq) => !language || faq.language === language)
      .map((faq) => ({ faq, answer: plainText(faq.answer) }))
      .filter(
        ({ faq, answer }) => !text || faq.question.toLowerCase().includes(text) || answer.toLowerCase().includes(text),
      );
  }, [query.data, search.deferred, language]);

  return (
    <>
      <ListScreen
        title="FAQs"
        subtitle="Questions travellers ask, answered once and shown by every tour that chooses them"
        create={canEdit ? { label: 'Add New FAQ', onClick: () => setEditingId(null) } : undefined}
        search={search}
        filters={
          site.multilingual && (
            <LanguageFilter
              id="faq-language-filter"
              languages={site.languages}
              value={view.values.language}
              onChange={(value) => view.set('language', value)}
            />
          )
        }
        query={query}
        noun="FAQs"
        items={visible}
        columns={site.multilingual ? ['Question', 'Language', 'Tours', 'Updated'] : ['Question', 'Tours', 'Updated']}
        actions={canEdit}
        renderItem={({ faq, answer }) => (
          <tr key={faq.id} className="hover:bg-slate-50">
            <td className="max-w-xl px-6 py-4">
              <p className="font-medium text-slate-900">{faq.question}</p>
              <p className="truncate text-sm text-slate-600">{answer}</p>
            </td>
            {site.multilingual && (
              <td className="px-6 py-4">
                <LanguageCell
                  resource="faqs"
                  item={faq}
                  siteLanguages={site.languages}
                  canEdit={canEdit}
                  open={setEditingId}
                />
              </td>
            )}
            <td className="px-6 py-4 text-slate-700">
              {faq.tour_count === 0 ? 'None' : faq.tour_count === 1 ? '1 tour' : `${faq.tour_count} tours`}
            </td>
            <td className="whitespace-nowrap px-6 py-4 text-slate-600">{formatDate(faq.updated_at)}</td>
            {canEdit && (
              <td className="table-actions px-6 py-4">
                <div className="flex justify-end gap-1">
                  <EditDeleteActions
                    name={faq.question}
                    onEdit={() => setEditingId(faq.id)}
                    onDelete={() => void handleDelete(faq)}
                  />
                </div>
              </td>
            )}
          </tr>
        )}
      />
      {editing !== undefined && (
        <FaqFormModal
          key={editing?.id ?? 'new'}
          faq={editing}
          onClose={() => setEditingId(undefined)}
          languages={
            site.multilingual &&
            editing && (
              <LanguageSwitcher
                resource="faqs"
                item={editing}
                siteLanguages={site.languages}
                canEdit={canEdit}
                open={setEditingId}
                known={query.data}
                className="mb-4 rounded-md border border-slate-200 px-3 py-2"
              />
            )
          }
        />
      )}
    </>
  );
}
