import { SITE_CHROME_FRAME_URLS, siteWords, type DisplayCurrency, type SiteSettings } from '@tours-cms/contract';
import { cspHash, shellPolicy, SITE_FRAME_SANDBOX } from '../../http/csp.js';
import { siteScripts, type SiteScripts } from './site-scripts.js';
import { jsonLdScript, webPage } from './structured-data.js';
import {
  hreflangLinks,
  languageSwitcherHtml,
  ogLocaleTags,
  type Alternates,
  type DocumentLanguage,
  type SwitcherLink,
} from './site-language.js';
import { fillHtml, Html, html, join, raw } from '../rendering/html.js';
import { chromeFrameUrl } from '../rendering/site-menus.js';

/** The site's own frames of staff HTML: the active header and footer, and a tour's content. */
export const SITE_FRAME_URLS = {
  ...SITE_CHROME_FRAME_URLS,
  tour: (slug: string) => `/frame/site/tour/${encodeURIComponent(slug)}`,
} as const;

/**
 * The look of the site's own documents (the tour pages and the catalogue). Written here rather than with
 * Tailwind's browser build, which is a script: these documents run only the one script whose hash they name.
 */
export const SHELL_STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#fff;color:#0f172a;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.6}
a{color:#0369a1}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
img{max-width:100%;height:auto}
h1,h2,h3{line-height:1.2;color:#0f172a}
.skip{position:absolute;left:-10000px;top:0;z-index:10;padding:.75rem 1rem;background:#0f172a;color:#fff;border-radius:0 0 .5rem 0}
.skip:focus{left:0}
.languages ul{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:.25rem 1rem;list-style:none;margin:0;padding:.5rem 0 0;font-size:.875rem}
.languages a{display:inline-block;padding:.25rem 0;color:#0369a1}
.languages [aria-current]{color:#0f172a;font-weight:700;text-decoration:none}
.currency{display:flex;justify-content:flex-end;align-items:center;gap:.5rem;padding-top:.5rem;font-size:.875rem}
.currency select{font:inherit;min-height:2.25rem;padding:.25rem .5rem;border:1px solid #94a3b8;border-radius:.5rem;background:#fff;color:#0f172a}
.approx{font-weight:800;color:#0f172a;white-space:nowrap}
.approx+data{font-weight:600;color:#475569}
.price .approx{display:block;font-size:2rem;line-height:1.2}
.price .approx+data{display:inline;font-size:1rem;line-height:1.6}
.card .card-price .approx{font-size:1.125rem}
.card .card-price .approx+data{font-size:.875rem}
.preview-banner{margin:0;padding:.625rem 1rem;background:#fef3c7;color:#78350f;font-weight:700;text-align:center;border-bottom:1px solid #fcd34d}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.chrome{display:block;width:100%;border:0}
.chrome-header{height:72px}
.chrome-footer{height:320px}
.wrap{max-width:72rem;margin:0 auto;padding:0 1.5rem}
main{padding-bottom:3rem}
.crumbs ol{display:flex;flex-wrap:wrap;gap:.25rem .5rem;list-style:none;margin:0;padding:1.25rem 0 .5rem;font-size:.875rem;color:#475569}
.crumbs li+li::before{content:"/";margin-right:.5rem;color:#94a3b8}
.crumbs a{color:#475569}
.crumbs [aria-current]{color:#0f172a;font-weight:600}
.eyebrow{margin:0;font-size:.8125rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#c2410c}
.title{margin:.25rem 0 .75rem;font-size:clamp(1.875rem,4vw,2.75rem);font-weight:800;letter-spacing:-.01em}
.lead{margin:0 0 1.5rem;font-size:1.125rem;color:#475569;max-width:48rem}
.hero{display:block;width:100%;aspect-ratio:16/7;object-fit:cover;border-radius:1rem;background:#e2e8f0}
.tour-grid{display:grid;grid-template-columns:minmax(0,1fr) 21rem;gap:2.5rem;align-items:start;margin-top:2rem}
.panel{border:1px solid #e2e8f0;border-radius:1rem;padding:1.5rem;background:#fff;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.side{position:sticky;top:1rem;grid-column:2;grid-row:1;display:flex;flex-direction:column;gap:1rem}
.side:has(.toc){position:static;align-self:stretch}
.side .toc{position:sticky;top:1rem}
.tour-main{grid-column:1;grid-row:1;min-width:0}
.price{margin:0;font-size:.875rem;color:#475569}
.price data{display:block;font-size:2rem;font-weight:800;color:#0f172a;line-height:1.2}
.facts dl{margin:1.25rem 0;display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;font-size:.9375rem}
.facts dt{color:#475569}
.facts dd{margin:0;font-weight:600}
.button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:2.75rem;padding:.625rem 1.25rem;border:0;border-radius:999px;background:#0369a1;color:#fff;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
.button:hover{background:#075985}
.button-block{display:flex;width:100%}
.button-quiet{background:#fff;color:#0369a1;border:1px solid #0369a1}
.button-quiet:hover{background:#f0f9ff}
.terms{margin:1.25rem 0 0;font-size:.875rem;color:#475569}
.tags{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:.5rem 0 0;padding:0}
.tags a{display:inline-block;padding:.125rem .625rem;border-radius:999px;background:#f1f5f9;color:#334155;font-size:.8125rem;text-decoration:none}
.tags a:hover{background:#e2e8f0}
.content{display:block;width:100%;height:480px;border:0}
.section{margin-top:3rem}
.section h2{margin:0 0 1rem;font-size:1.5rem}
.calendar{display:block;width:100%;border:1px solid #e2e8f0;border-radius:1rem;background:#fff}
.inquiry{display:grid;grid-template-columns:1fr 1fr;gap:1rem;max-width:48rem}
.field{display:flex;flex-direction:column;gap:.375rem;font-size:.9375rem;font-weight:600}
.field-wide{grid-column:1/-1}
.field input,.field textarea,.field select{font:inherit;font-weight:400;padding:.625rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;background:#fff;color:#0f172a;width:100%}
.field textarea{min-height:8rem;resize:vertical}
.hint{font-weight:400;color:#475569;font-size:.8125rem}
.field-error{margin:0;font-weight:600;font-size:.875rem;color:#b91c1c}
.field [aria-invalid=true]{border:2px solid #b91c1c}
.error-summary{margin:0 0 1.5rem;padding:1rem 1.25rem;border:2px solid #b91c1c;border-radius:.75rem;background:#fef2f2;max-width:48rem}
.error-summary h2{margin:0 0 .5rem;font-size:1.125rem}
.error-summary ul{margin:0;padding-left:1.25rem;color:#7f1d1d}
.error-summary a{color:#b91c1c;font-weight:600}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.notice{display:none;margin:0 0 1rem;padding:.875rem 1rem;border-radius:.75rem;background:#ecfdf5;color:#065f46;font-weight:600}
.notice:target{display:block}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(16.5rem,1fr));gap:1.5rem;list-style:none;margin:0;padding:0}
.card{position:relative;display:flex;flex-direction:column;height:100%;border:1px solid #e2e8f0;border-radius:1rem;overflow:hidden;background:#fff;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.card:hover{box-shadow:0 8px 24px rgba(15,23,42,.12)}
.card:focus-within{outline:3px solid #f59e0b;outline-offset:2px}
.card img,.card .placeholder{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;background:linear-gradient(135deg,#e0f2fe,#fef3c7)}
.card-body{display:flex;flex-direction:column;gap:.375rem;padding:1rem 1.125rem 1.25rem;flex:1}
.card h3{margin:0;font-size:1.125rem}
.card h3 a{color:#0f172a;text-decoration:none}
.card h3 a::after{content:"";position:absolute;inset:0}
.card h3 a:focus-visible{outline:none}
.card p{margin:0;color:#475569;font-size:.9375rem}
.card .meta{display:flex;flex-wrap:wrap;gap:.25rem .875rem;font-size:.8125rem;color:#475569}
.card .card-price{margin-top:auto;padding-top:.5rem;font-weight:800;color:#0f172a}
.card .card-price data{font-size:1.125rem}
.catalogue-grid{display:grid;grid-template-columns:16rem minmax(0,1fr);gap:2rem;align-items:start;margin-top:1.5rem}
.filter-panel>summary{display:flex;align-items:center;justify-content:space-between;gap:.75rem;min-height:2.75rem;padding:.625rem 1rem;border:1px solid #94a3b8;border-radius:.75rem;background:#fff;color:#0f172a;font-weight:700;cursor:pointer;list-style:none}
.filter-panel>summary::-webkit-details-marker{display:none}
.filter-panel>summary::after{content:"";flex:none;width:.5rem;height:.5rem;margin-right:.25rem;border-right:2px solid currentColor;border-bottom:2px solid currentColor;transform:translateY(-.125rem) rotate(45deg)}
.filter-panel[open]>summary{margin-bottom:1rem}
.filter-panel[open]>summary::after{transform:translateY(.125rem) rotate(-135deg)}
.filter-count{margin-right:auto;font-weight:400;color:#475569}
@supports selector(::details-content){@media (min-width:901px){.filter-panel>summary{display:none}.filter-panel::details-content{content-visibility:visible;display:contents}}}
.filters{display:flex;flex-direction:column;gap:1rem}
.filters fieldset{border:0;margin:0;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:.5rem}
.filters legend{padding:0;margin-bottom:.375rem;font-size:.9375rem;font-weight:600}
.filter-actions{display:flex;gap:.75rem;align-items:center;flex-wrap:wrap}
.results{scroll-margin-top:.75rem}
.results-bar{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:1rem;margin-bottom:1rem;color:#475569}
.empty{padding:3rem 1.5rem;text-align:center;border:1px dashed #cbd5e1;border-radius:1rem;color:#475569}
.pagination{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:center;margin-top:2rem}
.pagination ol{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0;padding:0}
.pagination a,.pagination span{display:inline-flex;align-items:center;justify-content:center;min-width:2.75rem;min-height:2.75rem;padding:0 .875rem;border-radius:.75rem;border:1px solid #cbd5e1;color:#0f172a;text-decoration:none;font-weight:600}
.pagination [aria-current]{background:#0369a1;border-color:#0369a1;color:#fff}
.toc-title{margin:0 0 .5rem;font-size:.8125rem;text-transform:uppercase;letter-spacing:.06em;color:#475569}
.toc ul{list-style:none;margin:0;padding:0;display:grid;gap:.125rem}
.toc a{display:block;padding:.25rem 0;font-weight:600;text-decoration:none}
.toc a:hover{text-decoration:underline}
.tour-section{scroll-margin-top:1rem}
.icon{flex:none;width:1.25rem;height:1.25rem;margin-top:.2rem}
.highlights,.inclusion ul{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.highlights{grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:.75rem 1.5rem}
.highlights li,.inclusion li{display:flex;gap:.625rem;align-items:flex-start}
.highlights .icon,.inclusion-yes .icon{color:#15803d}
.inclusion-no .icon{color:#b91c1c}
.inclusions{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:1.5rem}
.inclusion h3{margin:0 0 .75rem;font-size:1.0625rem}
.days{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.day,.faq{border:1px solid #e2e8f0;border-radius:.875rem;background:#fff}
.day>summary,.faq>summary{display:flex;align-items:baseline;gap:.75rem;min-height:2.75rem;padding:1rem 1.25rem;cursor:pointer;font-weight:700;list-style:none}
.day>summary::-webkit-details-marker,.faq>summary::-webkit-details-marker{display:none}
.day>summary::after,.faq>summary::after{content:"";flex:none;align-self:center;margin-left:auto;width:.5rem;height:.5rem;border-right:2px solid currentColor;border-bottom:2px solid currentColor;transform:rotate(45deg)}
.day[open]>summary::after,.faq[open]>summary::after{transform:rotate(-135deg)}
.day-label{flex:none;color:#0369a1;font-size:.8125rem;text-transform:uppercase;letter-spacing:.06em}
.day-body,.faq>.rich{padding:0 1.25rem 1.25rem}
.day-image{display:block;width:100%;aspect-ratio:16/9;object-fit:cover;border-radius:.75rem;margin-bottom:1rem;background:#e2e8f0}
.rich>:first-child{margin-top:0}
.rich>:last-child{margin-bottom:0}
.day-facts{display:flex;flex-wrap:wrap;gap:.5rem 2rem;margin:1rem 0 0;font-size:.9375rem}
.day-facts dt{color:#475569;font-size:.8125rem;text-transform:uppercase;letter-spacing:.06em}
.day-facts dd{margin:0;font-weight:600}
.meeting{max-width:40rem}
.meeting-name{margin:0;font-weight:700;font-size:1.125rem}
.meeting address{font-style:normal;color:#334155}
.meeting-notes{color:#475569}
.gallery{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.75rem}
.gallery figure{margin:0}
.gallery-link{display:block;border-radius:.75rem;overflow:hidden}
.gallery-thumb{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;background:#e2e8f0}
.gallery figcaption{margin-top:.375rem;font-size:.875rem;color:#475569}
.faqs{display:grid;gap:.75rem}
.departures{width:100%;border-collapse:collapse;font-size:.9375rem}
.departures th,.departures td{padding:.75rem .5rem;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:middle}
.departures thead th{font-size:.8125rem;font-weight:600;text-transform:uppercase;letter-spacing:.06em;color:#475569}
.departures tbody th{font-weight:700;white-space:nowrap}
.departure-limited{color:#b45309}
.departure-closed{color:#64748b;font-weight:600}
.request-date{font-weight:600;white-space:nowrap}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.requested-date{margin:0}
.departure-note{display:block;font-weight:400;font-size:.8125rem;color:#475569;white-space:normal}
.departures-more{margin-top:1rem}
.card-next{font-size:.875rem;color:#475569}
@media (max-width:600px){.departures{font-size:.875rem}.departures th,.departures td{padding:.625rem .25rem}.departures tbody th{white-space:normal}.departures thead th{letter-spacing:0;font-size:.75rem}.request-date{white-space:normal}}
.viewer{width:min(64rem,calc(100vw - 2rem));max-height:calc(100vh - 2rem);padding:3.5rem 1rem 1rem;border:0;border-radius:1rem;background:#0f172a;color:#fff}
.viewer::backdrop{background:rgba(15,23,42,.85)}
.viewer-figure{margin:0;display:flex;flex-direction:column;align-items:center;gap:.5rem}
.viewer-image{display:block;max-width:100%;max-height:calc(100vh - 14rem);object-fit:contain;border-radius:.5rem}
.viewer-caption{color:#e2e8f0;text-align:center}
.viewer-count{margin:.5rem 0 0;text-align:center;color:#cbd5e1;font-size:.875rem}
.viewer-nav{display:flex;justify-content:center;gap:.75rem;margin-top:.75rem}
.viewer button{min-height:2.75rem;padding:.5rem 1.125rem;border:1px solid #cbd5e1;border-radius:999px;background:transparent;color:#fff;font:inherit;font-weight:700;cursor:pointer}
.viewer button:hover{background:#1e293b}
.viewer-close{position:absolute;top:.75rem;right:.75rem}
@media (max-width:900px){
.tour-grid,.catalogue-grid{grid-template-columns:1fr}
.catalogue-grid{gap:1.25rem}
.side{position:static;grid-column:auto;grid-row:auto}
.toc{display:none}
.highlights{grid-template-columns:1fr}
.tour-main{grid-column:auto;grid-row:auto}
.inquiry{grid-template-columns:1fr}
.hero{aspect-ratio:4/3}
}
`;

const STYLE_HASH = cspHash(SHELL_STYLES);

/**
 * The policy of the site's own documents: their script (as built), the frame-sizing script and one stylesheet, by
 * hash (http/csp.ts).
 */
export function shellCsp(scripts: SiteScripts): string {
  return shellPolicy({
    script: `${cspHash(scripts.parent)} ${cspHash(scripts.languages)} ${cspHash(FRAME_SIZE_SCRIPT)}`,
    style: STYLE_HASH,
  });
}

/** What the head of a shell document says about it. */
export interface ShellHead {
  title: string;
  description: string;
  /** The absolute canonical URL. */
  canonical: string;
  /** An absolute image URL for sharing, or null. */
  image: string | null;
  ogType: 'website' | 'product';
  /** The site's name (og:site_name). */
  siteName: string;
  /** schema.org objects for one JSON-LD block each. */
  jsonLd: object[];
  /** Absolute URLs of the previous and next page of a paged list. */
  prev?: string | null;
  next?: string | null;
  /** A draft seen through a preview link: the banner says so, and search engines are told to stay away. */
  preview?: { expiresAt: string } | null;
  /** A page search engines should not keep (a refused form sent back to its visitor). */
  noindex?: boolean;
  /** The frames' measured heights, so the page is sized before it paints. */
  frameHeights?: FrameHeightsOf;
  /** The document's language (`<html lang>`, og:locale, JSON-LD's inLanguage). */
  language: string;
  /** The same document in the site's other languages, for hreflang and og:locale:alternate. */
  alternates?: Alternates;
  /** The language switcher under the header (site-language.ts): none for a site in one language. */
  switcher?: SwitcherLink[];
  /** The display currency control (a site with display currencies): its choices, and the document's default. */
  currencies?: CurrencyChoice | null;
}

/** The currencies a visitor may see a document's prices in: the site's, then the display currencies. */
export interface CurrencyChoice {
  site: string;
  list: readonly DisplayCurrency[];
  /** The document's default display currency (its language's), or null: the site's. */
  chosen: string | null;
}

/** The currency control of a document in this language, or null on a site without display currencies. */
export function currencyChoice(
  settings: Pick<SiteSettings, 'currency' | 'display_currencies'>,
  lang: DocumentLanguage,
): CurrencyChoice | null {
  if (settings.display_currencies.length === 0) return null;
  return { site: settings.currency, list: settings.display_currencies, chosen: lang.display?.code ?? null };
}

/** A currency's name in the document's language ("US Dollar", "US-Dollar"), or its code where there is none. */
function currencyName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * "Show prices in": the site's currency, then each display currency (converted prices are approximate). The page's
 * script applies a choice at once and keeps it for the visitor's next pages (localStorage); without scripts the
 * prices stay as the server wrote them (the site's, or the language's default beside them).
 */
export function currencyPickerHtml(choice: CurrencyChoice | null | undefined, language: string): Html | null {
  if (!choice) return null;
  const words = siteWords(language).shell;
  const option = (code: string, label: string, rate?: DisplayCurrency) =>
    html`<option value="${code}"${rate && html` data-rate="${String(rate.rate)}" data-rate-set="${rate.rate_set_at}"`}${(choice.chosen ?? choice.site) === code && raw(' selected')}>${label}</option>`;
  // data-approx-title: the converted prices' title in the document's words, for the page's script.
  return html`<div class="currency wrap"><label for="display-currency">${words.showPricesIn}</label>
<select id="display-currency" data-site-currency="${choice.site}" data-approx-title="${words.approxTitle}">
${option(choice.site, `${currencyName(choice.site, language)} (${choice.site})`)}
${join(
  choice.list.map((currency) =>
    option(currency.code, `≈ ${currencyName(currency.code, language)} (${currency.code})`, currency),
  ),
  '\n',
)}
</select></div>`;
}

/** The 'Preview' banner of a draft seen through a preview link, in the document's language. */
export function previewBanner(expiresAt: string, language = 'en'): Html {
  return html`<p class="preview-banner" role="note">${fillHtml(siteWords(language).shell.preview, { until: expiresAt.slice(0, 16).replace('T', ' ') })}</p>`;
}

/** The heights browsers measured for a frame address, by viewport width (rendering/frame-heights.ts). */
export type FrameHeightsOf = (src: string) => string | null;

/**
 * A sandboxed frame of staff HTML, sized by the parent script to its content; `data-heights` (the heights measured
 * at earlier visits, by viewport width) lets the parent script size it before the first paint.
 */
export function staffFrame(src: string, title: string, className: string, heightsOf?: FrameHeightsOf): Html {
  const heights = heightsOf?.(src);
  return html`<iframe class="${className}" src="${src}" title="${title}" sandbox="${SITE_FRAME_SANDBOX}" data-site-frame data-autosize${heights && html` data-heights="${heights}"`}></iframe>${heights && html`<script>${raw(FRAME_SIZE_SCRIPT)}</script>`}`;
}

/**
 * Sizes the frame just before it from its `data-heights` (the height measured at this viewport width, else at the
 * nearest one), run by the parser right after the frame's element, before the page's first layout: a frame told
 * its size later (by the parent script at the end of the body) was first laid out at the placeholder's, and its
 * document laid out twice. The same text after every frame, so one hash in the policy names it.
 */
export const FRAME_SIZE_SCRIPT =
  '(function(f){var w=innerWidth,h=-1,d=1/0;(f.getAttribute("data-heights")||"").split(" ").forEach(function(p){' +
  'var a=p.split(":").map(Number);if(a.length===2&&a[1]>=0&&Math.abs(a[0]-w)<d){d=Math.abs(a[0]-w);h=a[1]}});' +
  'if(h>=0)f.style.height=h+"px"})(document.currentScript.previousElementSibling)';

/** A whole document of the site's own: head, the header frame, the main content, the footer frame, the script. */
export function shellDocument(head: ShellHead, main: Html): string {
  const words = siteWords(head.language).shell;
  const meta = [
    (head.preview || head.noindex) && html`<meta name="robots" content="noindex, nofollow">`,
    html`<meta name="description" content="${head.description}">`,
    html`<link rel="canonical" href="${head.canonical}">`,
    hreflangLinks(head.alternates),
    head.prev && html`<link rel="prev" href="${head.prev}">`,
    head.next && html`<link rel="next" href="${head.next}">`,
    html`<meta property="og:type" content="${head.ogType}">`,
    html`<meta property="og:site_name" content="${head.siteName}">`,
    html`<meta property="og:title" content="${head.title}">`,
    html`<meta property="og:description" content="${head.description}">`,
    html`<meta property="og:url" content="${head.canonical}">`,
    ogLocaleTags(head.language, head.alternates),
    head.image && html`<meta property="og:image" content="${head.image}">`,
    html`<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    ...[...head.jsonLd, webPage(head.canonical, head.title, head.language)].map(jsonLdScript),
  ].filter((tag): tag is Html => tag instanceof Html);
  return String(html`<!doctype html>
<html lang="${head.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${head.title}</title>
${join(meta, '\n')}
<link rel="icon" href="data:,">
<style>${raw(SHELL_STYLES)}</style>
</head>
<body>
<a class="skip" href="#main">${words.skipToContent}</a>
${head.preview && previewBanner(head.preview.expiresAt, head.language)}
${staffFrame(chromeFrameUrl(SITE_FRAME_URLS.header, head.canonical), words.siteHeader, 'chrome chrome-header', head.frameHeights)}
${languageSwitcherHtml(head.switcher, words.languages)}
${currencyPickerHtml(head.currencies, head.language)}
<main id="main" class="wrap">
${main}
</main>
${staffFrame(chromeFrameUrl(SITE_FRAME_URLS.footer, head.canonical), words.siteFooter, 'chrome chrome-footer', head.frameHeights)}
<script>${raw(siteScripts().parent)}</script>${hreflangLinks(head.alternates) && html`<script>${raw(siteScripts().languages)}</script>`}
</body>
</html>
`);
}
