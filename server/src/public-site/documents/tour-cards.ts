import {
  approxPriceTitle,
  formatApproxPrice,
  formatDepartureDay,
  formatPrice,
  mediaUrl,
  siteWords,
  type DisplayCurrency,
} from '@tours-cms/contract';
import type { DepartureSummary, TourCard } from '../../modules/catalogue/catalogue.types.js';
import type { ResponsiveImageData } from '../../modules/media/media.service.js';
import { pictureHtml } from '../images/responsive-images.js';
import { fillHtml, html, raw, type Html } from '../rendering/html.js';
import type { DocumentLanguage } from './site-language.js';

/** The default language's addresses and its formats: what a document that names no language uses. */
export const DEFAULT_LANGUAGE: DocumentLanguage = { language: 'en', prefix: '' };

/** The public address of a tour, and of a category's catalogue (in a language: under its prefix, `/de`). */
export function tourPath(slug: string, prefix = ''): string {
  return `${prefix}/tours/${encodeURIComponent(slug)}`;
}

export function categoryPath(slug: string, prefix = ''): string {
  return `${prefix}/tours/category/${encodeURIComponent(slug)}`;
}

/**
 * A price in the site's currency: written in the document's language by the server (Intl: `en` "$79.00", `de`
 * "79,00 $"), the page's format for everyone (the page's script leaves it as written; issue 30: dates, numbers and
 * prices follow the page's language, not the browser's). With a display currency (the language's default), the converted price
 * comes first, rounded and marked approximate ("≈ US$96"), the real one beside it; the page's script writes it
 * again, in the same language, or takes it away, for the currency the visitor chose (admin/src/frame-runtime/site/display-currency.ts).
 */
export function priceHtml(price: number, currency: string, language = 'en', display?: DisplayCurrency | null): Html {
  const real = html`<data value="${price.toFixed(2)}" data-currency="${currency}">${formatPrice(price, currency, language)}</data>`;
  if (!display) return real;
  const title = approxPriceTitle(currency, display, siteWords(language).shell.approxTitle, language);
  return html`<span class="approx" title="${title}">${formatApproxPrice(price, display, language)}</span> ${real}`;
}

/**
 * The "from" price of a tour: the lowest price of a departure that can still be requested, else the tour's own.
 */
export function fromPrice(tourPrice: number | null, summary: DepartureSummary | undefined): number | null {
  return summary?.from_price ?? tourPrice;
}

/** "Next departure: Mon, 2 Mar 2099" (in the document's language), or nothing without one that can be requested. */
export function nextDepartureHtml(summary: DepartureSummary | undefined, language = 'en'): Html | null {
  if (!summary?.next_on) return null;
  return fillHtml(siteWords(language).tour.nextDeparture, {
    date: html`<time datetime="${summary.next_on}">${formatDepartureDay(summary.next_on, language)}</time>`,
  });
}

/** "From €79.00" ("ab 79,00 €"): the lowest price, in the document's words. */
export function fromPriceHtml(
  price: number,
  currency: string,
  language = 'en',
  display?: DisplayCurrency | null,
): Html {
  return fillHtml(siteWords(language).tour.from, { price: priceHtml(price, currency, language, display) });
}

/** How wide a card's picture is drawn: a third of the 72rem column on a desktop, half a tablet, a phone's width. */
const CARD_SIZES = '(min-width: 72rem) 22rem, (min-width: 40rem) 50vw, 100vw';

/**
 * One card of the catalogue or of "Related tours": a link to the tour over its image, title and summary. The
 * picture offers the image's variants up to 960 px (a card at twice the pixel density) over its thumbnail.
 */
export function tourCardHtml(
  card: TourCard,
  currency: string,
  headingLevel: 2 | 3 = 3,
  images: ReadonlyMap<string, ResponsiveImageData> = new Map(),
  summary?: DepartureSummary,
  { language, prefix, display }: DocumentLanguage = DEFAULT_LANGUAGE,
): Html {
  const price = fromPrice(card.price, summary);
  const next = nextDepartureHtml(summary, language);
  const imagePath = card.image_thumbnail_path ?? card.image_path;
  const image = imagePath
    ? pictureHtml(card.image_path ? images.get(card.image_path) : null, {
        src: mediaUrl(imagePath),
        // The image's own alternative text; without one it is decoration (the card's heading names the tour).
        alt: card.image_alt ?? '',
        sizes: CARD_SIZES,
        loading: 'lazy',
        width: 480,
        height: 360,
        maxWidth: 960,
      })
    : html`<div class="placeholder" aria-hidden="true"></div>`;
  const meta = [card.duration, card.location].filter((value): value is string => Boolean(value));
  const h = raw(`h${headingLevel}`);
  return html`<li><article class="card">
${image}
<div class="card-body">
<${h}><a href="${tourPath(card.slug, prefix)}">${card.title}</a></${h}>
${meta.length > 0 && html`<p class="meta">${meta.map((value) => html`<span>${value}</span>`)}</p>`}
${card.short_description && html`<p>${card.short_description}</p>`}
${next && html`<p class="card-next">${next}</p>`}
${price !== null && html`<p class="card-price">${fromPriceHtml(price, currency, language, display)}</p>`}
</div>
</article></li>`;
}
