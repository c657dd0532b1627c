import { describe, expect, it } from 'vitest';
import { LINK_BUTTON_CLASS, linkAttributes, linkHtml } from './link-html.js';

describe('linkHtml', () => {
  it('makes a button link that opens a new tab without a handle on the site', () => {
    expect(linkHtml({ href: '/tours', text: 'Book now', newTab: true, button: true })).toBe(
      `<a href="/tours" target="_blank" rel="noopener noreferrer" class="${LINK_BUTTON_CLASS}">Book now</a>`,
    );
  });

  it('shows the address when no text is given, escaped', () => {
    expect(linkHtml({ href: 'https://x.example/?a=1&b="2"', text: ' ', newTab: false, button: false })).toBe(
      '<a href="https://x.example/?a=1&amp;b=&quot;2&quot;">https://x.example/?a=1&amp;b=&quot;2&quot;</a>',
    );
  });

  it('never keeps a javascript: address', () => {
    expect(linkAttributes({ href: 'java\tscript:alert(1)', newTab: false, button: true }).href).toBe('');
    expect(linkHtml({ href: 'javascript:alert(1)', text: '<b>x</b>', newTab: false, button: false })).toBe(
      '<a href="">&lt;b&gt;x&lt;/b&gt;</a>',
    );
  });
});
