import { contactInputSchema, departureInputSchema, departureSeriesInputSchema } from '@tours-cms/contract';
import type { SessionUser } from '@tours-cms/contract';
import type { Services } from '../services.js';
import { DEMO_BOOKING_REQUESTS } from './demo-content.js';

/** The weekdays (1 Monday … 7 Sunday) and start time each demo tour runs on, by its place in the list. */
const SCHEDULES = [
  { weekdays: [2, 4, 6], start_time: '18:30', seats_total: 12 },
  { weekdays: [6, 7], start_time: '06:00', seats_total: 8 },
  { weekdays: [1, 3, 5, 7], start_time: '10:00', seats_total: 16 },
  { weekdays: [5, 6], start_time: '19:00', seats_total: 10 },
  { weekdays: [3, 7], start_time: '09:00', seats_total: 20 },
  { weekdays: [6], start_time: '08:00', seats_total: 8 },
] as const;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Departures for the demo's tours over the next three months, through the departures service: a weekly series per
 * tour, the first few tours with a nearly full date (fewer than five seats) and the first tour with one sold out,
 * and a dearer date in the high season of one tour so its offers show a range of prices.
 */
export async function seedDemoDepartures(
  services: Services,
  tours: { id: number; price: number | null }[],
  author: SessionUser,
): Promise<void> {
  const { departures } = services;
  const today = (await departures.now()).day;
  for (const [index, tour] of tours.entries()) {
    const schedule = SCHEDULES[index % SCHEDULES.length]!;
    await departures.createSeries(
      tour.id,
      departureSeriesInputSchema.parse({
        from: addDays(today, 1),
        to: addDays(today, 91),
        weekdays: schedule.weekdays,
        start_time: schedule.start_time,
        price: null,
        seats_total: schedule.seats_total,
      }),
      author,
    );
    const listed = await departures.list(tour.id);
    const change = async (at: number, changes: object) => {
      const departure = listed[at];
      if (!departure) return;
      const { starts_on, start_time, price, seats_total, status, note } = departure;
      await departures.update(
        tour.id,
        departure.id,
        departureInputSchema.parse({ starts_on, start_time, price, seats_total, status, note, ...changes }),
        author,
      );
    };
    // Until booking requests are confirmed, "nearly full" and "sold out" are dates with few seats on offer.
    if (index < 3) await change(1, { seats_total: 3, note: 'Last few seats' });
    if (index === 0) {
      await change(0, { status: 'guaranteed', note: 'Guaranteed to run' });
      await change(2, { seats_total: 0, note: 'Booked by a private group' });
      if (tour.price !== null) await change(4, { price: tour.price + 20, note: 'Full moon sail' });
    }
  }
}

/** The demo's departure notes (seedDemoDepartures) as its German tours say them. */
const GERMAN_NOTES: Record<string, string> = {
  'Last few seats': 'Nur noch wenige Plätze',
  'Guaranteed to run': 'Findet garantiert statt',
  'Booked by a private group': 'Von einer privaten Gruppe gebucht',
  'Full moon sail': 'Segeln bei Vollmond',
};

/** A German tour's departure notes, in German (issue 30: each language has its own; English is the default's). */
export async function seedDemoGermanNotes(
  services: Services,
  germanTourId: number,
  author: SessionUser,
): Promise<void> {
  const { departures } = services;
  for (const departure of await departures.list(germanTourId)) {
    const note = departure.default_note && GERMAN_NOTES[departure.default_note];
    if (!note) continue;
    const { starts_on, start_time, price, seats_total, status } = departure;
    await departures.update(
      germanTourId,
      departure.id,
      departureInputSchema.parse({ starts_on, start_time, price, seats_total, status, note }),
      author,
    );
  }
}

/**
 * The demo's booking requests waiting in Contacts (DEMO_BOOKING_REQUESTS), received as the tour page receives a
 * visitor's (the same checks of the date and the seats left) but telling no one by e-mail: nobody sent them.
 */
export async function seedDemoBookingRequests(
  services: Services,
  tours: { id: number; slug: string; title: string }[],
): Promise<void> {
  const { departures, contacts } = services;
  for (const { tour: slug, from, address, ...request } of DEMO_BOOKING_REQUESTS) {
    const tour = tours.find((t) => t.slug === slug)!;
    const party = request.adults + request.children;
    const departure = (await departures.list(tour.id))
      .slice(from)
      .find(
        (d) => d.availability === 'available' && (d.seats_total === null || d.seats_total - d.seats_taken >= party),
      );
    if (!departure) continue;
    await contacts.receive(
      contactInputSchema.parse({
        ...request,
        subject: `Tour: ${tour.title}`,
        post_id: tour.id,
        departure_id: departure.id,
      }),
      address,
      { notify: false },
    );
  }
}
