import { PRICE_MAX } from './limits.js';

/** A price as typed, read: a number of the site's currency (null for a blank field), or why it cannot be read. */
export type PriceReading = { ok: true; value: number | null } | { ok: false; message: string };

/** What the field says of text that is not a price at all. */
export const PRICE_TEXT_MESSAGE = 'Type the price as a number, such as 35.50 or 35,50';

const refuse = (message: string): PriceReading => ({ ok: false, message });

/** True when `digits` is thousands written in groups: "1", "12", "1_234", "12_345_678" (with `mark` between). */
function isGrouped(digits: string, mark: string): boolean {
  const groups = digits.split(mark);
  return /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((group) => /^\d{3}$/.test(group));
}

/**
 * Reads a price as people type it in any of the usual ways: "35.50", "35,50", "1,234.50", "1.234,50", "1 234,50",
 * "1'234.50", "€ 35" (a currency sign or code around the number is ignored). A mark followed by one or two digits
 * is the decimal one; marks between groups of three digits group thousands (spaces and apostrophes only ever do).
 * What could be read two ways ("1.234": 1234 or 1.234?) or is malformed ("1.234,5,6") is refused with a reason,
 * never turned into another number.
 */
export function readPrice(text: string): PriceReading {
  if (text.trim() === '') return { ok: true, value: null };
  const number = text.trim().replace(/^[^\d.,-]+|[^\d.,]+$/g, '');
  if (number.startsWith('-')) return refuse('Price cannot be negative');
  // Spaces of any kind and apostrophes become one grouping mark, '_'.
  const marked = number.replace(/[\s\u00a0\u202f']+/g, '_');
  if (!/^[\d.,_]*\d[\d.,_]*$/.test(marked)) return refuse(PRICE_TEXT_MESSAGE);

  const count = (mark: string) => marked.split(mark).length - 1;
  const [dots, commas] = [count('.'), count(',')];
  let decimalMark: '.' | ',' | null = null;
  if (dots > 0 && commas > 0) {
    // Both marks: the last one is the decimal mark, and it appears once; the other groups thousands.
    decimalMark = marked.lastIndexOf('.') > marked.lastIndexOf(',') ? '.' : ',';
    if (count(decimalMark) !== 1) return refuse(PRICE_TEXT_MESSAGE);
  } else if (dots + commas === 1) {
    decimalMark = dots ? '.' : ',';
    const [integer, decimals] = marked.split(decimalMark) as [string, string];
    // One mark before three digits: "1.234" is 1234 to some and 1.234 to others.
    if (decimals.length === 3 && /[1-9]/.test(integer)) {
      const digits = integer.replace(/_/g, '');
      return refuse(
        `"${number}" could mean ${digits}${decimals} or ${digits}.${decimals}: type ${digits}${decimals}, or a price with at most two decimals`,
      );
    }
  }
  // With several of one mark ("1,234,567") there is no decimal mark: every mark groups.
  const [integerPart, decimals = ''] = decimalMark ? (marked.split(decimalMark) as [string, string]) : [marked];
  const groupMarks = new Set(integerPart.replace(/\d/g, ''));
  if (groupMarks.size > 1 || (groupMarks.size === 1 && !isGrouped(integerPart, [...groupMarks][0]!)))
    return refuse(PRICE_TEXT_MESSAGE);
  if (!/^\d*$/.test(decimals)) return refuse(PRICE_TEXT_MESSAGE);
  if (decimals.length > 2) return refuse('Price can have at most two decimal places');
  const value = Number(`${integerPart.replace(/\D/g, '') || '0'}.${decimals || '0'}`);
  if (value > PRICE_MAX) return refuse(`Price must be at most ${PRICE_MAX}`);
  return { ok: true, value: Math.round(value * 100) / 100 };
}
