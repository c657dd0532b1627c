import {
  BOOKING_FRAME_SANDBOX,
  bookingLink,
  fillWords,
  mediaUrl,
  PAGE_DESCRIPTION_MAX,
  parseBookingEmbed,
  siteWords,
  type SiteSettings,
  type SiteWords,
} from '@tours-cms/contract';
import type { TourPageData } from '../../modules/catalogue/catalogue.service.js';
import { inquiryFormHtml } from './inquiry-form.js';
import { htmlToText, truncateText } from './page-text.js';
import { absoluteUrl, type SiteImages } from './site-document.js';
import { pictureHtml } from '../images/responsive-images.js';
import { currencyChoice, type FrameHeightsOf, shellDocument, SITE_FRAME_URLS, staffFrame } from './site-shell.js';
import { breadcrumbList, tourStructuredData } from './structured-data.js';
import { categoryPath, fromPrice, fromPriceHtml, nextDepartureHtml, tourCardHtml, tourPath } from './tour-cards.js';
import { fillHtml, html, join, type Html } from '../rendering/html.js';
import { alternatesOf, inLanguage, languagePrefix, languageSwitcher, type DocumentLanguage } from './site-language.js';
import { tourDeparturesHtml } from './tour-departures-html.js';
import { onThisPageHtml, sectionImagePaths, sectionsStructuredData, tourSectionsHtml } from './tour-sections-html.js';

/** What every document of the site's own needs besides its data. */
export interface SiteContext {
  /** The media library images the document shows, with their variants (none: every image as it is). */
  images?: SiteImages;
  origin: string;
  settings: SiteSettings;
  /** The site's own host names (config.ownHosts): a booking frame from one of them is not shown. */
  siteHosts?: readonly string[];
  /** The frames' measured heights (rendering/frame-heights.ts): none for previews. */
  frameHeights?: FrameHeightsOf;
  /** The document's language and its addresses' prefix; none: the site's default language. */
  lang?: DocumentLanguage;
}

/** A draft seen through a preview link: its banner, and the frame that holds its content (by the link's token). */
export interface PreviewContext {
  expiresAt: string;
  contentFrameUrl: string;
}

/** Where a tour's inquiry form posts, and the fragment the answer returns to (it shows the thank-you notice). */
export function inquiryPath(slug: string): string {
  return `${tourPath(slug)}/inquiry`;
}
export const INQUIRY_SENT_FRAGMENT = 'inquiry-sent';
/** "Request this date": the tour's inquiry form with a departure chosen, asking for the party. */
export function requestDatePath(slug: string, departureId: number): string {
  return `${inquiryPath(slug)}?departure=${departureId}`;
}
/** The thank-you notice of the default (English) words; each language's is its words' `tour.inquirySent`. */
export const INQUIRY_SENT_MESSAGE = siteWords('en').tour.inquirySent;

/** The media library images a tour page shows (for their responsive variants, asked for in one query). */
export function tourPageImagePaths(data: TourPageData): string[] {
  return [
    data.tour.image_path,
    ...data.related.map((card) => card.image_path),
    ...sectionImagePaths(data.sections),
  ].filter((path): path is string => path !== null);
}

/** The document title: the SEO title as written, else "Tour | Site". */
function tourTitle(data: TourPageData, settings: SiteSettings): string {
  return data.tour.seo_title?.trim() || `${data.tour.title} | ${settings.site_name}`;
}

/** The meta description: the SEO description, else the short description, the excerpt, the content's text, the title. */
function tourDescription({ tour }: TourPageData): string {
  const candidates = [
    tour.seo_description,
    tour.short_description,
    tour.excerpt,
    tour.content ? htmlToText(tour.content) : null,
  ];
  const text = candidates.map((value) => value?.trim()).find(Boolean);
  return text ? truncateText(text.replace(/\s+/g, ' '), PAGE_DESCRIPTION_MAX) : tour.title;
}

function bookingButton(data: TourPageData, words: SiteWords): Html | null {
  const link = bookingLink(data.tour.button_value);
  if (!link) return null;
  const label = data.tour.button_label?.trim() || words.tour.bookNow;
  const web = link.kind === 'web';
  const external = web && html` target="_blank" rel="noopener"`;
  const hint = web && html`<span class="sr-only"> ${words.shell.opensInNewTab}</span>`;
  return html`<a class="button button-block" href="${link.href}"${external}>${label}${hint}</a>`;
}

