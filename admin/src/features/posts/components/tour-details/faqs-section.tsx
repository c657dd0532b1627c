import { useState } from 'react';
import { Link } from 'react-router';
import { Plus, X } from 'lucide-react';
import { TOUR_FAQS_MAX } from '@tours-cms/contract';
import { FieldError } from '../../../../components/ui/form-field';
import { SortableList, useListKeys } from '../../../../components/ui/sortable-list';
import { useFaqs } from '../../../../lib/reads/faqs';
import { moveIn, removeAt, type SectionProps } from './section-props';

/**
 * The tour's FAQs: an ordered choice among the reusable ones, which are written once on the FAQs screen, so an
 * answer edited there changes every tour that shows it.
 */
export function FaqsSection({ value: ids, onChange, errorAt }: SectionProps<'faq_ids'>) {
  const faqs = useFaqs();
  const keys = useListKeys(ids.length);
  const [adding, setAdding] = useState('');
  const byId = new Map((faqs.data ?? []).map((faq) => [faq.id, faq]));
  const available = (faqs.data ?? []).filter((faq) => !ids.includes(faq.id));
  const full = ids.length >= TOUR_FAQS_MAX;
  const questionOf = (id: number) => byId.get(id)?.question ?? `FAQ ${id}`;
  const add = () => {
    const id = Number(adding);
    if (!id || full || ids.includes(id)) return;
    keys.added();
    onChange([...ids, id]);
    setAdding('');
  };

  return (
    <div className="space-y-3">
      {ids.length > 0 && (
        <SortableList
          label="FAQs of this tour"
          className="space-y-2"
          items={ids}
          keys={keys.keys}
          nameOf={(id) => `FAQ "${questionOf(id)}"`}
          onMove={(from, to) => {
            keys.moved(from, to);
            onChange(moveIn(ids, from, to));
          }}
          renderItem={(id, index, controls) => (
            <div className="flex items-center gap-2 rounded-lg border border-slate-200 px-2 py-1.5">
              {controls}
              <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{questionOf(id)}</span>
              <button
                type="button"
                className="btn-ghost px-2"
                aria-label={`Remove FAQ "${questionOf(id)}"`}
                onClick={() => {
                  keys.removed(index);
                  onChange(removeAt(ids, index));
                }}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          )}
        />
      )}
      <FieldError id="post-faq_ids-error" message={errorAt('faq_ids')} />
      {faqs.isError ? (
        <p className="text-sm text-red-700">The FAQs could not be loaded.</p>
      ) : faqs.data && faqs.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          No FAQs yet. Write them once on the <Link to="/admin/faqs">FAQs screen</Link>, then choose them here.
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="post-faq-add" className="label">
              Add an FAQ
            </label>
            <select
              id="post-faq-add"
              className="input"
              value={adding}
              disabled={full || available.length === 0}
              onChange={(event) => setAdding(event.target.value)}
            >
              <option value="">
                {full
                  ? `A tour shows at most ${TOUR_FAQS_MAX} FAQs`
                  : available.length === 0
                    ? 'Every FAQ is chosen'
                    : 'Choose a question…'}
              </option>
              {available.map((faq) => (
                <option key={faq.id} value={faq.id}>
                  {faq.question}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn-secondary" aria-disabled={!adding} onClick={add}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add FAQ
          </button>
        </div>
      )}
      <p className="text-sm text-slate-500">
        Edit the questions and answers on the <Link to="/admin/faqs">FAQs screen</Link>: every tour that shows one
        changes with it.
      </p>
    </div>
  );
}
