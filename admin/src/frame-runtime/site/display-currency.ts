import {
  approxPriceTitle,
  DISPLAY_CURRENCY_STORAGE_KEY,
  formatApproxPrice,
} from '../../../../contract/src/display-currencies';

/**
 * The visitor's display currency on the site's own documents (issue 30 item 5): the "Show prices in" control
 * (`#display-currency`, written by the server with the site's currency and each display currency, its rate in
 * `data-rate`) applies a choice at once to every price (`data[data-currency]`): the converted price, rounded and
 * marked approximate, goes in front of it in a `.approx` element, or is taken away for the site's own currency.
 * The choice is kept in localStorage (this origin: the documents, never the sandboxed frames of staff HTML), so the
 * visitor's next pages open in it; until one is made, the document's default (its language's, as the server
 * wrote it) stands. A stored choice the site no longer offers is forgotten.
 */
export function startDisplayCurrency(): void {
  const select = document.querySelector<HTMLSelectElement>('select#display-currency');
  if (!select) return;
  const siteCurrency = select.getAttribute('data-site-currency') ?? '';
  // The converted price's title in the document's words, given by the document (site-shell.ts); else English.
  const title = select.getAttribute('data-approx-title') ?? undefined;
  // The document's language formats the converted price, as the server formats every other number of the page
  // (`<html lang>`, "≈ 85 $" on a German page); the visitor's browser locale plays no part.
  const locale = document.documentElement.lang || undefined;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(DISPLAY_CURRENCY_STORAGE_KEY);
  } catch {
    // Storage refused (a private window's settings): the choice lasts this page.
  }
  if (stored && Array.from(select.options).some((option) => option.value === stored)) select.value = stored;
  apply(select, siteCurrency, locale, title);
  select.addEventListener('change', () => {
    try {
      localStorage.setItem(DISPLAY_CURRENCY_STORAGE_KEY, select.value);
    } catch {
      // As above: the choice applies to this page only.
    }
    apply(select, siteCurrency, locale, title);
  });
}

function apply(
  select: HTMLSelectElement,
  siteCurrency: string,
  locale: string | undefined,
  title: string | undefined,
): void {
  const option = select.selectedOptions[0];
  const rate = Number(option?.getAttribute('data-rate'));
  const display =
    option && option.value !== siteCurrency && rate > 0
      ? { code: option.value, rate, rate_set_at: option.getAttribute('data-rate-set') ?? '' }
      : null;
  for (const price of document.querySelectorAll<HTMLDataElement>('data[data-currency]')) {
    const before = price.previousElementSibling;
    const approx = before?.classList.contains('approx') ? before : null;
    if (!display) {
      if (approx) {
        // The space written between the two goes with it.
        if (approx.nextSibling?.nodeType === Node.TEXT_NODE) approx.nextSibling.remove();
        approx.remove();
      }
      continue;
    }
    let text: string;
    try {
      text = formatApproxPrice(Number(price.value), display, locale);
    } catch {
      continue;
    }
    const element = approx ?? document.createElement('span');
    element.className = 'approx';
    element.textContent = text;
    element.setAttribute('title', approxPriceTitle(siteCurrency, display, title, locale));
    if (!approx) price.before(element, ' ');
  }
}
