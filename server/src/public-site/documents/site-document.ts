import {
  BUILDER_PAGE_CLASS,
  FRAME_URLS,
  HOME_PAGE_SLUG,
  mediaUrl,
  PAGE_DESCRIPTION_MAX,
  PAGE_NOT_PUBLISHED_MESSAGE,
  pageContentHtml,
  siteWords,
  siteWordsLanguage,
  type Page,
  type SiteSettings,
} from '@tours-cms/contract';
import { BASE_STYLES } from '../../frames/frame-documents.js';
import { usesFontAwesome } from '../styles/class-names.js';
import { htmlToText, truncateText } from './page-text.js';
import type { SiteStyleLinks } from '../styles/site-styles.js';
import { pictureHtml, withResponsiveImages } from '../images/responsive-images.js';
import type { ResponsiveImageData } from '../../modules/media/media.service.js';

/** The media library's images a document shows, by file path, with their variants (see responsive-images.ts). */
export type SiteImages = ReadonlyMap<string, ResponsiveImageData>;
const NO_IMAGES: SiteImages = new Map();
import { siteScripts } from './site-scripts.js';
import { jsonLdScript, webPage } from './structured-data.js';
import {
  alternatesOf,
  hreflangLinks,
  inLanguage,
  languagePrefix,
  languageSwitcherHtml,
  ogLocaleTags,
  type Alternates,
  type SwitcherLink,
} from './site-language.js';
import { categoryPath, tourPath } from './tour-cards.js';
import { SITE_FRAME_SANDBOX } from '../../http/csp.js';
import { fillHtml, Html, html, join, raw } from '../rendering/html.js';

