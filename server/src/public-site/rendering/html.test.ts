import { describe, expect, it } from 'vitest';
import { html, raw } from './html.js';

const HOSTILE = `"><script>alert('x')</script>&`;

describe('html template', () => {
  it('escapes text interpolated into a text node', () => {
    expect(String(html`<p>${HOSTILE}</p>`)).toBe(
      '<p>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</p>',
    );
  });

  it('escapes a value in a double-quoted attribute, so it cannot close the attribute or the tag', () => {
    expect(String(html`<img alt="${HOSTILE}" title="${'Tom & Jerry'}">`)).toBe(
      '<img alt="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;" title="Tom &amp; Jerry">',
    );
  });

  it('writes numbers as they print', () => {
    expect(String(html`<data value="${1234.5}">${0}</data>`)).toBe('<data value="1234.5">0</data>');
  });

  it('blanks a link URL whose protocol the link rules refuse, and keeps allowed ones (escaped)', () => {
    expect(String(html`<a href="${'javascript:alert(1)'}">x</a>`)).toBe('<a href="">x</a>');
    expect(String(html`<a class="c" href="${' java\tscript:alert(1)'}">x</a>`)).toBe('<a class="c" href="">x</a>');
    expect(String(html`<form action="${'vbscript:x'}"></form>`)).toBe('<form action=""></form>');
    expect(String(html`<a href="${'/tours?q=a&b="c"'}">x</a>`)).toBe('<a href="/tours?q=a&amp;b=&quot;c&quot;">x</a>');
    expect(String(html`<a href="${'https://example.com/a'}">x</a><a href="${'mailto:a@b.c'}">m</a>`)).toBe(
      '<a href="https://example.com/a">x</a><a href="mailto:a@b.c">m</a>',
    );
  });

  it('allows data: images in an image source but not in a frame or a link', () => {
    const data = 'data:image/png;base64,AAAA';
    expect(String(html`<img src="${data}" alt="">`)).toBe(`<img src="${data}" alt="">`);
    expect(String(html`<iframe src="${data}"></iframe>`)).toBe('<iframe src=""></iframe>');
    expect(String(html`<a href="${data}">x</a>`)).toBe('<a href="">x</a>');
    expect(String(html`<iframe title="t" src="${'/frame/site/header'}"></iframe>`)).toBe(
      '<iframe title="t" src="/frame/site/header"></iframe>',
    );
  });

  it('leaves a value inside a URL (not opening the attribute) to plain escaping', () => {
    expect(String(html`<a href="/tours/${'javascript:x'}">x</a>`)).toBe('<a href="/tours/javascript:x">x</a>');
  });

  it('takes raw() markup as it is, and only raw() markup', () => {
    expect(String(html`<div>${raw('<b>staff</b>')}</div>`)).toBe('<div><b>staff</b></div>');
    expect(String(html`<div>${'<b>staff</b>'}</div>`)).toBe('<div>&lt;b&gt;staff&lt;/b&gt;</div>');
  });

  it('nests fragments without escaping them twice', () => {
    const inner = html`<em>${'a & b'}</em>`;
    expect(String(html`<p>${inner}</p>`)).toBe('<p><em>a &amp; b</em></p>');
    expect(String(html`<div>${html`<p>${inner}</p>`}</div>`)).toBe('<div><p><em>a &amp; b</em></p></div>');
  });

  it('joins arrays of fragments and text, escaping the text', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`);
    expect(String(html`<ul>${items}</ul>`)).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>');
    expect(String(html`${['x<', raw('<br>'), [html`<i>${'y'}</i>`]]}`)).toBe('x&lt;<br><i>y</i>');
  });

  it('renders null, undefined and false as nothing, but 0 and the empty string as themselves', () => {
    expect(String(html`<p>${null}${undefined}${false}</p>`)).toBe('<p></p>');
    expect(String(html`<p>${[null, false, 'a']}</p>`)).toBe('<p>a</p>');
    expect(String(html`<p title="${''}">${0}</p>`)).toBe('<p title="">0</p>');
  });
});
