import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import {
  TOURS_BLOCK_DEFAULT_COUNT,
  TOURS_BLOCK_MAX,
  type PostListItem,
  type ToursBlock,
  type ToursBlockKind,
} from '@tours-cms/contract';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useCategories } from '../../lib/reads/taxonomy';
import { Modal } from '../ui/modal';
import { ModalFormFooter } from '../ui/modal-form-footer';

const KINDS: { value: ToursBlockKind; label: string }[] = [
  { value: 'newest', label: 'The newest tours' },
  { value: 'category', label: 'The newest tours of a category' },
  { value: 'chosen', label: 'Tours I choose' },
];

/**
 * 'Insert Tours': a block the site shows as the tours' cards with their prices in the site's currency, read when
 * the page is shown (a tour's change shows at once). Rendered into the body (the editors sit inside a form).
 */
export function ToursBlockDialog({
  onInsert,
  onClose,
}: {
  onInsert: (block: ToursBlock) => void;
  onClose: () => void;
}) {
  const categories = useCategories().data ?? [];
  const tours = (
    useQuery({ queryKey: queryKeys.posts, queryFn: () => apiFetch<PostListItem[]>('/posts/') }).data ?? []
  ).filter((tour) => tour.status === 'published');
  const [kind, setKind] = useState<ToursBlockKind>('newest');
  const [count, setCount] = useState(String(TOURS_BLOCK_DEFAULT_COUNT));
  const [category, setCategory] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const id = useId();
  const number = Number(count);
  const countError =
    kind !== 'chosen' && !(Number.isInteger(number) && number >= 1 && number <= TOURS_BLOCK_MAX)
      ? `Show from 1 to ${TOURS_BLOCK_MAX} tours`
      : null;
  const categorySlug = category || categories[0]?.slug || '';
  const ready =
    !countError &&
    (kind === 'newest' || (kind === 'category' && !!categorySlug) || (kind === 'chosen' && chosen.length > 0));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!ready) return;
    if (kind === 'chosen') onInsert({ kind, count: chosen.length, ids: chosen });
    else if (kind === 'category') onInsert({ kind, count: number, category: categorySlug });
    else onInsert({ kind, count: number });
  };

  return createPortal(
    <Modal
      open
      title="Insert Tours"
      onClose={onClose}
      size="sm"
      footer={<ModalFormFooter formId={`${id}-form`} submitLabel="Insert" disabled={!ready} onCancel={onClose} />}
    >
      <form id={`${id}-form`} onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="label">Which tours</legend>
          {KINDS.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name={`${id}-kind`}
                value={option.value}
                checked={kind === option.value}
                onChange={() => setKind(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        {kind === 'category' && (
          <div>
            <label htmlFor={`${id}-category`} className="label">
              Category
            </label>
            <select
              id={`${id}-category`}
              className="input"
              value={categorySlug}
              onChange={(event) => setCategory(event.target.value)}
            >
              {categories.map((item) => (
                <option key={item.id} value={item.slug}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {kind !== 'chosen' ? (
          <div>
            <label htmlFor={`${id}-count`} className="label">
              How many
            </label>
            <input
              id={`${id}-count`}
              className="input"
              type="number"
              min={1}
              max={TOURS_BLOCK_MAX}
              value={count}
              aria-invalid={!!countError}
              aria-describedby={countError ? `${id}-count-error` : undefined}
              onChange={(event) => setCount(event.target.value)}
            />
            {countError && (
              <p id={`${id}-count-error`} className="field-error">
                {countError}
              </p>
            )}
          </div>
        ) : (
          <fieldset>
            <legend className="label">Tours, in the order chosen</legend>
            <div className="max-h-60 space-y-1 overflow-y-auto">
              {tours.map((tour) => (
                <label key={tour.id} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    checked={chosen.includes(tour.id)}
                    onChange={(event) =>
                      setChosen((all) =>
                        event.target.checked
                          ? [...all, tour.id].slice(0, TOURS_BLOCK_MAX)
                          : all.filter((other) => other !== tour.id),
                      )
                    }
                  />
                  {tour.title}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </form>
    </Modal>,
    document.body,
  );
}
