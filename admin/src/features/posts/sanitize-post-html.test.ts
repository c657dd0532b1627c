import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './sanitize-post-html';
import { isAllowedImageUrl, isAllowedLinkUrl } from '../../components/editors/prose-editor/content-urls';

describe('sanitizePostHtml', () => {
  it('keeps the formatting the editor makes', () => {
    const html =
      '<h2 style="text-align: center">Day one</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s></p><ul><li>a</li></ul><blockquote><p>q</p></blockquote><pre><code>x</code></pre>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, frames and forms', () => {
    const out = sanitizePostHtml(
      '<p>Hi</p><script>alert(1)</script><img src="a.png" onerror="alert(2)"><iframe src="https://x"></iframe><form><input></form>',
    );
    expect(out).toBe('<p>Hi</p><img src="a.png">');
  });

  it('blanks links outside http, https, mailto and tel, and keeps the allowed ones', () => {
    const out = sanitizePostHtml(
      '<a href="javascript:alert(1)">a</a><a href="vbscript:x">b</a><a href="ftp://x">c</a><a href="https://x.test">d</a><a href="mailto:a@b.c">e</a><a href="tel:+123">f</a><a href="/tours/boat">g</a>',
    );
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '')).toEqual([
      '',
      '',
      '',
      'https://x.test',
      'mailto:a@b.c',
      'tel:+123',
      '/tours/boat',
    ]);
  });

  it('blanks images outside http, https and data images', () => {
    const out = sanitizePostHtml(
      '<img src="data:image/png;base64,AAAA"><img src="data:text/html;base64,PHNjcmlwdD4="><img src="https://x.test/a.jpg"><img src="ftp://x/a.jpg">',
    );
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect([...doc.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '')).toEqual([
      'data:image/png;base64,AAAA',
      '',
      'https://x.test/a.jpg',
      '',
    ]);
  });

  it('makes links that open a new tab unable to reach the admin', () => {
    expect(sanitizePostHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('answers an empty string for no content', () => {
    expect(sanitizePostHtml(null)).toBe('');
    expect(sanitizePostHtml('')).toBe('');
  });
});

describe('content URL rules', () => {
  it('sees through the tricks browsers forgive', () => {
    expect(isAllowedLinkUrl('java\tscript:alert(1)')).toBe(false);
    expect(isAllowedLinkUrl(' JAVASCRIPT:alert(1)')).toBe(false);
    expect(isAllowedLinkUrl('HTTPS://x.test')).toBe(true);
    expect(isAllowedImageUrl('DATA:image/svg+xml;base64,AAAA')).toBe(false);
  });
});