/** Escapes a whole document for a double-quoted srcdoc attribute: `&` and `"` are all the attribute needs. */
function escapeSrcdoc(markup: string): string {
  return markup.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
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

/**
 * The frame's base styles. An autosized frame (header, footer, a tour's content) stays hidden until its frame
 * script runs, which the parser holds until the stylesheets have loaded: Chromium may lay such a frame out before
 * its stylesheets arrive (its parent asks for its size), and the styled layout that follows counted as a shift.
 */
const FRAME_STYLES = `${BASE_STYLES}
.tcms-featured { display: block; width: 100%; max-height: 400px; object-fit: cover; }
[data-autosize] { display: flow-root; }
.tcms-module { margin-block: 1.5em; }
.languages ul { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 0.25rem 1rem; list-style: none; margin: 0; padding: 0.5rem 1.5rem 0; font-size: 0.875rem; }
.languages a { display: inline-block; padding: 0.25rem 0; color: #0369a1; }
.languages [aria-current] { color: #0f172a; font-weight: 700; text-decoration: none; }
.tcms-module-banner { padding: 2em 1.5em; border-radius: 0.75em; background: #eff6ff; text-align: center; }
.tcms-module-subtitle { font-size: 1.125em; color: #475569; }
.tcms-module-player { position: relative; aspect-ratio: 16 / 9; }
.tcms-module-player iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
.tcms-module video { display: block; width: 100%; height: auto; }
.tcms-content .tcms-tours { list-style: none; margin-block: 1.5em; padding: 0; display: grid; gap: 1.25rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 16rem), 1fr)); }
.tcms-tours .card { height: 100%; display: flex; flex-direction: column; overflow: hidden; border: 1px solid #e2e8f0; border-radius: 0.75rem; background: #fff; }
.tcms-tours .card img, .tcms-tours .placeholder { display: block; width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: cover; background: #e2e8f0; }
.tcms-tours .card-body { padding: 0.75rem 1rem 1rem; }
.tcms-tours h3 { margin: 0 0 0.25rem; font-size: 1.125rem; }
.tcms-content .tcms-tours h3 a { color: #0f172a; text-decoration: none; }
.tcms-tours .meta { display: flex; flex-wrap: wrap; gap: 0.75rem; font-size: 0.875rem; color: #64748b; }
.tcms-tours .card-price { font-weight: 700; color: #0f172a; }
html:not(.tcms-styled) .tcms-content { visibility: hidden; animation: tcms-reveal 0s 3s forwards; }
@keyframes tcms-reveal { to { visibility: visible; } }
`;

/**
 * Where a frame of staff HTML gets its styles: the site's compiled stylesheet (and Font Awesome's cut-down one
 * when the HTML uses its classes), or, for a draft that is not part of the site yet, Tailwind's browser build and
 * the whole of Font Awesome, as the admin's previews use them.
 */
export type FrameStyles = SiteStyleLinks | 'browser';

/** A page made in the admin's page builder: it keeps the builder's record (spec: template_data marks the rich editor). */
export function isBuilderPage(page: Pick<Page, 'template_data'>): boolean {
  return page.template_data !== null;
}

/**
 * A builder page's content in the site's readable column (`.tcms-page`, BASE_STYLES in frame-documents.ts): the
 * builder's HTML carries no layout of its own. A page made otherwise (the API, the demo) is laid out as its HTML
 * says. The admin's previews wrap their content the same way (admin/src/features/pages/components/page-preview.tsx).
 */
export function builderContent(content: string): string {
  return `<div class="${BUILDER_PAGE_CLASS}">\n${content}\n</div>`;
}

/** The document inside the frame: the header, the featured image, the content and the footer. */
export function frameDocument(
  page: Page,
  chrome: SiteChrome,
  styles: FrameStyles,
  images: SiteImages = NO_IMAGES,
  language = 'en',
  switcher?: SwitcherLink[],
): string {
  const image = featuredImagePath(page);
  // The featured image spans the frame at the top of the page: the one image to fetch first.
  const featured = image
    ? pictureHtml(page.featured_image ? images.get(page.featured_image.file_path) : null, {
        src: image,
        // Its alternative text, else the page's title: never the file's name.
        alt: page.featured_image?.alt_text ?? page.title,
        className: 'tcms-featured',
        sizes: '100vw',
        loading: 'hero',
        width: page.featured_image?.width,
        height: page.featured_image?.height,
      })
    : '';
  // Staff HTML, as it is: it runs only in the sandboxed frame.
  const content = withResponsiveImages(pageContentHtml(page.content), images, !image);
  const body = [
    chrome.header ?? '<!-- No active common header component -->',
    // The language switcher under the header (a site in several languages): its links navigate as the header's do.
    String(languageSwitcherHtml(switcher, siteWords(language).shell.languages) ?? ''),
    '<main>',
    String(featured),
    isBuilderPage(page) ? builderContent(content) : content,
    '</main>',
    chrome.footer ?? '<!-- No active common footer component -->',
  ].join('\n');
  return staffFrameDocument(pageTitle(page), body, false, styles, language);
}

/** The <head> tags that style a frame of staff HTML. */
function styleTags(body: string, styles: FrameStyles): Html {
  if (styles === 'browser')
    return html`<link rel="stylesheet" href="${FRAME_URLS.fontAwesome}">\n<script src="${FRAME_URLS.tailwind}"></script>`;
  const icons = styles.icons && usesFontAwesome(body) && html`\n<link rel="stylesheet" href="${styles.icons}">`;
  // A document's own compiled CSS goes inline: `</style` inside it (a CSS string) must not end the element.
  if (styles.inline !== undefined)
    return html`<style data-page-styles>${raw(styles.inline.replace(/<\/style/gi, '<\\/style'))}</style>${icons}`;
  return html`<link rel="stylesheet" href="${styles.stylesheet}">${icons}`;
}

/**
 * A document of staff HTML for a sandboxed frame: its styles, the widget runtime when the HTML uses widgets, and
 * the frame script (links, and with `autosize` the height report that lets the page size the frame).
 */
export function staffFrameDocument(
  title: string,
  body: string,
  autosize: boolean,
  styles: FrameStyles,
  language = 'en',
): string {
  // The validated form's alert in the page's words; the runtime says the spec's English one when given none.
  const success = siteWords(language).shell.formSubmitted;
  const formSuccess = success !== siteWords('en').shell.formSubmitted && success;
  const widgets =
    WIDGET_ATTRIBUTE.test(body) &&
    html`\n<script src="${FRAME_URLS.runtime}" data-frame-mode="site"${formSuccess && html` data-form-success="${formSuccess}"`} defer></script>`;
  return String(html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(FRAME_STYLES)}</style>
<noscript><style>.tcms-content { visibility: visible !important; }</style></noscript>
${styleTags(body, styles)}${widgets}
</head>
<body>
<div class="tcms-content"${autosize && ' data-autosize'}>
${raw(body)}
</div>
<script>${raw(siteScripts().frame)}</script>
</body>
</html>
`);
}

const PAGE_STYLES =
  'html,body{margin:0;height:100%;overflow:hidden;background:#fff}' +
  'body{font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#475569}' +
  '.loading{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;margin:0}' +
  'iframe{position:fixed;inset:0;display:block;width:100%;height:100%;border:0}' +
  '.preview-banner{position:fixed;top:0;left:0;right:0;height:2.5rem;margin:0;display:flex;align-items:center;justify-content:center;' +
  'background:#fef3c7;color:#78350f;font-weight:700;border-bottom:1px solid #fcd34d;z-index:1}' +
  '.preview iframe{top:2.5rem;height:calc(100% - 2.5rem)}';

/** Where a page is on the site: its language, its address there, and its translations' addresses. */
export interface PagePlace {
  /** The page's language (its `language`; the site's default for an item that has none). */
  language: string;
  /** The page's path: `/{slug}`, `/` for the home page, `/de/{slug}` and `/de/` in another language. */
  path: string;
  alternates?: Alternates;
  /** The language switcher under the header: none for a site in one language. */
  switcher?: SwitcherLink[];
}

/** The place of a page in the default language's addresses, as every page had before languages. */
export function defaultPlace(page: Pick<Page, 'slug' | 'language'>): PagePlace {
  return { language: page.language ?? 'en', path: pagePath(page.slug) };
}

/** The address of a page in a language: the home page (or its translation) is the language's home. */
export function pagePathIn(prefix: string, page: Pick<Page, 'slug'>, isHome: boolean): string {
  return inLanguage(prefix, isHome ? '/' : pagePath(page.slug));
}

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
  place: PagePlace = defaultPlace(page),
): string {
  const title = pageTitle(page);
  const description = pageDescription(page);
  const words = siteWords(place.language).shell;
  const url = `${origin}${place.path}`;
  const image = featuredImagePath(page);
  const meta = [
    preview && html`<meta name="robots" content="noindex, nofollow">`,
    html`<meta name="description" content="${description}">`,
    html`<link rel="canonical" href="${url}">`,
    hreflangLinks(place.alternates),
    html`<meta property="og:type" content="website">`,
    html`<meta property="og:title" content="${title}">`,
    html`<meta property="og:description" content="${description}">`,
    html`<meta property="og:url" content="${url}">`,
    ogLocaleTags(place.language, place.alternates),
    image && html`<meta property="og:image" content="${absoluteUrl(origin, image)}">`,
    html`<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    ...[...jsonLd, webPage(url, title, place.language)].map(jsonLdScript),
  ].filter((tag): tag is Html => tag instanceof Html);
  return String(html`<!doctype html>
<html lang="${place.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${join(meta, '\n')}
<link rel="icon" href="data:,">
<style>${raw(PAGE_STYLES)}</style>
</head>
<body${preview && html` class="preview"`}>
${preview && html`<p class="preview-banner" role="note">${fillHtml(words.preview, { until: preview.expiresAt.slice(0, 16).replace('T', ' ') })}</p>`}
<p class="loading">${words.loadingPage}</p>
<iframe id="site-frame" title="${title}" sandbox="${SITE_FRAME_SANDBOX}" data-site-frame srcdoc="${raw(escapeSrcdoc(frameDocument(page, chrome, styles, images, place.language, place.switcher)))}"></iframe>
<script>${raw(siteScripts().parent)}</script>${hreflangLinks(place.alternates) && html`<script>${raw(siteScripts().languages)}</script>`}
</body>
</html>
`);
}

