import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.js';

describe('formatBytes', () => {
  it('shows zero, negative and unreadable sizes as 0 Bytes', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('0 Bytes');
  });

  it('keeps sizes under 1024 in Bytes', () => {
    expect(formatBytes(1)).toBe('1 Bytes');
    expect(formatBytes(1023)).toBe('1023 Bytes');
  });

  it('steps up a unit at each power of 1024, not 1000', () => {
    expect(formatBytes(1000)).toBe('1000 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1024 ** 2)).toBe('1 MB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
  });

  it('rounds to at most two decimals and drops trailing zeros', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1234)).toBe('1.21 KB');
    expect(formatBytes(5.5 * 1024 ** 2)).toBe('5.5 MB');
    expect(formatBytes(1024 ** 2 - 1)).toBe('1024 KB');
  });

  it('stays in GB above a terabyte, the largest unit', () => {
    expect(formatBytes(2 * 1024 ** 4)).toBe('2048 GB');
  });
});
