import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDepartureDay,
  formatDepartureWhen,
  formatPrice,
  type Departure,
  type DepartureAvailability,
} from '@tours-cms/contract';
import { ApiError, apiFetch, errorMessage } from '../../../lib/api-client';
import { useSiteCurrency } from '../../../lib/site-currency';
import { useSiteLanguages } from '../../../lib/site-languages';
import { englishLanguageName } from '../../../components/translations/source-panel';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Card } from './card';
import { bodyOf, DepartureFields, draftOf, EMPTY_DRAFT, type DepartureDraft } from './departure-fields';
import { DepartureSeriesForm } from './departure-series-form';

const AVAILABILITY_LABELS: Record<DepartureAvailability, string> = {
  available: 'Available',
  limited: 'Limited',
  sold_out: 'Sold out',
  cancelled: 'Cancelled',
  past: 'Past',
};
/** Departures shown at first; "Show more departures" adds as many again. */
const PAGE = 20;
/** "Show past departures" asks the server for every departure from this day on. */
const SINCE_EVER = '2000-01-01';

/** What went wrong with a write, naming the field the server named. */
function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.errors.length > 0)
    return error.errors.map((e) => `${e.field.replace('_', ' ')}: ${e.message}`).join('; ');
  return errorMessage(error, 'The departure could not be saved.');
}

const statusText = (d: Departure) =>
  d.status === 'guaranteed' && (d.availability === 'available' || d.availability === 'limited')
    ? `${AVAILABILITY_LABELS[d.availability]}, guaranteed`
    : AVAILABILITY_LABELS[d.availability];
const seatsLeft = (d: Departure) =>
  d.seats_total === null ? 'No limit' : `${Math.max(0, d.seats_total - d.seats_taken)} of ${d.seats_total}`;

/**
 * The tour's departures (issue 29): its days with their price, seats left and status (the days as the site shows
 * them to visitors), added one at a time or as a weekly series, edited in place (status and note too), cancelled,
 * or deleted while nobody has booked. Each change is saved at once, apart from the post's own Save.
 */
