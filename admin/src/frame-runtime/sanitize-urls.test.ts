import { describe, expect, it } from 'vitest';
import { sanitizeUrls } from './sanitize-urls';

describe('sanitizeUrls', () => {
  it('blanks links and images whose protocol is not allowed, and keeps the rest', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<a id="a" href="javascript:alert(1)">x</a><a id="b" href="/tours">y</a><a id="c" href="tel:+301">z</a>' +
      '<img id="i" src="javascript:alert(1)"><img id="j" src="data:image/png;base64,AAAA"><a id="m" href="data:text/html,hi">m</a>';
    expect(sanitizeUrls(root)).toBe(true);
    const attr = (id: string, name: string) => root.querySelector(`#${id}`)!.getAttribute(name);
    expect([attr('a', 'href'), attr('b', 'href'), attr('c', 'href'), attr('m', 'href')]).toEqual([
      '',
      '/tours',
      'tel:+301',
      '',
    ]);
    expect([attr('i', 'src'), attr('j', 'src')]).toEqual(['', 'data:image/png;base64,AAAA']);
    expect(sanitizeUrls(root)).toBe(false);
  });
});
