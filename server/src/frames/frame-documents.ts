import { FRAME_URLS } from '@tours-cms/contract';

export type FrameMode = 'canvas' | 'preview';

/**
 * Readable defaults for plain HTML (headings, lists, quotes, code) in the base layer: Tailwind's preflight resets
 * them, and its utility classes (a later layer) still win over these, so layout HTML looks as its classes say.
 * Exported for the public site (server/src/public-site), so a page looks there as it does in the builder.
 *
 * `.tcms-page` holds a page made in the page builder (site-document.ts, and the builder's previews): a readable
 * column, a little below what is above it. Each top-level block is centred at most `--tcms-measure` wide, with a
 * gutter on either side on a phone; `.tcms-wide` (or WordPress's `alignwide`) widens one to the site's container,
 * `.tcms-full` (`alignfull`) lets it span the frame edge to edge, and a top-level `<section>` spans while its
 * content stays in the column (a band with a background); a spanning block that comes first meets what is above.
 * In the components layer: Tailwind's utilities on a block (`max-w-6xl`, `mx-auto`, `px-6`) still win, so HTML
 * that lays itself out, as the demo's pages do, looks exactly as its classes say (docs/page-layout.md).
 */
export const BASE_STYLES = `
@layer theme, base, components, utilities;
@layer base {
  html, body { margin: 0; }
  html { background: #fff; }
  body { font-family: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; color: #0f172a; line-height: 1.6; }
  .tcms-content h1 { font-size: 2.25em; font-weight: 700; line-height: 1.2; margin: 0.67em 0; }
  .tcms-content h2 { font-size: 1.75em; font-weight: 700; line-height: 1.25; margin: 0.75em 0; }
  .tcms-content h3 { font-size: 1.4em; font-weight: 600; line-height: 1.3; margin: 0.8em 0; }
  .tcms-content h4 { font-size: 1.2em; font-weight: 600; margin: 0.9em 0; }
  .tcms-content h5 { font-size: 1em; font-weight: 600; margin: 1em 0; }
  .tcms-content h6 { font-size: 0.875em; font-weight: 600; margin: 1em 0; text-transform: uppercase; letter-spacing: 0.05em; }
  .tcms-content p { margin: 0.5em 0; }
  .tcms-content ul { list-style: disc; padding-left: 1.5em; margin: 0.5em 0; }
  .tcms-content ol { list-style: decimal; padding-left: 1.5em; margin: 0.5em 0; }
  .tcms-content blockquote { border-left: 4px solid #cbd5e1; padding-left: 1em; color: #475569; font-style: italic; margin: 1em 0; }
  .tcms-content pre { background: #0f172a; color: #e2e8f0; padding: 0.75em 1em; border-radius: 0.5em; overflow-x: auto; font-size: 0.875em; }
  .tcms-content a { color: #2563eb; text-decoration: underline; }
  .tcms-content img { max-width: 100%; height: auto; }
  .tcms-content a.tcms-button { display: inline-block; padding: 0.6em 1.4em; border-radius: 0.5em; background: #2563eb; color: #fff; font-weight: 600; text-decoration: none; line-height: 1.3; }
  .tcms-content a.tcms-button:hover { background: #1d4ed8; }
  .tcms-content a.tcms-button:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
}
@layer components {
  .tcms-page { --tcms-measure: 42rem; --tcms-wide: 72rem; --tcms-gutter: 1.5rem; --tcms-top: 2rem; display: flow-root; padding-top: var(--tcms-top); overflow-wrap: break-word; }
  .tcms-page > * { box-sizing: border-box; max-width: min(var(--tcms-measure), 100% - 2 * var(--tcms-gutter)); margin-inline: auto; }
  .tcms-page > :is(.tcms-wide, .alignwide) { max-width: min(var(--tcms-wide), 100% - 2 * var(--tcms-gutter)); }
  .tcms-page > :is(section, .tcms-full, .alignfull):not(.tcms-module, .tcms-wide, .alignwide) { max-width: 100%; }
  .tcms-page > :is(section, .tcms-full, .alignfull):not(.tcms-module, .tcms-wide, .alignwide):first-child { margin-top: calc(-1 * var(--tcms-top)); }
  .tcms-page > section:not(.tcms-module, .tcms-full, .alignfull, .tcms-wide, .alignwide) { padding-inline: max(var(--tcms-gutter), (100% - var(--tcms-measure)) / 2); }
}
.tcms-tooltip { position: fixed; z-index: 2147483647; max-width: 16rem; padding: 0.25rem 0.5rem; border-radius: 0.25rem; background: #0f172a; color: #fff; font-size: 0.75rem; pointer-events: none; }
`;

const CANVAS_STYLES = `
#tcms-root { min-height: 368px; padding: 16px; outline: none; }
#tcms-root.tcms-empty::before { content: attr(data-placeholder); color: #94a3b8; pointer-events: none; position: absolute; }
#tcms-root [data-module] { margin: 0.75em 0; padding: 0.75em 1em; border: 2px dashed #93c5fd; border-radius: 0.5em; background: #eff6ff; color: #1e40af; font-weight: 600; }
`;

/** One frame document: the vendor styling, an empty content root and the frame runtime in the given mode. */
export function editorFrameDocument(mode: FrameMode): string {
  const root =
    mode === 'canvas'
      ? '<div id="tcms-root" class="tcms-content" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Content"></div>'
      : '<div id="tcms-root" class="tcms-content"></div>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${mode === 'canvas' ? 'Editing canvas' : 'Preview'}</title>
<style>${BASE_STYLES}${mode === 'canvas' ? CANVAS_STYLES : ''}</style>
<link rel="stylesheet" href="${FRAME_URLS.fontAwesome}">
<script src="${FRAME_URLS.tailwind}"></script>
<script src="${FRAME_URLS.runtime}" data-frame-mode="${mode}" defer></script>
</head>
<body>${root}</body>
</html>
`;
}
