import {
  escapeHtml,
  FRAME_URLS,
  HOME_PAGE_SLUG,
  mediaUrl,
  PAGE_DESCRIPTION_MAX,
  PAGE_NOT_PUBLISHED_MESSAGE,
  pageContentHtml,
  type Page,
} from '@tours-cms/contract';
import { BASE_STYLES } from '../frames/frame-documents.js';
import { usesFontAwesome } from './class-names.js';
import { htmlToText, truncateText } from './page-text.js';
import type { SiteStyleLinks } from './site-styles.js';
import { pictureHtml, withResponsiveImages } from './responsive-images.js';
import type { ResponsiveImageData } from '../modules/media/media.service.js';

/** The media library's images a document shows, by file path, with their variants (see responsive-images.ts). */
export type SiteImages = ReadonlyMap<string, ResponsiveImageData>;
const NO_IMAGES: SiteImages = new Map();
import { FRAME_SCRIPT, PARENT_SCRIPT } from './site-scripts.js';
import { jsonLdScript } from './structured-data.js';

/** The frame's sandbox: scripts, forms and popups, never allow-same-origin. */
export const SITE_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups';

/**
 * The policy of every public page, which its srcdoc frame inherits (see ARCHITECTURE.md, "The public site").
 * Page content may carry scripts, styles, embeds and forms from anywhere on purpose, so those are open; what
 * protects the site is the sandbox: the frame runs with an opaque origin, and so does this document itself
 * (the `sandbox` directive), so neither can read the admin's token in the site origin's storage even if page
 * HTML ever escaped its attribute. `allow-popups-to-escape-sandbox` applies to this document only (the frame's
 * own attribute lacks it): links the frame hands up open as ordinary tabs.
 */
export const SITE_CSP = [
  "default-src 'self' data: blob: https: http:",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: https: http:",
  "style-src 'self' 'unsafe-inline' https: http:",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data: https: http:",
  "media-src 'self' data: blob: https: http:",
  "connect-src 'self' https: http:",
  "frame-src 'self' https: http:",
  "form-action 'self' https: http:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  `sandbox ${SITE_FRAME_SANDBOX} allow-popups-to-escape-sandbox`,
].join('; ');