/** The provider's own frame, from the validated https URL only: none of the field's other markup is ever written. */
function bookingCalendar(data: TourPageData, siteHosts: readonly string[], words: SiteWords): Html | null {
  const embed = parseBookingEmbed(data.tour.calendar_time_iframe, { siteHosts });
  if (!embed) return null;
  const title = embed.title ?? fillWords(words.tour.calendarTitle, { title: data.tour.title });
  return html`<section class="section" aria-labelledby="calendar-heading">
<h2 id="calendar-heading">${words.tour.availabilityAndBooking}</h2>
<iframe class="calendar" src="${embed.src}" title="${title}" height="${embed.height ?? 640}" sandbox="${BOOKING_FRAME_SANDBOX}" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>
</section>`;
}

function inquiryForm(data: TourPageData, words: SiteWords, language: string): Html {
  return html`<section id="inquiry" class="section" aria-labelledby="inquiry-heading">
<h2 id="inquiry-heading">${words.tour.askAboutThisTour}</h2>
<p id="${INQUIRY_SENT_FRAGMENT}" class="notice" role="status">${words.tour.inquirySent}</p>
${inquiryFormHtml(inquiryPath(data.tour.slug), undefined, language)}
</section>`;
}

/** The facts beside the tour: price, duration, age, location, the booking button, category and tags. */
function factsPanel(data: TourPageData, settings: SiteSettings, { language, prefix, display }: DocumentLanguage): Html {
  const { tour, tags } = data;
  const words = siteWords(language);
  const summary = data.summaries.get(tour.id);
  const price = fromPrice(tour.price, summary);
  const next = nextDepartureHtml(summary, language);
  const facts = (
    [
      [words.tour.duration, tour.duration],
      [words.tour.age, tour.age],
      [words.tour.location, tour.location],
    ] as const
  ).filter(([, value]) => value?.trim());
  return html`<aside class="panel facts" aria-label="${words.tour.details}">
${price !== null && html`<p class="price">${fromPriceHtml(price, settings.currency, language, display)}</p>`}
${next && html`<p class="terms"><a href="#dates">${next}</a></p>`}
${facts.length > 0 && html`<dl>${facts.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}</dl>`}
${bookingButton(data, words)}
<p class="terms"><a href="#inquiry">${words.tour.askUsAQuestion}</a></p>
${
  tour.category_slug &&
  tour.category_name &&
  html`<p class="terms">${fillHtml(words.tour.destination, {
    category: html`<a href="${categoryPath(tour.category_slug, prefix)}">${tour.category_name}</a>`,
  })}</p>`
}
${
  tags.length > 0 &&
  html`<ul class="tags" aria-label="${words.tour.tags}">${tags.map(
    (tag) => html`<li><a href="${prefix}/tours?tag=${encodeURIComponent(tag.slug)}">${tag.name}</a></li>`,
  )}</ul>`
}
</aside>`;
}

/**
 * A tour's page at /tours/{slug}: the site's own markup around the tour's fields (every value escaped), the
 * content in a sandboxed frame of its own URL, the provider's booking frame, the inquiry form and up to three
 * related tours; JSON-LD (TouristTrip + Product, BreadcrumbList), Open Graph and the canonical URL in the head.
 */
