import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatPrice,
  type Departure,
  type DepartureAvailability,
  type DepartureInput,
  type DepartureSeriesResult,
} from '@tours-cms/contract';
import { ApiError, apiFetch, errorMessage } from '../../../lib/api-client';
import { useSiteCurrency } from '../../../lib/site-currency';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Card } from './card';

const AVAILABILITY_LABELS: Record<DepartureAvailability, string> = {
  available: 'Available',
  limited: 'Limited',
  sold_out: 'Sold out',
  cancelled: 'Cancelled',
  past: 'Past',
};
/** Departures shown at first; "Show more departures" adds as many again. */
const PAGE = 20;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

interface Draft {
  starts_on: string;
  start_time: string;
  price: string;
  seats_total: string;
}
const EMPTY: Draft = { starts_on: '', start_time: '', price: '', seats_total: '' };
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const draftOf = (d: Departure): Draft => ({
  starts_on: d.starts_on,
  start_time: d.start_time ?? '',
  price: d.price === null ? '' : String(d.price),
  seats_total: d.seats_total === null ? '' : String(d.seats_total),
});

/** What went wrong with a write, naming the field the server named. */
function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.errors.length > 0)
    return error.errors.map((e) => `${e.field.replace('_', ' ')}: ${e.message}`).join('; ');
  return errorMessage(error, 'The departure could not be saved.');
}

/** Enter in a departure's field acts on the departure, not the post's form around it. */
const enterRuns = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    action();
  }
};

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The tour's departures (issue 29): its upcoming days with their price and seats, added one at a time or as a weekly
 * series, edited in place, cancelled, or deleted while nobody has booked. Each change is saved at once, apart from
 * the post's own Save.
 */
