import {
  durationMinutes,
  fillWords,
  mediaUrl,
  openStreetMapSearchUrl,
  openStreetMapUrl,
  siteWords,
  type SectionImage,
  type SiteWords,
} from '@tours-cms/contract';
import type { TourPageSections } from '../../modules/catalogue/catalogue.service.js';
import { pictureHtml } from '../images/responsive-images.js';
import type { SiteImages } from './site-document.js';
import { html, join, raw, type Html } from '../rendering/html.js';

/** One section of a tour page, for the "On this page" navigation. */
export interface SectionLink {
  id: string;
  label: string;
}

interface TourFacts {
  title: string;
  duration: string | null;
}

// Each icon is decoration: the text beside it ("Included: lunch") says what it says.
const CHECK_ICON = raw(
  '<svg class="icon" aria-hidden="true" viewBox="0 0 20 20" width="20" height="20"><path fill="currentColor" d="M8.1 13.6 4.5 10l-1.4 1.4 5 5 9-9-1.4-1.4z"/></svg>',
);
const CROSS_ICON = raw(
  '<svg class="icon" aria-hidden="true" viewBox="0 0 20 20" width="20" height="20"><path fill="currentColor" d="m5.4 4 4.6 4.6L14.6 4 16 5.4 11.4 10l4.6 4.6-1.4 1.4-4.6-4.6L5.4 16 4 14.6 8.6 10 4 5.4z"/></svg>',
);

/**
 * The media library images a tour's sections show, by file path: the page asks for their responsive variants
 * in the same one query as the featured image's.
 */
export function sectionImagePaths(sections: TourPageSections): string[] {
  return [
    ...sections.itinerary.flatMap((entry) => (entry.image ? [entry.image.file_path] : [])),
    ...sections.gallery.map((item) => item.media.file_path),
  ];
}

function section(id: string, label: string, body: Html): Html {
  return html`<section id="${id}" class="section tour-section" aria-labelledby="${id}-heading">
<h2 id="${id}-heading">${label}</h2>
${body}
</section>`;
}

function sectionPicture(
  image: SectionImage,
  alt: string,
  images: SiteImages,
  options: { className: string; sizes: string; maxWidth: number; thumbnail?: boolean },
): Html {
  return pictureHtml(images.get(image.file_path), {
    src: mediaUrl(options.thumbnail && image.thumbnail_path ? image.thumbnail_path : image.file_path),
    alt,
    className: options.className,
    sizes: options.sizes,
    loading: 'lazy',
    width: image.width,
    height: image.height,
    maxWidth: options.maxWidth,
  });
}

function highlights(lines: string[]): Html {
  return html`<ul class="highlights">${lines.map((line) => html`<li>${CHECK_ICON}<span>${line}</span></li>`)}</ul>`;
}

/**
 * The itinerary: one native disclosure a day (the first open), numbered "Day 1" or, for a tour shorter than a
 * day, "Stop 1". The descriptions are rich text cleaned on save (rich-text.ts): shown as stored.
 */
function itinerary(
  sections: TourPageSections,
  tour: TourFacts,
  images: SiteImages,
  words: SiteWords['sections'],
): Html {
  const minutes = durationMinutes(tour.duration);
  // As itineraryEntryLabel (contract) numbers them for staff: a tour shorter than a day has stops.
  const entryLabel = minutes !== null && minutes < 24 * 60 ? words.stop : words.day;
  const days = sections.itinerary.map((entry, index) => {
    const label = fillWords(entryLabel, { n: index + 1 });
    const facts = (
      [
        [words.overnight, entry.overnight],
        [words.meals, entry.meals],
      ] as const
    ).filter(([, value]) => value?.trim());
    const body = [
      entry.image &&
        sectionPicture(entry.image, entry.image.alt_text ?? entry.title, images, {
          className: 'day-image',
          sizes: '(min-width: 72rem) 44rem, calc(100vw - 3rem)',
          maxWidth: 1600,
        }),
      // Rich text cleaned on save (rich-text.ts), shown as stored.
      entry.description && html`<div class="rich">${raw(entry.description)}</div>`,
      facts.length > 0 &&
        html`<dl class="day-facts">${facts.map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}</dl>`,
    ];
    return html`<li><details class="day"${index === 0 && ' open'}>
<summary><span class="day-label">${label}</span> <span class="day-title">${entry.title}</span></summary>
<div class="day-body">${body}</div>
</details></li>`;
  });
  return html`<ol class="days">\n${join(days, '\n')}\n</ol>`;
}

/** What is and is not included: two lists, each line read as "Included: …" / "Not included: …". */
function inclusions({ includes, excludes }: TourPageSections, words: SiteWords['sections']): Html {
  const list = (lines: string[], kind: 'yes' | 'no') => {
    const spoken = kind === 'yes' ? words.included : words.notIncluded;
    const icon = kind === 'yes' ? CHECK_ICON : CROSS_ICON;
    return html`<div class="inclusion inclusion-${kind}"><h3>${spoken}</h3><ul>${lines.map(
      (line) => html`<li>${icon}<span><span class="sr-only">${spoken}: </span>${line}</span></li>`,
    )}</ul></div>`;
  };
  return html`<div class="inclusions">${includes.length > 0 && list(includes, 'yes')}${excludes.length > 0 && list(excludes, 'no')}</div>`;
}

/**
 * Where to meet: a plain link to OpenStreetMap (no map tiles or scripts from elsewhere), at the point when it is
 * known, else a search for the address; none when there is neither.
 */