export function tourDocument(
  data: TourPageData,
  {
    origin,
    settings,
    images = new Map(),
    siteHosts = [],
    frameHeights,
    lang = { language: settings.default_language, prefix: '' },
  }: SiteContext,
  preview: PreviewContext | null = null,
): string {
  const { tour, related } = data;
  const { language, prefix } = lang;
  const words = siteWords(language);
  const url = `${origin}${tourPath(tour.slug, prefix)}`;
  const description = tourDescription(data);
  const imagePath = tour.image_path ? mediaUrl(tour.image_path) : null;
  const shareImage = imagePath
    ? absoluteUrl(origin, imagePath)
    : settings.social_image_url
      ? absoluteUrl(origin, settings.social_image_url)
      : null;
  const logo = settings.social_image_url ? absoluteUrl(origin, settings.social_image_url) : null;
  const sections = tourSectionsHtml(data.sections, tour, images, language);
  const sectionsData = sectionsStructuredData(data.sections, (path) => absoluteUrl(origin, path));
  const crumbs = [
    { name: words.shell.home, url: `${origin}${inLanguage(prefix, '/')}` },
    { name: words.shell.tours, url: `${origin}${prefix}/tours` },
    ...(tour.category_slug && tour.category_name
      ? [{ name: tour.category_name, url: `${origin}${categoryPath(tour.category_slug, prefix)}` }]
      : []),
    { name: tour.title },
  ];
  // The tour in every language it is published in (a preview names none: it is no address of the site).
  const alternates = preview
    ? undefined
    : alternatesOf(
        [
          { language, url },
          ...data.translations
            .filter((translation) => translation.status === 'published')
            .map((translation) => ({
              language: translation.language,
              url: `${origin}${tourPath(translation.slug, languagePrefix(translation.language, settings))}`,
            })),
        ],
        settings,
      );
  const main = html`<nav class="crumbs" aria-label="${words.shell.breadcrumb}"><ol>
${join(
  crumbs.map((crumb, index) =>
    index < crumbs.length - 1
      ? html`<li><a href="${crumb.url!.slice(origin.length)}">${crumb.name}</a></li>`
      : html`<li aria-current="page">${crumb.name}</li>`,
  ),
  '\n',
)}
</ol></nav>
<article>
${tour.location && html`<p class="eyebrow">${tour.location}</p>`}
<h1 class="title">${tour.title}</h1>
${tour.short_description && html`<p class="lead">${tour.short_description}</p>`}
${
  imagePath &&
  pictureHtml(images.get(tour.image_path!), {
    src: imagePath,
    alt: tour.image_alt ?? tour.title,
    className: 'hero',
    // .wrap: at most 72rem wide, 1.5rem of padding each side.
    sizes: '(min-width: 72rem) 69rem, calc(100vw - 3rem)',
    loading: 'hero',
    width: tour.image_width,
    height: tour.image_height,
  })
}
<div class="tour-grid">
<div class="side">
${factsPanel(data, settings, lang)}
${onThisPageHtml(sections.links, language)}
</div>
<div class="tour-main">
${tour.content?.trim() && staffFrame(preview?.contentFrameUrl ?? SITE_FRAME_URLS.tour(tour.slug), fillWords(words.tour.about, { title: tour.title }), 'content', frameHeights)}
${sections.html}
${tourDeparturesHtml(
  data.departures,
  settings.currency,
  tour.price,
  {
    requestHref: (departure) => requestDatePath(tour.slug, departure.id),
    moreHref: data.moreDepartures ? `${tourPath(tour.slug, prefix)}?dates=all#dates` : null,
  },
  language,
  lang.display,
  settings.default_language,
)}
${bookingCalendar(data, siteHosts, words)}
${inquiryForm(data, words, language)}
</div>
</div>
</article>
${
  related.length > 0 &&
  html`<section class="section" aria-labelledby="related-heading">
<h2 id="related-heading">${words.tour.relatedTours}</h2>
<ul class="cards">
${join(
  related.map((card) => tourCardHtml(card, settings.currency, 3, images, data.summaries.get(card.id), lang)),
  '\n',
)}
</ul>
</section>`
}`;
  return shellDocument(
    {
      title: tourTitle(data, settings),
      description,
      canonical: url,
      image: shareImage,
      ogType: 'product',
      siteName: settings.site_name,
      jsonLd: [
        tourStructuredData(
          {
            name: tour.title,
            description,
            url,
            images: [...(imagePath ? [absoluteUrl(origin, imagePath)] : []), ...sectionsData.images],
            itinerary: sectionsData.itinerary,
            location: sectionsData.location,
            category: tour.category_name,
            price: tour.price,
            departures: data.summaries.get(tour.id),
          },
          settings,
          origin,
          logo,
        ),
        breadcrumbList(crumbs),
      ],
      preview: preview ? { expiresAt: preview.expiresAt } : null,
      frameHeights,
      language,
      alternates,
      switcher: languageSwitcher(language, alternates, settings, origin),
      currencies: currencyChoice(settings, lang),
    },
    main,
  );
}
