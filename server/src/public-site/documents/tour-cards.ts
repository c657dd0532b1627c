import { escapeHtml, formatPrice, mediaUrl } from '@tours-cms/contract';
import type { TourCard } from '../../modules/catalogue/catalogue.types.js';
import type { ResponsiveImageData } from '../../modules/media/media.service.js';
import { pictureHtml } from '../images/responsive-images.js';

/** The public address of a tour, and of a category's catalogue. */
export function tourPath(slug: string): string {
  return `/tours/${encodeURIComponent(slug)}`;
}

export function categoryPath(slug: string): string {
  return `/tours/category/${encodeURIComponent(slug)}`;
}

/**
 * A price in the site's currency: written in English by the server (visitors without scripts, search engines),
 * then in the visitor's own format by the page's script, which reads `value` and `data-currency`.
 */
export function priceHtml(price: number, currency: string): string {
  return `<data value="${price.toFixed(2)}" data-currency="${escapeHtml(currency)}">${escapeHtml(formatPrice(price, currency, 'en'))}</data>`;
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
): string {
  const imagePath = card.image_thumbnail_path ?? card.image_path;
  const image = imagePath
    ? pictureHtml(card.image_path ? images.get(card.image_path) : null, {
        src: mediaUrl(imagePath),
        alt: '',
        sizes: CARD_SIZES,
        loading: 'lazy',
        width: 480,
        height: 360,
        maxWidth: 960,
      })
    : '<div class="placeholder" aria-hidden="true"></div>';
  const meta = [card.duration, card.location].filter((value): value is string => Boolean(value));
  const h = `h${headingLevel}`;
  return `<li><article class="card">
${image}
<div class="card-body">
<${h}><a href="${escapeHtml(tourPath(card.slug))}">${escapeHtml(card.title)}</a></${h}>
${meta.length ? `<p class="meta">${meta.map((value) => `<span>${escapeHtml(value)}</span>`).join('')}</p>` : ''}
${card.short_description ? `<p>${escapeHtml(card.short_description)}</p>` : ''}
${card.price !== null ? `<p class="card-price">From ${priceHtml(card.price, currency)}</p>` : ''}
</div>
</article></li>`;
}
