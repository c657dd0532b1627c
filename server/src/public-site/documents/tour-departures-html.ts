import {
  formatDepartureDay,
  pluralWords,
  siteWords,
  type Departure,
  type DisplayCurrency,
  type SiteWords,
} from '@tours-cms/contract';
import { priceHtml } from './tour-cards.js';
import { html, type Html } from '../rendering/html.js';

/**
 * A departure's note in the document's language or, while it has none, the default language's, marked with that
 * language so that a screen reader reads it as written (issue 30).
 */
function noteHtml(departure: Departure, language: string, defaultLanguage: string): Html | null {
  if (departure.note) return html`<span class="departure-note">${departure.note}</span>`;
  if (!departure.default_note) return null;
  return html`<span class="departure-note"${language === defaultLanguage ? '' : html` lang="${defaultLanguage}"`}>${departure.default_note}</span>`;
}

/** What a departure's line says about its seats (in the document's language): "3 seats left", "Sold out"... */
function availabilityHtml(departure: Departure, words: SiteWords['departures'], language: string): Html | null {
  switch (departure.availability) {
    case 'limited': {
      const left = (departure.seats_total ?? 0) - departure.seats_taken;
      return html`<strong class="departure-limited">${pluralWords(language, words.seatsLeft, left)}</strong>`;
    }
    case 'sold_out':
      return html`<strong class="departure-closed">${words.soldOut}</strong>`;
    case 'cancelled':
      return html`<strong class="departure-closed">${words.cancelled}</strong>`;
    case 'past':
      return html`<span class="departure-closed">${words.past}</span>`;
    default:
      return html`<span>${departure.status === 'guaranteed' ? words.guaranteed : words.available}</span>`;
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
  links: {
    /** Where "Request this date" leads for a departure (the tour's request form with it chosen). */
    requestHref?: (departure: Departure) => string;
    /** The plain link to every upcoming date ("Show more dates"), when more than these are upcoming. */
    moreHref?: string | null;
  } = {},
  /** The document's language: how its days and prices are written (Intl). */
  language = 'en',
  /** The display currency its prices are also shown in, approximately (the language's default), or none. */
  display: DisplayCurrency | null = null,
  /** The site's default language, whose note a departure without one in `language` shows (marked as such). */
  defaultLanguage = language,
): Html | null {
  const { requestHref, moreHref } = links;
  if (departures.length === 0) return null;
  const words = siteWords(language).departures;
  const rows = departures.map((departure) => {
    const price = departure.price ?? tourPrice;
    return html`<tr>
<th scope="row"><time datetime="${departure.starts_on}${departure.start_time ? `T${departure.start_time}` : ''}">${formatDepartureDay(departure.starts_on, language)}</time>${noteHtml(departure, language, defaultLanguage)}</th>
<td>${departure.start_time ?? ''}</td>
<td>${price === null ? '' : priceHtml(price, currency, language, display)}</td>
<td>${availabilityHtml(departure, words, language)}</td>
${requestHref && html`<td>${bookable(departure) && html`<a class="request-date" href="${requestHref(departure)}">${words.requestThisDate}<span class="visually-hidden"> (${formatDepartureDay(departure.starts_on, language)}${departure.start_time ? ` ${departure.start_time}` : ''})</span></a>`}</td>`}
</tr>`;
  });
  return html`<section id="dates" class="section tour-section" aria-labelledby="dates-heading">
<h2 id="dates-heading">${words.heading}</h2>
<table class="departures">
<thead><tr><th scope="col">${words.date}</th><th scope="col">${words.time}</th><th scope="col">${words.price}</th><th scope="col">${words.availability}</th>${requestHref && html`<th scope="col"><span class="visually-hidden">${words.request}</span></th>`}</tr></thead>
<tbody>${rows}</tbody>
</table>
${moreHref && html`<p class="departures-more"><a href="${moreHref}">${words.showMoreDates}</a></p>`}
</section>`;
}