/** Escapes a whole document for a double-quoted srcdoc attribute: `&` and `"` are all the attribute needs. */
function escapeSrcdoc(html: string): string {
  return html.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** The HTML of the common components the page is wrapped in; null where none is active. */
export interface SiteChrome {
  header: string | null;
  footer: string | null;
}

/** The page's <title>: the SEO title, else the title. */
export function pageTitle(page: Pick<Page, 'seo_title' | 'title'>): string {
  return page.seo_title?.trim() || page.title;
}

/** The meta description: seo_description, else the first 160 characters of the page's text, else the title. */
export function pageDescription(page: Pick<Page, 'seo_description' | 'content' | 'title'>): string {
  const seo = page.seo_description?.trim();
  if (seo) return seo;
  const text = htmlToText(pageContentHtml(page.content));
  return text ? truncateText(text, PAGE_DESCRIPTION_MAX) : page.title;
}

/** The featured image as a URL on this site or elsewhere: the media item's file when there is one, else the URL. */
export function featuredImagePath(page: Pick<Page, 'featured_image' | 'featured_image_url'>): string | null {
  if (page.featured_image) return mediaUrl(page.featured_image.file_path);
  return page.featured_image_url;
}

/** An absolute URL for Open Graph: paths on this site get the origin, absolute URLs stay. */
export function absoluteUrl(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

/** The public address of a page: `/` for the home page, `/{slug}` for the others. */
export function pagePath(slug: string): string {
  return slug === HOME_PAGE_SLUG ? '/' : `/${encodeURIComponent(slug)}`;
}

/** Widget markup: such pages also load the frame runtime that wires the widgets. */
const WIDGET_ATTRIBUTE = /\sdata-(?:dropdown|slider|tabs?|accordion|modal|validate|tooltip)[\s=>-]/i;

const FRAME_STYLES = `${BASE_STYLES}
.tcms-featured { display: block; width: 100%; max-height: 400px; object-fit: cover; }
[data-autosize] { display: flow-root; }
`;

/**
 * Where a frame of staff HTML gets its styles: the site's compiled stylesheet (and Font Awesome's cut-down one
 * when the HTML uses its classes), or, for a draft that is not part of the site yet, Tailwind's browser build and
 * the whole of Font Awesome, as the admin's previews use them.
 */
export type FrameStyles = SiteStyleLinks | 'browser';

/** The document inside the frame: the header, the featured image, the content and the footer. */
export function frameDocument(
  page: Page,
  chrome: SiteChrome,
  styles: FrameStyles,
  images: SiteImages = NO_IMAGES,
): string {
  const image = featuredImagePath(page);
  // The featured image spans the frame at the top of the page: the one image to fetch first.
  const featured = image
    ? pictureHtml(page.featured_image ? images.get(page.featured_image.file_path) : null, {
        src: image,
        alt: page.title,
        className: 'tcms-featured',
        sizes: '100vw',
        loading: 'hero',
        width: page.featured_image?.width,
        height: page.featured_image?.height,
      })
    : '';
  const body = [
    chrome.header ?? '<!-- No active common header component -->',
    '<main>',
    featured,
    withResponsiveImages(pageContentHtml(page.content), images, !image),
    '</main>',
    chrome.footer ?? '<!-- No active common footer component -->',
  ].join('\n');
  return staffFrameDocument(pageTitle(page), body, false, styles);
}

/** The <head> tags that style a frame of staff HTML. */
function styleTags(body: string, styles: FrameStyles): string {
  if (styles === 'browser')
    return `<link rel="stylesheet" href="${FRAME_URLS.fontAwesome}">\n<script src="${FRAME_URLS.tailwind}"></script>`;
  const icons = styles.icons && usesFontAwesome(body) ? `\n<link rel="stylesheet" href="${styles.icons}">` : '';
  // A document's own compiled CSS goes inline: `</style` inside it (a CSS string) must not end the element.
  if (styles.inline !== undefined)
    return `<style data-page-styles>${styles.inline.replace(/<\/style/gi, '<\\/style')}</style>${icons}`;
  return `<link rel="stylesheet" href="${styles.stylesheet}">${icons}`;
}

/**
 * A document of staff HTML for a sandboxed frame: its styles, the widget runtime when the HTML uses widgets, and
 * the frame script (links, and with `autosize` the height report that lets the page size the frame).
 */
export function staffFrameDocument(title: string, body: string, autosize: boolean, styles: FrameStyles): string {
  const widgets = WIDGET_ATTRIBUTE.test(body)
    ? `\n<script src="${FRAME_URLS.runtime}" data-frame-mode="site" defer></script>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${FRAME_STYLES}</style>
${styleTags(body, styles)}${widgets}
</head>
<body>
<div class="tcms-content"${autosize ? ' data-autosize' : ''}>
${body}
</div>
<script>${FRAME_SCRIPT}</script>
</body>
</html>
`;
}

const PAGE_STYLES =
  'html,body{margin:0;height:100%;overflow:hidden;background:#fff}' +
  'body{font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#475569}' +
  '.loading{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;margin:0}' +
  'iframe{position:fixed;inset:0;display:block;width:100%;height:100%;border:0}' +
  '.preview-banner{position:fixed;top:0;left:0;right:0;height:2.5rem;margin:0;display:flex;align-items:center;justify-content:center;' +
  'background:#fef3c7;color:#78350f;font-weight:700;border-bottom:1px solid #fcd34d;z-index:1}' +
  '.preview iframe{top:2.5rem;height:calc(100% - 2.5rem)}';

/**
 * The whole public page: title, description and Open Graph tags, and the full-screen sandboxed
 * frame holding the page. 'Loading page...' sits behind the frame, seen only until the frame paints.
 */
export function pageDocument(
  page: Page,
  chrome: SiteChrome,
  origin: string,
  styles: FrameStyles,
  images: SiteImages = NO_IMAGES,
  jsonLd: object[] = [],
  preview: { expiresAt: string } | null = null,
): string {
  const title = pageTitle(page);
  const description = pageDescription(page);
  const url = `${origin}${pagePath(page.slug)}`;
  const image = featuredImagePath(page);
  const meta = [
    preview ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    image ? `<meta property="og:image" content="${escapeHtml(absoluteUrl(origin, image))}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    ...jsonLd.map(jsonLdScript),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${meta.join('\n')}
<link rel="icon" href="data:,">
<style>${PAGE_STYLES}</style>
</head>
<body${preview ? ' class="preview"' : ''}>
${preview ? `<p class="preview-banner" role="note">Preview: this draft is not published. This link works until ${escapeHtml(preview.expiresAt.slice(0, 16).replace('T', ' '))} UTC.</p>` : ''}
<p class="loading">Loading page...</p>
<iframe id="site-frame" title="${escapeHtml(title)}" sandbox="${SITE_FRAME_SANDBOX}" data-site-frame srcdoc="${escapeSrcdoc(frameDocument(page, chrome, styles, images))}"></iframe>
<script>${PARENT_SCRIPT}</script>
</body>
</html>
`;
}

/** The site's error screen: '404 - Not Found', the message and a way home. */
export function notFoundDocument(message: string = PAGE_NOT_PUBLISHED_MESSAGE): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>404 - Not Found</title>
<link rel="icon" href="data:,">
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{text-align:center;padding:2rem}
h1{font-size:2.5rem;margin:0 0 1rem}
p{color:#475569;margin:0 0 1.5rem}
a{display:inline-block;padding:.625rem 1.25rem;border-radius:.5rem;background:#2563eb;color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>404 - Not Found</h1>
<p>${escapeHtml(message)}</p>
<a href="/">Go back to Home</a>
</main>
</body>
</html>
`;
}

/** /sitemap.xml: every published page, tour and tour category with its last change (the sitemaps.org format). */
export function sitemapDocument(
  origin: string,
  pages: { slug: string; updated_at: string }[],
  tours: { tours: { slug: string; updated_at: string }[]; categories: { slug: string; updated_at: string }[] } = {
    tours: [],
    categories: [],
  },
): string {
  const entry = (path: string, updatedAt: string) =>
    `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc><lastmod>${escapeHtml(updatedAt.slice(0, 10))}</lastmod></url>`;
  const newest = tours.tours
    .map((tour) => tour.updated_at)
    .sort()
    .at(-1);
  const urls = [
    ...pages.map((page) => entry(pagePath(page.slug), page.updated_at)),
    ...(newest ? [entry('/tours', newest)] : []),
    ...tours.categories.map((category) =>
      entry(`/tours/category/${encodeURIComponent(category.slug)}`, category.updated_at),
    ),
    ...tours.tours.map((tour) => entry(`/tours/${encodeURIComponent(tour.slug)}`, tour.updated_at)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

/**
 * /robots.txt: the site is open to crawlers, and so are the frames of the site's own staff HTML (a tour's content,
 * the header and footer: documents marked `noindex, indexifembedded`, so their text counts for the page that shows
 * them and they are never listed alone). The admin, the API, draft previews and the editors' frames are not. The
 * most specific rule wins (RFC 9309), so the order of the lines does not matter.
 */
export function robotsDocument(origin: string): string {
  return `User-agent: *
Allow: /
Allow: /frame/site/
Disallow: /frame/site/preview/
Disallow: /admin
Disallow: /api/
Disallow: /frame/

Sitemap: ${origin}/sitemap.xml
`;
}
