import { describe, expect, it } from 'vitest';
import { approxPriceTitle, convertPrice, formatApproxPrice, languageDisplayCurrency } from './display-currencies.js';

const USD = { code: 'USD', rate: 1.08, rate_set_at: '2026-11-27T08:00:00.000Z' };

describe('display currencies', () => {
  it('converts at the rate and rounds to whole units, marked approximate in the reader’s format', () => {
    expect(convertPrice(79, 1.08)).toBe(85);
    expect(convertPrice(89, 1.08)).toBe(96);
    expect(formatApproxPrice(89, USD, 'en-GB')).toBe('≈ US$96');
    expect(formatApproxPrice(89, USD, 'en-US')).toBe('≈ $96');
    expect(formatApproxPrice(89, USD, 'de')).toBe('≈ 96\u00a0$');
    expect(formatApproxPrice(1234.5, { code: 'JPY', rate: 162.4 }, 'en-GB')).toBe('≈ JP¥200,483');
  });

  it('says how a price was converted, and which rate', () => {
    expect(approxPriceTitle('EUR', USD)).toBe('Approximate: converted at 1 EUR = 1.08 USD, the rate of 2026-11-27');
    // In a page's own words, its rate written that language's way.
    expect(approxPriceTitle('EUR', USD, 'Ungefähr: 1 {site} = {rate} {code} ({date})', 'de')).toBe(
      'Ungefähr: 1 EUR = 1,08 USD (2026-11-27)',
    );
  });

  it('finds a language’s default among the display currencies, else none', () => {
    const settings = { display_currencies: [USD], language_currencies: { 'en-US': 'USD', de: 'GBP' } };
    expect(languageDisplayCurrency(settings, 'en-US')).toEqual(USD);
    expect(languageDisplayCurrency(settings, 'de')).toBeNull();
    expect(languageDisplayCurrency(settings, 'en')).toBeNull();
  });
});
