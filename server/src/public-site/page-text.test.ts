import { describe, expect, it } from 'vitest';
import { htmlToText, truncateText } from './page-text.js';

describe('htmlToText', () => {
  it('keeps the readable text and drops markup, scripts, styles and comments', () => {
    const html = '<h1>Crete &amp; Santorini</h1><!-- note --><style>p{}</style><p>Walk&nbsp;the <b>gorge</b>.</p><script>var a = "<p>";</script>';
    expect(htmlToText(html)).toBe('Crete & Santorini Walk the gorge .');
  });

  it('decodes numeric entities and survives broken ones', () => {
    expect(htmlToText('caf&#233; &#x1F600; &#0; &bogus;')).toBe('café 😀 &bogus;');
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
