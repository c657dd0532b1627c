import { describe, expect, it } from 'vitest';
import { PRICE_TEXT_MESSAGE, readPrice } from './price-text.js';

const value = (text: string) => {
  const reading = readPrice(text);
  return reading.ok ? reading.value : reading.message;
};

describe('readPrice', () => {
  it('reads a decimal point or a decimal comma as people type them', () => {
    expect(value('35.50')).toBe(35.5);
    expect(value('35,50')).toBe(35.5);
    expect(value('35,5')).toBe(35.5);
    expect(value('35')).toBe(35);
    expect(value('0,99')).toBe(0.99);
    expect(value(',50')).toBe(0.5);
    expect(value('35.')).toBe(35);
  });

  it('reads thousands separators in the usual styles', () => {
    expect(value('1,234.50')).toBe(1234.5);
    expect(value('1.234,50')).toBe(1234.5);
    expect(value('1 234,50')).toBe(1234.5);
    expect(value('1\u00a0234,50')).toBe(1234.5);
    expect(value("1'234.50")).toBe(1234.5);
    expect(value('1,234,567')).toBe(1234567);
    expect(value('1.234.567,89')).toBe(1234567.89);
  });

  it('ignores a currency sign or code around the number, and blank is no price', () => {
    expect(value('€ 35,50')).toBe(35.5);
    expect(value('35.50 EUR')).toBe(35.5);
    expect(value('US$96')).toBe(96);
    expect(value('   ')).toBeNull();
  });

  it('refuses what could be read two ways instead of guessing', () => {
    expect(value('1.234')).toBe('"1.234" could mean 1234 or 1.234: type 1234, or a price with at most two decimals');
    expect(value('1,234')).toContain('could mean 1234 or 1.234');
    expect(value('0.125')).toBe('Price can have at most two decimal places');
  });

  it('refuses malformed entries with a reason', () => {
    expect(value('1.234,5,6')).toBe(PRICE_TEXT_MESSAGE);
    expect(value('12,34,56')).toBe(PRICE_TEXT_MESSAGE);
    expect(value('1 23,50')).toBe(PRICE_TEXT_MESSAGE);
    expect(value('1.234 567')).toBe(PRICE_TEXT_MESSAGE);
    expect(value('abc')).toBe(PRICE_TEXT_MESSAGE);
    expect(value('3e5')).toBe(PRICE_TEXT_MESSAGE);
    expect(value('35,505')).toContain('could mean');
    expect(value('35.5055')).toBe('Price can have at most two decimal places');
    expect(value('-5')).toBe('Price cannot be negative');
    expect(value('99999999999')).toBe('Price must be at most 9999999999.99');
  });
});
