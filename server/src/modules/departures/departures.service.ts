import {
  DEPARTURE_LIMITED_BELOW,
  type Departure,
  type DepartureAvailability,
  type DepartureData,
  type DepartureSeriesData,
  type DepartureSeriesResult,
} from '@tours-cms/contract';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction, lockKey } from '../../db/transaction.js';
import { HttpError, invalidField, notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import type { SiteChanges } from '../../core/site-changes.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { TrashService } from '../trash/trash.service.js';
import * as repo from './departures.repository.js';
import type { DepartureRow } from './departures.repository.js';

export interface DeparturesDeps {
  db: Db;
  settings: SettingsService;
  siteChanges: SiteChanges;
  activity: ActivityService;
  trash: TrashService;
}

// Making a DateTimeFormat costs about a millisecond, and every catalogue render asks for "now": one a time zone.
const localFormats = new Map<string, Intl.DateTimeFormat>();

function localFormat(timeZone: string): Intl.DateTimeFormat {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  return format;
}

/** "Now" in a time zone as `YYYY-MM-DD` and `HH:MM`. */
export function localNow(timeZone: string, at: Date = new Date()): { day: string; time: string } {
  const parts = Object.fromEntries(
    localFormat(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** What a visitor can do with a departure now: cancelled and past first, then by the seats left. */
export function availabilityOf(
  departure: Pick<DepartureRow, 'status' | 'starts_on' | 'start_time' | 'seats_total' | 'seats_taken'>,
  now: { day: string; time: string },
): DepartureAvailability {
  if (departure.status === 'cancelled') return 'cancelled';
  if (
    departure.starts_on < now.day ||
    (departure.starts_on === now.day && departure.start_time !== null && departure.start_time <= now.time)
  )
    return 'past';
  if (departure.seats_total === null) return 'available';
  const left = departure.seats_total - departure.seats_taken;
  if (left <= 0) return 'sold_out';
  return left < DEPARTURE_LIMITED_BELOW ? 'limited' : 'available';
}

/** ISO weekday of a YYYY-MM-DD day: 1 Monday … 7 Sunday. */
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const when = (d: { starts_on: string; start_time: string | null }) =>
  d.start_time ? `${d.starts_on} ${d.start_time}` : d.starts_on;

/**
 * A tour's departures (issue 29): the days it runs, each with its own price and seats, read by every signed-in role
 * and written by editors. Each write is in the activity log as a change of the tour, and reaches the site at once.
 */
export function createDeparturesService({ db, settings, siteChanges, activity, trash }: DeparturesDeps) {
  // A tour purged from the trash takes its departures with it (they wait there for a restore until then).
  trash.onPurge('post', (tx, postId) => repo.deleteDeparturesOf(tx, postId));

  /** "Now" in the site's time zone, and the site's default language: what reading departures needs. */
  async function siteNow(tx: Db = db) {
    const site = await settings.get(tx);
    return { at: localNow(site.timezone), defaultLanguage: site.default_language };
  }

  async function now(tx: Db = db) {
    return (await siteNow(tx)).at;
  }

  /**
   * Departures as read through a tour in `language` (issue 30): the default language's note is the departure's
   * own column; another language has its own notes (departure_notes), and sees the default's as `default_note`.
   */
  async function answers(
    tx: Db,
    rows: DepartureRow[],
    language: string | null,
    site: { at: { day: string; time: string }; defaultLanguage: string },
  ): Promise<Departure[]> {
    const other = language !== null && language !== site.defaultLanguage ? language : null;
    const own =
      other === null
        ? null
        : await repo.notesIn(
            tx,
            rows.map((row) => row.id),
            other,
          );
    return rows.map((row) => ({
      ...row,
      note: own ? (own.get(row.id) ?? null) : row.note,
      default_note: own ? row.note : null,
      availability: availabilityOf(row, site.at),
    }));
  }

  /**
   * True when the tour is in the site's default language, whose note is the departure's own column; a write through
   * another language leaves that column and sets the language's note.
   */
  async function inDefaultLanguage(tx: Db, tour: { language: string }): Promise<boolean> {
    return tour.language === (await siteNow(tx)).defaultLanguage;
  }

  async function tourOf(tx: Db, postId: number) {
    const tour = await repo.findTour(tx, postId);
    if (!tour) throw notFound('Post');
    return tour;
  }

  /** A departure of the tour's (any translation's: they share them), by the id they are kept under. */
  async function get(postId: number, id: number): Promise<Departure> {
    const tour = await repo.findTour(db, postId);
    const row = tour && (await repo.findDeparture(db, tour.owner, id));
    if (!row) throw notFound('Departure');
    const [departure] = await answers(db, [row], tour.language, await siteNow());
    return departure!;
  }

  let lastDay: string | null = null;

  return {
    get,

    /** A departure by its id alone, with its availability now (a booking request's check), or undefined. */
    async forBooking(id: number, tx: Db = db): Promise<Departure | undefined> {
      const row = await repo.findDepartureById(tx, id);
      return row && (await answers(tx, [row], null, await siteNow(tx)))[0];
    },

    /** Takes a confirmed booking's seats in the caller's transaction; false when they do not fit (nothing taken). */
    takeSeats: (tx: Db, id: number, seats: number): Promise<boolean> => repo.takeSeats(tx, id, seats, nowIso()),

    /** Gives a cancelled booking's seats back, in the caller's transaction. */
    giveSeats: (tx: Db, id: number, seats: number): Promise<void> => repo.giveSeats(tx, id, seats, nowIso()),

    /** Tells the site that seats changed (after the transaction that changed them committed). */
    seatsChanged: (): void => siteChanges.changed('post'),

    /** The day and time now in the site's time zone, as departures are compared with it. */
    now: () => now(),

    /**
     * Called by the periodic jobs: when the site's day has turned since the last call, yesterday's departures are
     * past, so pages that list them are dropped (the site-change signal, to every node). True when it signalled.
     */
    async noticeDay(day?: string): Promise<boolean> {
      const today = day ?? (await now()).day;
      const turned = lastDay !== null && lastDay !== today;
      lastDay = today;
      if (turned) siteChanges.changed('post');
      return turned;
    },

    /**
     * The id a tour's departures are kept under (its translation group's, issue 30), or undefined when there is no
     * such tour: a German tour books the English item's departures.
     */
    async ownerOf(postId: number, tx: Db = db): Promise<number | undefined> {
      return (await repo.findTour(tx, postId))?.owner;
    },

    /**
     * A tour page's "Dates and prices": the next departures (cancelled ones too, marked), without a tour check.
     * `postId` is the id they are kept under: the tour's translation group's; `language` the page's.
     */
    async upcoming(postId: number, limit: number, language: string): Promise<Departure[]> {
      const site = await siteNow();
      const rows = await repo.listDepartures(db, postId, { from: site.at.day, limit: limit + 8 });
      return (await answers(db, rows, language, site))
        .filter((departure) => departure.availability !== 'past')
        .slice(0, limit);
    },

    /** A tour's departures from today on in the site's time zone (or from `from`), to `to`, by day and time. */
    async list(postId: number, range: { from?: string; to?: string; limit?: number } = {}): Promise<Departure[]> {
      const tour = await tourOf(db, postId);
      const site = await siteNow();
      const rows = await repo.listDepartures(db, tour.owner, { ...range, from: range.from ?? site.at.day });
      return answers(db, rows, tour.language, site);
    },

    async create(postId: number, input: DepartureData, actor: Actor): Promise<Departure> {
      const stamp = nowIso();
      const id = await inTransaction(db, async (tx) => {
        const tour = await tourOf(tx, postId);
        const own = await inDefaultLanguage(tx, tour);
        const [departureId] = await repo.insertDepartures(tx, [
          {
            ...input,
            note: own ? input.note : null,
            post_id: tour.owner,
            seats_taken: 0,
            created_at: stamp,
            updated_at: stamp,
          },
        ]);
        if (!own) await repo.setNote(tx, departureId!, tour.language, input.note);
        await activity.record(tx, actor, {
          action: 'update',
          itemType: 'post',
          itemId: postId,
          title: tour.title,
          summary: `Added the departure of ${when(input)}`,
        });
        return departureId!;
      });
      siteChanges.changed('post');
      return get(postId, id);
    },

    /** Changes a departure; its seats cannot go below those already taken (422 on `seats_total`). */
    async update(postId: number, id: number, input: DepartureData, actor: Actor): Promise<Departure> {
      await inTransaction(db, async (tx) => {
        const tour = await tourOf(tx, postId);
        const before = await repo.lockDeparture(tx, tour.owner, id);
        if (!before) throw notFound('Departure');
        if (input.seats_total !== null && input.seats_total < before.seats_taken)
          throw invalidField(
            'seats_total',
            `Seats cannot be fewer than the ${before.seats_taken} already taken by confirmed bookings`,
          );
        const own = await inDefaultLanguage(tx, tour);
        await repo.updateDeparture(tx, tour.owner, id, {
          ...input,
          note: own ? input.note : before.note,
          updated_at: nowIso(),
        });
        if (!own) await repo.setNote(tx, id, tour.language, input.note);
        const cancelled = input.status === 'cancelled' && before.status !== 'cancelled';
        await activity.record(tx, actor, {
          action: 'update',
          itemType: 'post',
          itemId: postId,
          title: tour.title,
          summary: `${cancelled ? 'Cancelled' : 'Changed'} the departure of ${when(input)}`,
        });
      });
      siteChanges.changed('post');
      return get(postId, id);
    },

    /** Deletes a departure without bookings; one with seats taken answers 409 saying how many (cancel it instead). */
    async remove(postId: number, id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const tour = await tourOf(tx, postId);
        const departure = await repo.lockDeparture(tx, tour.owner, id);
        if (!departure) throw notFound('Departure');
        if (departure.seats_taken > 0)
          throw new HttpError(
            409,
            `This departure has ${departure.seats_taken} ${departure.seats_taken === 1 ? 'seat' : 'seats'} booked; cancel it instead`,
            undefined,
            undefined,
            { seats_taken: departure.seats_taken },
          );
        await repo.deleteDeparture(tx, tour.owner, id);
        await activity.record(tx, actor, {
          action: 'update',
          itemType: 'post',
          itemId: postId,
          title: tour.title,
          summary: `Deleted the departure of ${when(departure)}`,
        });
      });
      siteChanges.changed('post');
    },

    /**
     * One departure on each chosen weekday from `from` to `to`; days that already have one at that time are
     * skipped and counted. Series on one tour run one at a time, so two at once cannot both add a day.
     */
    async createSeries(postId: number, input: DepartureSeriesData, actor: Actor): Promise<DepartureSeriesResult> {
      const weekdays = new Set(input.weekdays);
      const result = await inTransaction(db, async (tx) => {
        const tour = await tourOf(tx, postId);
        await lockKey(tx, `departures:${tour.owner}`);
        const taken = await repo.existingSlots(tx, tour.owner, input.from, input.to);
        const stamp = nowIso();
        const rows = [];
        let skipped = 0;
        for (let day = input.from; day <= input.to; day = nextDay(day)) {
          if (!weekdays.has(isoWeekday(day))) continue;
          if (taken.has(`${day} ${input.start_time ?? ''}`)) {
            skipped += 1;
            continue;
          }
          rows.push({
            post_id: tour.owner,
            starts_on: day,
            start_time: input.start_time,
            price: input.price,
            seats_total: input.seats_total,
            seats_taken: 0,
            status: 'open' as const,
            note: null,
            created_at: stamp,
            updated_at: stamp,
          });
        }
        for (let i = 0; i < rows.length; i += 100) await repo.insertDepartures(tx, rows.slice(i, i + 100));
        if (rows.length > 0)
          await activity.record(tx, actor, {
            action: 'update',
            itemType: 'post',
            itemId: postId,
            title: tour.title,
            summary: `Added ${rows.length} ${rows.length === 1 ? 'departure' : 'departures'} from ${input.from} to ${input.to}`,
          });
        return { created: rows.length, skipped };
      });
      if (result.created > 0) siteChanges.changed('post');
      return result;
    },
  };
}

export type DeparturesService = ReturnType<typeof createDeparturesService>;