export function DeparturesCard({ postId, canEdit }: { postId: number; canEdit: boolean }) {
  const currency = useSiteCurrency();
  const { defaultLanguage } = useSiteLanguages();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [withPast, setWithPast] = useState(false);
  const queryKey = ['posts', postId, 'departures'];
  const departures = useQuery({
    queryKey: [...queryKey, withPast],
    queryFn: () => apiFetch<Departure[]>(`/posts/${postId}/departures${withPast ? `?from=${SINCE_EVER}` : ''}`),
  });
  const [draft, setDraft] = useState<DepartureDraft>(EMPTY_DRAFT);
  const [editing, setEditing] = useState<{ id: number; draft: DepartureDraft } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGE);

  const run = async (work: () => Promise<string | null>) => {
    setProblem(null);
    setNotice(null);
    try {
      setNotice(await work());
      await queryClient.invalidateQueries({ queryKey });
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  const put = (departure: Departure, next: DepartureDraft) =>
    apiFetch(`/posts/${postId}/departures/${departure.id}`, { method: 'PUT', body: bodyOf(next) });

  const addOne = () =>
    run(async () => {
      await apiFetch(`/posts/${postId}/departures`, { method: 'POST', body: bodyOf(draft) });
      setDraft(EMPTY_DRAFT);
      return 'Departure added.';
    });
  const saveEdit = (departure: Departure) =>
    run(async () => {
      await put(departure, editing!.draft);
      setEditing(null);
      return 'Departure updated.';
    });
  const cancel = async (departure: Departure) => {
    const when = formatDepartureWhen(departure);
    const bookedNote = departure.seats_taken > 0 ? ' Its bookings stay listed in Contacts.' : '';
    if (
      !(await confirm({
        message: `Cancel the departure of ${when}? Visitors will see it as cancelled.${bookedNote}`,
        confirmLabel: 'Cancel departure',
      }))
    )
      return;
    await run(async () => {
      await put(departure, { ...draftOf(departure), status: 'cancelled' });
      return 'Departure cancelled.';
    });
  };
  const remove = async (departure: Departure) => {
    if (
      !(await confirm({
        message: `Delete the departure of ${formatDepartureWhen(departure)}?`,
        confirmLabel: 'Delete',
        tone: 'danger',
      }))
    )
      return;
    await run(async () => {
      await apiFetch(`/posts/${postId}/departures/${departure.id}`, { method: 'DELETE' });
      return 'Departure deleted.';
    });
  };

  const all = departures.data ?? [];
  const rows = all.slice(0, shown);
  const columns = canEdit ? 6 : 5;
  return (
    <Card title="Departures">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={withPast} onChange={(e) => setWithPast(e.target.checked)} />
        Show past departures
      </label>
      {departures.isError ? (
        <p className="text-sm text-red-700">The departures could not be loaded.</p>
      ) : all.length === 0 ? (
        <p className="text-sm text-slate-600">
          {departures.isPending ? 'Loading…' : withPast ? 'No departures.' : 'No upcoming departures.'}
        </p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5">
            <caption className="sr-only">{withPast ? 'Departures' : 'Upcoming departures'}</caption>
            <thead>
              <tr className="text-slate-600">
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">Price</th>
                <th scope="col">Seats left</th>
                <th scope="col">Status</th>
                {canEdit && (
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((d) =>
                editing?.id === d.id ? (
                  <tr key={d.id}>
                    <td colSpan={columns}>
                      <fieldset className="space-y-2 py-2">
                        <legend className="text-sm font-semibold text-slate-900">
                          Edit the departure of {formatDepartureWhen(d)}
                        </legend>
                        <div className="grid gap-2 sm:grid-cols-3">
                          <DepartureFields
                            prefix={`departure-${d.id}`}
                            value={editing.draft}
                            onChange={(next) => setEditing({ id: d.id, draft: next })}
                            onEnter={() => void saveEdit(d)}
                            currency={currency}
                            defaultNote={d.default_note ? { note: d.default_note, language: defaultLanguage } : null}
                          />
                        </div>
                        <div className="flex gap-2">
                          <button type="button" className="btn-primary" onClick={() => void saveEdit(d)}>
                            Save departure
                          </button>
                          <button type="button" className="btn-ghost" onClick={() => setEditing(null)}>
                            Discard
                          </button>
                        </div>
                      </fieldset>
                    </td>
                  </tr>
                ) : (
                  <tr key={d.id} className="border-t border-slate-100">
                    <td>
                      <span className="whitespace-nowrap">{formatDepartureDay(d.starts_on)}</span>
                      {d.note ? (
                        <span className="block text-xs text-slate-600">{d.note}</span>
                      ) : (
                        d.default_note && (
                          <span className="block text-xs text-slate-600">
                            <span lang={defaultLanguage}>{d.default_note}</span> ({englishLanguageName(defaultLanguage)}
                            )
                          </span>
                        )
                      )}
                    </td>
                    <td>{d.start_time ?? '—'}</td>
                    <td>{d.price === null ? 'Tour price' : formatPrice(d.price, currency)}</td>
                    <td className="whitespace-nowrap">{seatsLeft(d)}</td>
                    <td>{statusText(d)}</td>
                    {canEdit && (
                      <td className="whitespace-nowrap text-right">
                        <button
                          type="button"
                          className="btn-ghost px-2"
                          aria-label={`Edit the departure of ${formatDepartureWhen(d)}`}
                          onClick={() => setEditing({ id: d.id, draft: draftOf(d) })}
                        >
                          Edit
                        </button>
                        {d.status !== 'cancelled' && d.availability !== 'past' && (
                          <button
                            type="button"
                            className="btn-ghost px-2"
                            aria-label={`Cancel the departure of ${formatDepartureWhen(d)}`}
                            onClick={() => void cancel(d)}
                          >
                            Cancel
                          </button>
                        )}
                        {d.seats_taken === 0 && (
                          <button
                            type="button"
                            className="btn-ghost px-2"
                            aria-label={`Delete the departure of ${formatDepartureWhen(d)}`}
                            onClick={() => void remove(d)}
                          >
                            Delete
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                ),
              )}
            </tbody>
          </table>
          {all.length > rows.length && (
            <button type="button" className="btn-ghost mt-2" onClick={() => setShown(shown + PAGE)}>
              Show more departures ({all.length - rows.length} more)
            </button>
          )}
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {notice && (
        <p role="status" className="text-sm text-green-700">
          {notice}
        </p>
      )}
      {canEdit && (
        <>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">Add a departure</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              <DepartureFields
                prefix="departure-new"
                withStatus={false}
                value={draft}
                onChange={setDraft}
                onEnter={() => void addOne()}
                currency={currency}
              />
            </div>
            <button type="button" className="btn-secondary" onClick={() => void addOne()}>
              Add departure
            </button>
          </fieldset>
          <DepartureSeriesForm postId={postId} currency={currency} run={run} />
        </>
      )}
    </Card>
  );
}
