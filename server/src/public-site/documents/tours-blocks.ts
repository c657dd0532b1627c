import { readToursBlock, type ToursBlock, type ToursBlockKind } from '@tours-cms/contract';
import type { TourCard } from '../../modules/catalogue/catalogue.types.js';
import type { ResponsiveImageData } from '../../modules/media/media.service.js';
import { html } from '../rendering/html.js';
import { tourCardHtml } from './tour-cards.js';
import type { DocumentLanguage } from './site-language.js';

/**
 * "Tours" blocks placed in a page's or a tour's content (contract tours-block.ts), replaced by the tours' cards as
 * the catalogue shows them, with their price in the site's currency. Read at each render: a tour's change (a
 * 'post' site change) drops the rendered pages. A block with no tour to show leaves nothing.
 */
const PLACEMENT = /<div\s+data-tours="(newest|category|chosen)"([^>]*)>[^<]*<\/div>/gi;

/** The blocks the content places, in order. */
export function placedToursBlocks(content: string): ToursBlock[] {
  if (!content.includes('data-tours')) return [];
  return [...content.matchAll(PLACEMENT)].map((match) => readToursBlock(match[1] as ToursBlockKind, match[2]!));
}

/** The content with each block's cards, in the order of placedToursBlocks. */
export function withToursBlocks(
  content: string,
  cards: readonly TourCard[][],
  currency: string,
  images: ReadonlyMap<string, ResponsiveImageData> = new Map(),
  lang?: DocumentLanguage,
): string {
  let at = 0;
  return content.replace(PLACEMENT, () => {
    const tours = cards[at++] ?? [];
    if (tours.length === 0) return '';
    return String(
      html`<ul class="tcms-tours">${tours.map((card) => tourCardHtml(card, currency, 3, images, undefined, lang))}</ul>`,
    );
  });
}
