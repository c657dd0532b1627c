import { BUILDER_PAGE_CLASS } from '../../../contract/src/site-frame-protocol';

/** Text-level elements: a run of them (and of text) at the top of a page's column is one line of text. */
const TEXT_LEVEL = new Set([
  'A',
  'ABBR',
  'B',
  'BDI',
  'BDO',
  'BR',
  'CITE',
  'CODE',
  'DATA',
  'DFN',
  'EM',
  'FONT',
  'I',
  'KBD',
  'MARK',
  'Q',
  'S',
  'SAMP',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'TIME',
  'U',
  'VAR',
  'WBR',
]);

function isTextLevel(node: ChildNode): boolean {
  return (
    node.nodeType === Node.TEXT_NODE ||
    node.nodeType === Node.COMMENT_NODE ||
    (node.nodeType === Node.ELEMENT_NODE && TEXT_LEVEL.has((node as Element).tagName))
  );
}

/**
 * The column of a page made in the page builder (`.tcms-page`, BASE_STYLES on the server) places each of its
 * top-level blocks; text typed straight into the rich text editor, before any paragraph, is no block and would run
 * from edge to edge. Each such run of text (with its links, bold and the like) gets a plain `<div>` of its own,
 * which draws it exactly as before, only inside the column. Scripts, images and blocks are never moved. Run in the
 * builder's previews and in the site's page frame before the page shows.
 */
export function wrapLooseText(document: Document): void {
  for (const column of document.querySelectorAll(`.${BUILDER_PAGE_CLASS}`)) {
    let run: ChildNode[] = [];
    const flush = () => {
      if (run.some((node) => node.nodeType !== Node.COMMENT_NODE && node.textContent?.trim())) {
        const block = document.createElement('div');
        run[0]!.before(block);
        block.append(...run);
      }
      run = [];
    };
    for (const node of [...column.childNodes]) {
      if (isTextLevel(node)) run.push(node);
      else flush();
    }
    flush();
  }
}