function meetingPoint(point: NonNullable<TourPageSections['meeting_point']>, words: SiteWords): Html {
  const href =
    point.latitude !== null && point.longitude !== null
      ? openStreetMapUrl(point.latitude, point.longitude)
      : point.address && openStreetMapSearchUrl(point.address);
  const map =
    href &&
    html`<p><a class="button button-quiet" href="${href}" target="_blank" rel="noopener noreferrer">${words.sections.openInOpenStreetMap}<span class="sr-only"> ${words.shell.opensInNewTab}</span></a></p>`;
  return html`<div class="meeting panel">
<p class="meeting-name">${point.name}</p>
${point.address && html`<address>${point.address}</address>`}
${point.notes && html`<p class="meeting-notes">${point.notes}</p>`}
${map}
</div>`;
}

/**
 * The gallery: a grid of thumbnails, each a plain link to its image (what works without scripts); the page's
 * script turns the links into a viewer with the caption, previous and next, and Escape.
 */
function gallery(sections: TourPageSections, tour: TourFacts, images: SiteImages, words: SiteWords['gallery']): Html {
  const items = sections.gallery.map(({ media, caption }, index) => {
    const alt = media.alt_text ?? caption ?? tour.title;
    return html`<li><figure>
<a class="gallery-link" href="${mediaUrl(media.file_path)}" data-gallery-index="${index}">${sectionPicture(
      media,
      alt,
      images,
      { className: 'gallery-thumb', sizes: '(min-width: 72rem) 14rem, 45vw', maxWidth: 800, thumbnail: true },
    )}</a>
${caption && html`<figcaption>${caption}</figcaption>`}
</figure></li>`;
  });
  // The viewer's words (the page's script, gallery-viewer.ts) in the document's language.
  return html`<ul class="gallery" data-gallery data-words-previous="${words.previous}" data-words-next="${words.next}" data-words-close="${words.close}" data-words-count="${words.count}" data-words-label="${words.label}">\n${join(items, '\n')}\n</ul>`;
}

/** The FAQs, each a native disclosure; the answers are rich text cleaned on save. */
function faqs(sections: TourPageSections): Html {
  return html`<div class="faqs">${join(
    sections.faqs.map(
      (faq) =>
        html`<details class="faq"><summary>${faq.question}</summary><div class="rich">${raw(faq.answer)}</div></details>`,
    ),
    '\n',
  )}</div>`;
}

/**
 * A tour's sections under its description, in this order and only those filled: highlights, itinerary, what is
 * included, the meeting point, the gallery, the FAQs; with the links of the "On this page" navigation.
 */
export function tourSectionsHtml(
  sections: TourPageSections,
  tour: TourFacts,
  images: SiteImages,
  language = 'en',
): { html: Html; links: SectionLink[] } {
  const words = siteWords(language);
  const named = words.sections;
  const parts: (SectionLink & { body: Html })[] = [];
  if (sections.highlights.length)
    parts.push({ id: 'highlights', label: named.highlights, body: highlights(sections.highlights) });
  if (sections.itinerary.length)
    parts.push({ id: 'itinerary', label: named.itinerary, body: itinerary(sections, tour, images, named) });
  if (sections.includes.length || sections.excludes.length)
    parts.push({ id: 'included', label: named.whatsIncluded, body: inclusions(sections, named) });
  if (sections.meeting_point)
    parts.push({ id: 'meeting-point', label: named.meetingPoint, body: meetingPoint(sections.meeting_point, words) });
  if (sections.gallery.length)
    parts.push({ id: 'gallery', label: named.gallery, body: gallery(sections, tour, images, words.gallery) });
  if (sections.faqs.length) parts.push({ id: 'faqs', label: named.faqs, body: faqs(sections) });
  return {
    html: join(
      parts.map(({ id, label, body }) => section(id, label, body)),
      '\n',
    ),
    links: parts.map(({ id, label }) => ({ id, label })),
  };
}

/** "On this page": links to the sections, beside the facts on wide screens (hidden on narrow ones). */
export function onThisPageHtml(links: SectionLink[], language = 'en'): Html | null {
  if (links.length < 2) return null;
  return html`<nav class="panel toc" aria-labelledby="toc-heading">
<h2 id="toc-heading" class="toc-title">${siteWords(language).sections.onThisPage}</h2>
<ul>${links.map((link) => html`<li><a href="#${link.id}">${link.label}</a></li>`)}</ul>
</nav>`;
}

/** The sections' part of the tour's JSON-LD: the days as an ItemList, the gallery's images, the meeting point. */
export function sectionsStructuredData(
  sections: TourPageSections,
  absolute: (path: string) => string,
): { itinerary?: object; images: string[]; location?: object } {
  const point = sections.meeting_point;
  return {
    ...(sections.itinerary.length
      ? {
          itinerary: {
            '@type': 'ItemList',
            numberOfItems: sections.itinerary.length,
            itemListElement: sections.itinerary.map((entry, index) => ({
              '@type': 'ListItem',
              position: index + 1,
              name: entry.title,
            })),
          },
        }
      : {}),
    images: sections.gallery.map((item) => absolute(mediaUrl(item.media.file_path))),
    ...(point
      ? {
          location: {
            '@type': 'Place',
            name: point.name,
            ...(point.address ? { address: point.address } : {}),
            ...(point.latitude !== null && point.longitude !== null
              ? { geo: { '@type': 'GeoCoordinates', latitude: point.latitude, longitude: point.longitude } }
              : {}),
          },
        }
      : {}),
  };
}
