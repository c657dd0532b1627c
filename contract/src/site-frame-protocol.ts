/**
 * The messages between the public site's documents and the sandboxed frames of staff HTML they hold (a page's
 * srcdoc frame; a tour page's header, content and footer frames). The frame script sends them
 * (admin/src/frame-runtime/site/frame.ts), the parent script takes them (site/parent.ts); both are built into
 * admin/dist/frame/ and inlined, by hash, into the documents the server renders.
 */

/** Tags the messages, so messages of embedded widgets are ignored. */
export const SITE_FRAME_PROTOCOL = 'tours-cms-site/1';

/**
 * The site's own addresses a frame may send the visitor to: `/`, `/{page}`, `/tours`, `/tours/{tour}` and
 * `/tours/category/{category}` (any query and fragment), in the default language or under a language's prefix as
 * the site writes it, lower-cased (`/de/`, `/de/tours/{tour}`, `/pt-pt/{page}`: issue 30).
 */
export const SITE_PATH = /^(?:\/[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?)?\/(?:tours(?:\/category)?\/)?[^/]*$/;

/** A message of a site frame: go to one of the site's pages, open a URL in a new tab, or size the frame. */
export type SiteFrameMessage = { protocol: typeof SITE_FRAME_PROTOCOL } & (
  { type: 'navigate'; path: string } | { type: 'open'; url: string } | { type: 'resize'; height: number }
);

/**
 * Where the parent script reports its autosized frames' heights at the visitor's viewport width (POST, JSON
 * `{ width, frames: [{ src, height }] }`), so the next render of the page sizes them before it paints.
 */
export const SITE_FRAME_HEIGHTS_PATH = '/frame/site/heights';

/**
 * The frames of the site's active common header and footer, as the tour pages and the catalogue hold them, and as
 * the page builder's Preview shows them around the page being edited.
 */
export const SITE_CHROME_FRAME_URLS = { header: '/frame/site/header', footer: '/frame/site/footer' } as const;

/**
 * The class of the element that holds a page-builder page's content in the site's page frame and in the builder's
 * previews: the site's readable column (server/src/frames/frame-documents.ts, BASE_STYLES). The frames' scripts
 * find it (admin/src/frame-runtime/page-column.ts), so it lives here, beside nothing they would not need.
 */
export const BUILDER_PAGE_CLASS = 'tcms-page';
