import { describe, expect, it } from 'vitest';
import { filterImageUrl, filterLinkUrl, urlScheme } from './url-protocols.js';

describe('filterLinkUrl', () => {
  it.each(['https://tours.example.com/crete', 'http://example.com', 'mailto:info@example.com', 'tel:+30 210 000 0000'])(
    'keeps the allowed protocol of %s',
    (url) => expect(filterLinkUrl(url)).toBe(url),
  );

  it.each(['/tours/crete', '#booking', 'about-us', '?page=2', '//cdn.example.com/x'])(
    'keeps the relative URL %s',
    (url) => expect(filterLinkUrl(url)).toBe(url),
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'ftp://example.com',
  ])('blanks %j', (url) => expect(filterLinkUrl(url)).toBe(''));

  it('trims the spaces around a kept URL', () =>
    expect(filterLinkUrl('  https://example.com  ')).toBe('https://example.com'));
});

describe('filterImageUrl', () => {
  it.each([
    'https://example.com/a.jpg',
    'http://example.com/a.png',
    'data:image/png;base64,iVBORw0KGgo=',
    '/uploads/2026/01/a.webp',
  ])('keeps %s', (url) => expect(filterImageUrl(url)).toBe(url));

  it.each(['javascript:alert(1)', 'mailto:a@example.com', 'tel:123', 'blob:https://example.com/x', 'file:///a.png'])(
    'blanks %j',
    (url) => expect(filterImageUrl(url)).toBe(''),
  );
});

describe('urlScheme', () => {
  it('reads the scheme in lower case, or null for a relative URL', () => {
    expect(urlScheme('HTTPS://x')).toBe('https');
    expect(urlScheme('/a:b')).toBeNull();
    expect(urlScheme('a/b:c')).toBeNull();
  });
});
