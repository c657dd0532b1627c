import type { KeyboardEvent, ReactNode } from 'react';
import {
  DEPARTURE_STATUSES,
  SHORT_TEXT_MAX,
  type Departure,
  type DepartureInput,
  type DepartureStatus,
} from '@tours-cms/contract';
import { englishLanguageName } from '../../../components/translations/source-panel';

/** What a departure's fields hold while staff type: text as typed, read into numbers when sent. */
export interface DepartureDraft {
  starts_on: string;
  start_time: string;
  price: string;
  seats_total: string;
  status: DepartureStatus;
  note: string;
}

export const EMPTY_DRAFT: DepartureDraft = {
  starts_on: '',
  start_time: '',
  price: '',
  seats_total: '',
  status: 'open',
  note: '',
};

export const STATUS_LABELS: Record<DepartureStatus, string> = {
  open: 'Open',
  guaranteed: 'Guaranteed',
  cancelled: 'Cancelled',
};

/** A blank field is null (the tour's price, no seat limit); anything else is sent as typed for the server to judge. */
export const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export const draftOf = (d: Departure): DepartureDraft => ({
  starts_on: d.starts_on,
  start_time: d.start_time ?? '',
  price: d.price === null ? '' : String(d.price),
  seats_total: d.seats_total === null ? '' : String(d.seats_total),
  status: d.status,
  note: d.note ?? '',
});

/** The body of a POST or PUT: every field, blanks as null. */
export const bodyOf = (d: DepartureDraft): DepartureInput => ({
  starts_on: d.starts_on,
  start_time: d.start_time || null,
  price: numberOrNull(d.price),
  seats_total: numberOrNull(d.seats_total),
  status: d.status,
  note: d.note.trim() === '' ? null : d.note,
});

/** Enter in a departure's field acts on the departure, not the post's form around it. */
export const enterRuns = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    action();
  }
};

export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
    </div>
  );
}

interface FieldsProps<T extends Partial<DepartureDraft>> {
  /** Prefix of the inputs' ids: `departure-new`, `departure-12`... */
  prefix: string;
  value: T;
  onChange: (next: T) => void;
  /** What Enter in a field does (adds or saves the departure). */
  onEnter: () => void;
  currency: string;
}

/** Time, price and seats: the fields a single departure and a series share. */
export function TimePriceSeatsFields<T extends Pick<DepartureDraft, 'start_time' | 'price' | 'seats_total'>>({
  prefix,
  value,
  onChange,
  onEnter,
  currency,
}: FieldsProps<T>) {
  const text = (key: 'start_time' | 'price' | 'seats_total') => ({
    id: `${prefix}-${key === 'start_time' ? 'time' : key === 'price' ? 'price' : 'seats'}`,
    className: 'input',
    value: value[key],
    onChange: (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value }),
    onKeyDown: enterRuns(onEnter),
  });
  return (
    <>
      <Field id={`${prefix}-time`} label="Time">
        <input type="time" {...text('start_time')} />
      </Field>
      <Field id={`${prefix}-price`} label={`Price (${currency})`}>
        <input inputMode="decimal" placeholder="Tour price" {...text('price')} />
      </Field>
      <Field id={`${prefix}-seats`} label="Seats">
        <input inputMode="numeric" placeholder="No limit" {...text('seats_total')} />
      </Field>
    </>
  );
}

/** The default language's note a departure shows in this tour's language while it has none of its own (issue 30). */
export interface DefaultNote {
  note: string;
  language: string;
}

/**
 * Every field of one departure: date, time, price, seats, a note for staff and visitors and, when `withStatus`
 * (editing one: a new departure is open), its status. In a translation, the note is this language's, and the
 * default language's note, shown while it is empty, is named under it.
 */
export function DepartureFields({
  prefix,
  value,
  onChange,
  onEnter,
  currency,
  withStatus = true,
  defaultNote = null,
}: FieldsProps<DepartureDraft> & { withStatus?: boolean; defaultNote?: DefaultNote | null }) {
  return (
    <>
      <Field id={`${prefix}-date`} label="Date">
        <input
          id={`${prefix}-date`}
          type="date"
          className="input"
          value={value.starts_on}
          onChange={(e) => onChange({ ...value, starts_on: e.target.value })}
          onKeyDown={enterRuns(onEnter)}
        />
      </Field>
      <TimePriceSeatsFields prefix={prefix} value={value} onChange={onChange} onEnter={onEnter} currency={currency} />
      {withStatus && (
        <Field id={`${prefix}-status`} label="Departure status">
          <select
            id={`${prefix}-status`}
            className="input"
            value={value.status}
            onChange={(e) => onChange({ ...value, status: e.target.value as DepartureStatus })}
          >
            {DEPARTURE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="sm:col-span-3">
        <Field id={`${prefix}-note`} label="Note">
          <input
            id={`${prefix}-note`}
            className="input"
            maxLength={SHORT_TEXT_MAX}
            placeholder="Shown beside the date, such as “Full moon night”"
            value={value.note}
            onChange={(e) => onChange({ ...value, note: e.target.value })}
            onKeyDown={enterRuns(onEnter)}
            aria-describedby={defaultNote ? `${prefix}-note-default` : undefined}
          />
          {defaultNote && (
            <p id={`${prefix}-note-default`} className="mt-1 text-xs text-slate-600">
              Left empty, visitors see the {englishLanguageName(defaultNote.language)} note:{' '}
              <span lang={defaultNote.language}>“{defaultNote.note}”</span>
            </p>
          )}
        </Field>
      </div>
    </>
  );
}