export function DeparturesCard({ postId, canEdit }: { postId: number; canEdit: boolean }) {
  const currency = useSiteCurrency();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const queryKey = ['posts', postId, 'departures'];
  const departures = useQuery({
    queryKey,
    queryFn: () => apiFetch<Departure[]>(`/posts/${postId}/departures`),
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [series, setSeries] = useState({ ...EMPTY, from: '', to: '', weekdays: [] as number[] });
  const [editing, setEditing] = useState<{ id: number; draft: Draft } | null>(null);
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
  const bodyOf = (d: Draft, status?: Departure['status']): DepartureInput => ({
    starts_on: d.starts_on,
    start_time: d.start_time || null,
    price: numberOrNull(d.price),
    seats_total: numberOrNull(d.seats_total),
    ...(status && { status }),
  });

  const addOne = () =>
    run(async () => {
      await apiFetch(`/posts/${postId}/departures`, { method: 'POST', body: bodyOf(draft) });
      setDraft(EMPTY);
      return 'Departure added.';
    });
  const addSeries = () =>
    run(async () => {
      const result = await apiFetch<DepartureSeriesResult>(`/posts/${postId}/departures/series`, {
        method: 'POST',
        body: {
          from: series.from,
          to: series.to,
          weekdays: series.weekdays,
          start_time: series.start_time || null,
          price: numberOrNull(series.price),
          seats_total: numberOrNull(series.seats_total),
        },
      });
      return `Added ${result.created} ${result.created === 1 ? 'departure' : 'departures'}${
        result.skipped > 0 ? `; ${result.skipped} skipped (already there)` : ''
      }.`;
    });
  const saveEdit = (departure: Departure) =>
    run(async () => {
      await apiFetch(`/posts/${postId}/departures/${departure.id}`, {
        method: 'PUT',
        body: { ...bodyOf(editing!.draft, departure.status), note: departure.note },
      });
      setEditing(null);
      return 'Departure updated.';
    });
  const cancel = async (departure: Departure) => {
    if (
      !(await confirm({ message: `Cancel the departure of ${departure.starts_on}?`, confirmLabel: 'Cancel departure' }))
    )
      return;
    await run(async () => {
      await apiFetch(`/posts/${postId}/departures/${departure.id}`, {
        method: 'PUT',
        body: { ...bodyOf(draftOf(departure), 'cancelled'), note: departure.note },
      });
      return 'Departure cancelled.';
    });
  };
  const remove = async (departure: Departure) => {
    if (
      !(await confirm({
        message: `Delete the departure of ${departure.starts_on}?`,
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

  const priceText = (price: number | null) => (price === null ? 'Tour price' : formatPrice(price, currency));
  const seatsLeft = (d: Departure) => (d.seats_total === null ? 'No limit' : String(d.seats_total - d.seats_taken));
  const draftFields = (prefix: string, value: Draft, set: (next: Draft) => void, action: () => void) => (
    <>
      <Field id={`${prefix}-date`} label="Date">
        <input
          id={`${prefix}-date`}
          type="date"
          className="input"
          value={value.starts_on}
          onChange={(e) => set({ ...value, starts_on: e.target.value })}
          onKeyDown={enterRuns(action)}
        />
      </Field>
      {timePriceSeats(prefix, value, set, action)}
    </>
  );
  const timePriceSeats = (prefix: string, value: Draft, set: (next: Draft) => void, action: () => void) => (
    <>
      <Field id={`${prefix}-time`} label="Time">
        <input
          id={`${prefix}-time`}
          type="time"
          className="input"
          value={value.start_time}
          onChange={(e) => set({ ...value, start_time: e.target.value })}
          onKeyDown={enterRuns(action)}
        />
      </Field>
      <Field id={`${prefix}-price`} label={`Price (${currency})`}>
        <input
          id={`${prefix}-price`}
          inputMode="decimal"
          className="input"
          placeholder="Tour price"
          value={value.price}
          onChange={(e) => set({ ...value, price: e.target.value })}
          onKeyDown={enterRuns(action)}
        />
      </Field>
      <Field id={`${prefix}-seats`} label="Seats">
        <input
          id={`${prefix}-seats`}
          inputMode="numeric"
          className="input"
          placeholder="No limit"
          value={value.seats_total}
          onChange={(e) => set({ ...value, seats_total: e.target.value })}
          onKeyDown={enterRuns(action)}
        />
      </Field>
    </>
  );

  const all = departures.data ?? [];
  const rows = all.slice(0, shown);
  return (
    <Card title="Departures">
      {departures.isError ? (
        <p className="text-sm text-red-700">The departures could not be loaded.</p>
      ) : all.length === 0 ? (
        <p className="text-sm text-slate-600">{departures.isPending ? 'Loading…' : 'No upcoming departures.'}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5">
            <caption className="sr-only">Upcoming departures</caption>
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
                    <td colSpan={canEdit ? 6 : 5}>
                      <div className="grid gap-2 py-2 sm:grid-cols-4">
                        {draftFields(
                          `departure-${d.id}`,
                          editing.draft,
                          (next) => setEditing({ id: d.id, draft: next }),
                          () => void saveEdit(d),
                        )}
                      </div>
                      <div className="flex gap-2">
                        <button type="button" className="btn-primary" onClick={() => void saveEdit(d)}>
                          Save departure
                        </button>
                        <button type="button" className="btn-ghost" onClick={() => setEditing(null)}>
                          Discard
                        </button>
                      </div>
                    </td>
                  </tr>
                ) : (
                  <tr key={d.id} className="border-t border-slate-100">
                    <td className="whitespace-nowrap">{d.starts_on}</td>
                    <td>{d.start_time ?? '—'}</td>
                    <td>{priceText(d.price)}</td>
                    <td>{seatsLeft(d)}</td>
                    <td>{AVAILABILITY_LABELS[d.availability]}</td>
                    {canEdit && (
                      <td className="whitespace-nowrap text-right">
                        <button
                          type="button"
                          className="btn-ghost px-2"
                          aria-label={`Edit the departure of ${d.starts_on}`}
                          onClick={() => setEditing({ id: d.id, draft: draftOf(d) })}
                        >
                          Edit
                        </button>
                        {d.status !== 'cancelled' && (
                          <button
                            type="button"
                            className="btn-ghost px-2"
                            aria-label={`Cancel the departure of ${d.starts_on}`}
                            onClick={() => void cancel(d)}
                          >
                            Cancel
                          </button>
                        )}
                        {d.seats_taken === 0 && (
                          <button
                            type="button"
                            className="btn-ghost px-2"
                            aria-label={`Delete the departure of ${d.starts_on}`}
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
            <div className="grid gap-2 sm:grid-cols-4">
              {draftFields('departure-new', draft, setDraft, () => void addOne())}
            </div>
            <button type="button" className="btn-secondary" onClick={() => void addOne()}>
              Add departure
            </button>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">Add a weekly series</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <Field id="departure-series-from" label="From">
                <input
                  id="departure-series-from"
                  type="date"
                  className="input"
                  value={series.from}
                  onChange={(e) => setSeries({ ...series, from: e.target.value })}
                  onKeyDown={enterRuns(() => void addSeries())}
                />
              </Field>
              <Field id="departure-series-to" label="To">
                <input
                  id="departure-series-to"
                  type="date"
                  className="input"
                  value={series.to}
                  onChange={(e) => setSeries({ ...series, to: e.target.value })}
                  onKeyDown={enterRuns(() => void addSeries())}
                />
              </Field>
            </div>
            <div role="group" aria-label="Weekdays" className="flex flex-wrap gap-3">
              {WEEKDAYS.map((short, index) => (
                <label key={short} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    aria-label={WEEKDAY_NAMES[index]}
                    checked={series.weekdays.includes(index + 1)}
                    onChange={(e) =>
                      setSeries({
                        ...series,
                        weekdays: e.target.checked
                          ? [...series.weekdays, index + 1].sort()
                          : series.weekdays.filter((day) => day !== index + 1),
                      })
                    }
                  />
                  {short}
                </label>
              ))}
            </div>
            <div className="grid gap-2 sm:grid-cols-3">
              {timePriceSeats(
                'departure-series',
                series,
                (next) => setSeries({ ...series, ...next }),
                () => void addSeries(),
              )}
            </div>
            <button type="button" className="btn-secondary" onClick={() => void addSeries()}>
              Add series
            </button>
          </fieldset>
        </>
      )}
    </Card>
  );
}
