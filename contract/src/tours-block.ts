/**
 * A "Tours" block placed in a page's or a tour's content: the newest tours, a category's newest, or chosen ones,
 * shown by the site as cards with their price in the site's currency, read when the page is rendered (a change to
 * a tour shows at once). The editors insert `<div data-tours="newest" data-count="3">…</div>`; its text only names
 * the block for the editor.
 */
export const TOURS_BLOCK_KINDS = ['newest', 'category', 'chosen'] as const;
export type ToursBlockKind = (typeof TOURS_BLOCK_KINDS)[number];
export const TOURS_BLOCK_MAX = 12;
export const TOURS_BLOCK_DEFAULT_COUNT = 3;

export interface ToursBlock {
  kind: ToursBlockKind;
  /** How many cards at most (newest and category). */
  count: number;
  /** The category's slug (category). */
  category?: string;
  /** The tours' ids, in the order shown (chosen). */
  ids?: number[];
}

/** What the editor shows in place of the block. */
export function toursBlockLabel(block: ToursBlock): string {
  if (block.kind === 'chosen') return `Tours: ${block.ids?.length ?? 0} chosen`;
  if (block.kind === 'category') return `Tours: the ${block.count} newest of ${block.category ?? ''}`;
  return `Tours: the ${block.count} newest`;
}

function attribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The block's placement in content. */
export function toursBlockHtml(block: ToursBlock): string {
  const extra =
    block.kind === 'chosen'
      ? ` data-ids="${(block.ids ?? []).join(',')}"`
      : block.kind === 'category'
        ? ` data-category="${attribute(block.category ?? '')}" data-count="${block.count}"`
        : ` data-count="${block.count}"`;
  return `<div data-tours="${block.kind}"${extra} contenteditable="false">${attribute(toursBlockLabel(block))}</div>`;
}

/** A placement's attributes (the text after `data-tours="kind"`) read back; out-of-range counts are bounded. */
export function readToursBlock(kind: ToursBlockKind, attributes: string): ToursBlock {
  const read = (name: string) => new RegExp(`\\sdata-${name}="([^"]*)"`).exec(attributes)?.[1];
  const count = Math.min(TOURS_BLOCK_MAX, Math.max(1, Number(read('count')) || TOURS_BLOCK_DEFAULT_COUNT));
  const ids = (read('ids') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0)
    .slice(0, TOURS_BLOCK_MAX);
  const category = read('category')?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return { kind, count, ...(kind === 'category' ? { category } : {}), ...(kind === 'chosen' ? { ids } : {}) };
}
