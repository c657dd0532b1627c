import { describe, expect, it } from 'vitest';
import { TEXT_SCAN_MAX_CHARS, htmlToText, truncateText } from './page-text.js';

describe('htmlToText', () => {
  it('keeps the readable text and drops markup, scripts, styles and comments', () => {
    const html =
      '<h1>Crete &amp; Santorini</h1><!-- note --><style>p{}</style><p>Walk&nbsp;the <b>gorge</b>.</p><script>var a = "<p>";</script>';
    expect(htmlToText(html)).toBe('Crete & Santorini Walk the gorge .');
  });

  it('decodes numeric entities and survives broken ones', () => {
    expect(htmlToText('caf&#233; &#x1F600; &#0; &bogus;')).toBe('café 😀 &bogus;');
  });

  // Review finding: /<\/?[a-z][^>]*>/ restarted its scan at every '<', so an editor's `<a<a<a…` with no '>'
  // took quadratic time and stalled every render of the page (a million of them: hours, so this test timed out).
  it('reads markup that never closes a tag in one pass', () => {
    expect(htmlToText(`Island walks ${'<a'.repeat(1_000_000)}`)).toBe('Island walks');
  });

  it('reads no further than the opening of a huge document, and stops once it has enough text', () => {
    const filler = `<div>${'x'.repeat(TEXT_SCAN_MAX_CHARS)}</div>`;
    expect(htmlToText(`<svg>${filler}</svg><p>Too late</p>`)).toBe('');
    const long = htmlToText(`<p>${'word '.repeat(100_000)}</p><p>The end</p>`, 200);
    expect(long).not.toContain('The end');
    expect(long.length).toBeGreaterThanOrEqual(200);
  });
});

describe('truncateText', () => {
  it('leaves short text alone and cuts long text at a word with an ellipsis', () => {
    expect(truncateText('short', 160)).toBe('short');
    const cut = truncateText('alpha beta gamma delta', 14);
    expect(cut).toBe('alpha beta…');
    expect(Array.from(cut).length).toBeLessThanOrEqual(14);
  });

  it('counts code points, never splitting one', () => {
    expect(truncateText('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
  });
});
