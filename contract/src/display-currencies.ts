/**
 * Display currencies (issue 30 item 5, docs/design/languages.md "Display currencies"): prices shown to visitors
 * converted into a currency of their choice, rounded and marked approximate ("≈ US$96"), beside the real price in
 * the site's currency. No imports: the public site's own script (admin/src/frame-runtime/site/) builds this file
 * into itself, so the server and the visitor's browser write the same text.
 */

/** A display currency as Settings keep it: the units of it one unit of the site's currency buys, set by hand. */
export interface DisplayCurrency {
  /** ISO 4217 (`USD`). */
  code: string;
  /** 1 unit of the site's currency = `rate` units of this one. */
  rate: number;
  /** When the rate was last set (ISO 8601 UTC), by the server when it changed. */
  rate_set_at: string;
}

/** A price in the site's currency converted at the rate, rounded to whole units. */
export function convertPrice(price: number, rate: number): number {
  return Math.round(price * rate);
}

/** "≈ US$96" (the locale's own way: `de` "≈ 96 $"): converted, rounded to whole units, marked approximate. */
export function formatApproxPrice(
  price: number,
  display: Pick<DisplayCurrency, 'code' | 'rate'>,
  locale?: string | readonly string[],
): string {
  const amount = new Intl.NumberFormat(locale as string | string[] | undefined, {
    style: 'currency',
    currency: display.code,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(convertPrice(price, display.rate));
  return `≈ ${amount}`;
}

/** The display currency a document in `language` shows its prices in when the visitor has chosen none, or null. */
export function languageDisplayCurrency(
  settings: { display_currencies: readonly DisplayCurrency[]; language_currencies: Readonly<Record<string, string>> },
  language: string,
): DisplayCurrency | null {
  const code = settings.language_currencies[language];
  return (code && settings.display_currencies.find((currency) => currency.code === code)) || null;
}

/** Where the public site's script keeps the visitor's choice (localStorage, the site's origin). */
export const DISPLAY_CURRENCY_STORAGE_KEY = 'tours-cms:display-currency';

/** The English title of an approximate price (the site's words, `shell.approxTitle`, in the source language). */
export const APPROX_PRICE_TITLE = 'Approximate: converted at 1 {site} = {rate} {code}, the rate of {date}';

/**
 * What an approximate price's title says of it: "Approximate: converted at 1 EUR = 1.08 USD, the rate of
 * 2026-11-27", or the same in the document's words (`text`, with `{site}`, `{rate}`, `{code}` and `{date}`), the rate
 * written in its language (`locale`: `de` "1,08"). The page's script writes it again with the text the document
 * gives it (`data-approx-title`), so this file stays without imports.
 */
export function approxPriceTitle(
  siteCurrency: string,
  display: Pick<DisplayCurrency, 'code' | 'rate' | 'rate_set_at'>,
  text: string = APPROX_PRICE_TITLE,
  locale?: string,
): string {
  let rate = String(display.rate);
  if (locale && !/^en(?:-|$)/i.test(locale)) {
    try {
      rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping: false }).format(display.rate);
    } catch {
      // An unknown locale: the rate as JavaScript writes it.
    }
  }
  const values: Record<string, string> = {
    site: siteCurrency,
    rate,
    code: display.code,
    date: display.rate_set_at.slice(0, 10),
  };
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
