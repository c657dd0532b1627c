import type { Departure } from '@tours-cms/contract';
import { priceHtml } from './tour-cards.js';
import { html, type Html } from '../rendering/html.js';

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A departure's day as a visitor reads it: "Mon, 2 Mar 2099" (the day is already the site's, so no zone shift). */
export function departureDayText(day: string): string {
  return DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));
}

/** What a departure's line says about its seats: nothing when there is room, else how it stands. */
function availabilityHtml(departure: Departure): Html | null {
  switch (departure.availability) {
    case 'limited': {
      const left = (departure.seats_total ?? 0) - departure.seats_taken;
      return html`<strong class="departure-limited">${left} ${left === 1 ? 'seat' : 'seats'} left</strong>`;
    }
    case 'sold_out':
      return html`<strong class="departure-closed">Sold out</strong>`;
    case 'cancelled':
      return html`<strong class="departure-closed">Cancelled</strong>`;
    case 'past':
      return html`<span class="departure-closed">Past</span>`;
    default:
      return departure.status === 'guaranteed' ? html`<span>Guaranteed</span>` : html`<span>Available</span>`;
  }
}

/** Only open departures with room can be requested (sold-out, cancelled and past ones are marked instead). */
const bookable = (departure: Departure) =>
  departure.availability === 'available' || departure.availability === 'limited';

/**
 * "Dates and prices" on a tour page (issue 29): the next departures with their day and time, their price (the
 * tour's when a departure has none) in the site's currency, and how their seats stand. Nothing without departures.
 */
export function tourDeparturesHtml(
  departures: Departure[],
  currency: string,
  tourPrice: number | null,
  /** Where "Request this date" leads for a departure (the tour's request form with it chosen). */
  requestHref?: (departure: Departure) => string,
): Html | null {
  if (departures.length === 0) return null;
  const rows = departures.map((departure) => {
    const price = departure.price ?? tourPrice;
    return html`<tr>
<th scope="row"><time datetime="${departure.starts_on}${departure.start_time ? `T${departure.start_time}` : ''}">${departureDayText(departure.starts_on)}</time></th>
<td>${departure.start_time ?? ''}</td>
<td>${price === null ? '' : priceHtml(price, currency)}</td>
<td>${availabilityHtml(departure)}</td>
${requestHref && html`<td>${bookable(departure) && html`<a class="request-date" href="${requestHref(departure)}">Request this date<span class="visually-hidden"> (${departureDayText(departure.starts_on)}${departure.start_time ? ` ${departure.start_time}` : ''})</span></a>`}</td>`}
</tr>`;
  });
  return html`<section id="dates" class="section tour-section" aria-labelledby="dates-heading">
<h2 id="dates-heading">Dates and prices</h2>
<table class="departures">
<thead><tr><th scope="col">Date</th><th scope="col">Time</th><th scope="col">Price</th><th scope="col">Availability</th>${requestHref && html`<th scope="col"><span class="visually-hidden">Request</span></th>`}</tr></thead>
<tbody>${rows}</tbody>
</table>
</section>`;
}