/**
 * The site's error screen: '404 - Not Found', the message and a way home; in a language of the site, its words and
 * its home (`home`: `/de/`). `message` is the English one ('Page not found or is not published.', or 'Error
 * loading page data'), said in the words of `language`.
 */
export function notFoundDocument(message: string = PAGE_NOT_PUBLISHED_MESSAGE, language = 'en', home = '/'): string {
  const words = siteWords(language).notFound;
  const english = siteWords('en').notFound;
  const said =
    message === english.notPublished ? words.notPublished : message === english.loadError ? words.loadError : message;
  // A language without words of its own is shown the English screen, and says so.
  const lang = siteWordsLanguage(language) === 'en' ? 'en' : language;
  return String(html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${words.title}</title>
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
<h1>${words.title}</h1>
<p>${said}</p>
<a href="${home}">${words.home}</a>
</main>
</body>
</html>
`);
}

/** A published item in the sitemap: its language and translation group tell its address and its alternates. */
interface SitemapItem {
  slug: string;
  updated_at: string;
  language?: string;
  translation_group?: number;
}

/**
 * /sitemap.xml: every published page, tour and tour category with its last change (the sitemaps.org format). A site
 * in more than one language lists each language's addresses (issue 30), each with `xhtml:link` alternates naming
 * the same item in every language it is published in, and `x-default` (the default language's address).
 */
export function sitemapDocument(
  origin: string,
  pages: SitemapItem[],
  tours: { tours: SitemapItem[]; categories: SitemapItem[] } = { tours: [], categories: [] },
  settings: Pick<SiteSettings, 'default_language' | 'languages'> = { default_language: 'en', languages: ['en'] },
): string {
  const multilingual = settings.languages.length > 1;
  const languageOf = (item: SitemapItem) => item.language ?? settings.default_language;
  // An item in a language the site no longer lists has no address.
  const listed = (item: SitemapItem) => settings.languages.includes(languageOf(item));
  const prefixOf = (item: SitemapItem) => languagePrefix(languageOf(item), settings);
  interface Entry {
    path: string;
    updatedAt: string;
    language: string;
    /** Entries with the same key are one item in several languages. */
    key: string | null;
  }
  const homeGroup = pages.find((page) => page.slug === HOME_PAGE_SLUG)?.translation_group;
  const pageEntries: Entry[] = pages.filter(listed).map((page) => ({
    path: pagePathIn(
      prefixOf(page),
      page,
      page.slug === HOME_PAGE_SLUG || (homeGroup !== undefined && page.translation_group === homeGroup),
    ),
    updatedAt: page.updated_at,
    language: languageOf(page),
    key: page.translation_group === undefined ? null : `page ${page.translation_group}`,
  }));
  const listedTours = tours.tours.filter(listed);
  const newest = new Map<string, string>();
  for (const tour of listedTours) {
    const language = languageOf(tour);
    if ((newest.get(language) ?? '') < tour.updated_at) newest.set(language, tour.updated_at);
  }
  const catalogueEntries: Entry[] = settings.languages.flatMap((language) => {
    const updatedAt = newest.get(language);
    return updatedAt
      ? [{ path: `${languagePrefix(language, settings)}/tours`, updatedAt, language, key: 'tours' }]
      : [];
  });
  const categoryEntries: Entry[] = tours.categories.filter(listed).map((category) => ({
    path: categoryPath(category.slug, prefixOf(category)),
    updatedAt: category.updated_at,
    language: languageOf(category),
    key: `category ${category.slug}`,
  }));
  const tourEntries: Entry[] = listedTours.map((tour) => ({
    path: tourPath(tour.slug, prefixOf(tour)),
    updatedAt: tour.updated_at,
    language: languageOf(tour),
    key: tour.translation_group === undefined ? null : `tour ${tour.translation_group}`,
  }));
  const entries = [...pageEntries, ...catalogueEntries, ...categoryEntries, ...tourEntries];
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    if (entry.key === null) continue;
    const group = groups.get(entry.key);
    if (group) group.push(entry);
    else groups.set(entry.key, [entry]);
  }
  const alternatesFor = (entry: Entry): Html | null => {
    if (!multilingual || entry.key === null) return null;
    const alternates = alternatesOf(
      (groups.get(entry.key) ?? []).map((other) => ({ language: other.language, url: `${origin}${other.path}` })),
      settings,
    );
    if (alternates.languages.length < 2) return null;
    return join(
      [
        ...alternates.languages.map(
          (other) => html`\n    <xhtml:link rel="alternate" hreflang="${other.language}" href="${other.url}"/>`,
        ),
        ...(alternates.xDefault
          ? [html`\n    <xhtml:link rel="alternate" hreflang="x-default" href="${alternates.xDefault}"/>`]
          : []),
      ],
      '',
    );
  };
  const urls = entries.map(
    (entry) =>
      html`  <url><loc>${`${origin}${entry.path}`}</loc><lastmod>${entry.updatedAt.slice(0, 10)}</lastmod>${alternatesFor(entry)}</url>`,
  );
  const namespaces = multilingual ? html` xmlns:xhtml="http://www.w3.org/1999/xhtml"` : null;
  return String(html`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${namespaces}>
${join(urls, '\n')}
</urlset>
`);
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
