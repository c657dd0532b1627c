import { useState } from 'react';
import type { DepartureSeriesInput, DepartureSeriesResult } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { enterRuns, Field, numberOrNull, TimePriceSeatsFields } from './departure-fields';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const EMPTY = { from: '', to: '', weekdays: [] as number[], start_time: '', price: '', seats_total: '' };

/**
 * "Add a weekly series": one departure on each chosen weekday between two days. `run` shows what happened (or the
 * server's refusal) and refreshes the list.
 */
export function DepartureSeriesForm({
  postId,
  currency,
  run,
}: {
  postId: number;
  currency: string;
  run: (work: () => Promise<string | null>) => Promise<void>;
}) {
  const [series, setSeries] = useState(EMPTY);
  const addSeries = () =>
    run(async () => {
      const body: DepartureSeriesInput = {
        from: series.from,
        to: series.to,
        weekdays: series.weekdays,
        start_time: series.start_time || null,
        price: numberOrNull(series.price),
        seats_total: numberOrNull(series.seats_total),
      };
      const result = await apiFetch<DepartureSeriesResult>(`/posts/${postId}/departures/series`, {
        method: 'POST',
        body,
      });
      return `Added ${result.created} ${result.created === 1 ? 'departure' : 'departures'}${
        result.skipped > 0 ? `; ${result.skipped} skipped (already there)` : ''
      }.`;
    });
  const onEnter = () => void addSeries();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">Add a weekly series</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(['from', 'to'] as const).map((key) => (
          <Field key={key} id={`departure-series-${key}`} label={key === 'from' ? 'From' : 'To'}>
            <input
              id={`departure-series-${key}`}
              type="date"
              className="input"
              value={series[key]}
              onChange={(e) => setSeries({ ...series, [key]: e.target.value })}
              onKeyDown={enterRuns(onEnter)}
            />
          </Field>
        ))}
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
        <TimePriceSeatsFields
          prefix="departure-series"
          value={series}
          onChange={(next) => setSeries({ ...series, ...next })}
          onEnter={onEnter}
          currency={currency}
        />
      </div>
      <button type="button" className="btn-secondary" onClick={onEnter}>
        Add series
      </button>
    </fieldset>
  );
}
