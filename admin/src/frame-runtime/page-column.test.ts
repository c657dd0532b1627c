import { beforeEach, describe, expect, it } from 'vitest';
import { wrapLooseText } from './page-column';

beforeEach(() => {
  document.body.innerHTML = '';
});

function column(html: string): string {
  document.body.innerHTML = `<div class="tcms-page">${html}</div>`;
  wrapLooseText(document);
  return document.querySelector('.tcms-page')!.innerHTML;
}

describe('wrapLooseText', () => {
  it("gives each run of text typed at the column's top level a block of its own", () => {
    expect(column('Walk the <b>old</b> town<div>Second line</div>\nAnd a <a href="/x">link</a>.<br>')).toBe(
      '<div>Walk the <b>old</b> town</div><div>Second line</div><div>\nAnd a <a href="/x">link</a>.<br></div>',
    );
  });

  it('leaves blocks, whitespace between them, comments, images and scripts where they are', () => {
    const html =
      '<h2>Title</h2>\n<!-- note -->\n<p>Text</p>\n<img src="/a.jpg" alt="A">\n<script>var a = 1;</script>\n<section>S</section>';
    expect(column(html)).toBe(html);
  });

  it('touches nothing outside a builder page, nor text nested inside its blocks', () => {
    document.body.innerHTML = 'Outside<main>Loose in main<div class="tcms-page"><p>in <i>a</i> block</p></div></main>';
    wrapLooseText(document);
    expect(document.body.innerHTML).toBe(
      'Outside<main>Loose in main<div class="tcms-page"><p>in <i>a</i> block</p></div></main>',
    );
  });
});
