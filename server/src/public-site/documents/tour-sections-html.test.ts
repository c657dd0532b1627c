import { describe, expect, it } from 'vitest';
import type { SectionImage } from '@tours-cms/contract';
import type { TourPageSections } from '../../modules/catalogue/catalogue.service.js';
import { onThisPageHtml, sectionsStructuredData, tourSectionsHtml } from './tour-sections-html.js';

const HOSTILE = `"><script>alert('x')</script>&`;
const ESCAPED = '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;';

const image = (id: number, alt_text: string | null): SectionImage => ({
  id,
  file_path: `uploads/2026/11/IMG_${id}.jpg`,
  thumbnail_path: `uploads/2026/11/IMG_${id}.thumb.webp`,
  alt_text,
  width: 800,
  height: 600,
});

const EMPTY: TourPageSections = {
  highlights: [],
  itinerary: [],
  includes: [],
  excludes: [],
  faq_ids: [],
  gallery: [],
  meeting_point: null,
  faqs: [],
};

const day = (title: string, extra: Partial<TourPageSections['itinerary'][number]> = {}) => ({
  title,
  description: null,
  overnight: null,
  meals: null,
  image_id: null,
  image: null,
  ...extra,
});

const render = (sections: Partial<TourPageSections>, tour = { title: 'Sintra', duration: '2 days' as string | null }) =>
  tourSectionsHtml({ ...EMPTY, ...sections }, tour, new Map());

/** The alt text of every <img> of a fragment, in order. */
const alts = (fragment: string) => [...fragment.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((m) => m[1]);

describe("a tour's sections as the page renders them", () => {
  it('escapes every text staff wrote: lines, day titles and facts, the meeting point, captions, questions', () => {
    const out = String(
      render(
        {
          highlights: [HOSTILE],
          itinerary: [day(HOSTILE, { overnight: HOSTILE, meals: HOSTILE })],
          includes: [HOSTILE],
          excludes: [HOSTILE],
          meeting_point: { name: HOSTILE, address: HOSTILE, latitude: null, longitude: null, notes: HOSTILE },
          gallery: [{ media: image(1, HOSTILE), caption: HOSTILE }],
          faqs: [{ id: 1, question: HOSTILE, answer: '<p>Cleaned on save</p>' }],
        },
        { title: HOSTILE, duration: '2 days' },
      ).html,
    );
    expect(out).not.toContain('<script>');
    // highlight, day title, overnight, meals, included, not included, name, address, notes, alt, caption, question
    expect(out.split(ESCAPED).length - 1).toBe(12);
    // Rich text is cleaned when it is saved (rich-text.ts) and shown as stored.
    expect(out).toContain('<div class="rich"><p>Cleaned on save</p></div>');
  });

  it("gives every image its alternative text, else the gallery caption or the day's title, else the tour's title: never a file name", () => {
    const out = String(
      render({
        itinerary: [
          day('Cabo da Roca', { image_id: 1, image: image(1, null) }),
          day('Sintra', { image: image(2, 'Pena Palace') }),
        ],
        gallery: [
          { media: image(3, 'The bay at dawn'), caption: 'Ignored for alt' },
          { media: image(4, null), caption: 'Morning fog' },
          { media: image(5, null), caption: null },
        ],
      }).html,
    );
    expect(alts(out)).toEqual(['Cabo da Roca', 'Pena Palace', 'The bay at dawn', 'Morning fog', 'Sintra']);
    expect(out).not.toMatch(/alt="IMG_/);
  });

  it('numbers days for a tour of a day or more, stops for a shorter one, and days when the duration does not say', () => {
    const labels = (duration: string | null) =>
      [
        ...String(render({ itinerary: [day('A'), day('B')] }, { title: 'T', duration }).html).matchAll(
          /<span class="day-label">([^<]+)<\/span>/g,
        ),
      ].map((m) => m[1]);
    expect(labels('2 days')).toEqual(['Day 1', 'Day 2']);
    expect(labels('1 day')).toEqual(['Day 1', 'Day 2']);
    expect(labels('3 hours')).toEqual(['Stop 1', 'Stop 2']);
    expect(labels('Half day')).toEqual(['Stop 1', 'Stop 2']);
    expect(labels(null)).toEqual(['Day 1', 'Day 2']);
  });

  it('shows only the sections filled, "On this page" linking them once there are two or more', () => {
    const one = render({ includes: ['Guide'] });
    expect(one.links).toEqual([{ id: 'included', label: "What's included" }]);
    expect(String(one.html)).not.toContain('inclusion-no');
    expect(onThisPageHtml(one.links)).toBeNull();
    const two = render({
      highlights: ['Views'],
      meeting_point: { name: 'Station', address: null, latitude: null, longitude: null, notes: null },
    });
    expect(two.links.map((link) => link.id)).toEqual(['highlights', 'meeting-point']);
    // Without coordinates or an address, no map link.
    expect(String(two.html)).not.toContain('openstreetmap');
    const nav = String(onThisPageHtml(two.links));
    expect(nav).toContain('<a href="#highlights">Highlights</a>');
    expect(nav).toContain('<a href="#meeting-point">Meeting point</a>');
  });

  it('links the meeting point to OpenStreetMap: at its coordinates, else a search for its address', () => {
    const point = (address: string | null, latitude: number | null, longitude: number | null) =>
      String(render({ meeting_point: { name: 'Station', address, latitude, longitude, notes: null } }).html);
    expect(point('Rua Augusta 1, Lisboa', 38.7, -9.1)).toContain(
      'href="https://www.openstreetmap.org/?mlat=38.7&amp;mlon=-9.1#map=17/38.7/-9.1"',
    );
    expect(point('Rua Augusta 1, Lisboa', null, null)).toContain(
      'href="https://www.openstreetmap.org/search?query=Rua%20Augusta%201%2C%20Lisboa" target="_blank" rel="noopener noreferrer">Open in OpenStreetMap',
    );
    expect(point(null, null, null)).not.toContain('OpenStreetMap');
  });

  it('gives JSON-LD the days in order, the gallery as absolute image URLs and a Place without geo when no point is set', () => {
    const data = sectionsStructuredData(
      {
        ...EMPTY,
        itinerary: [day('Lisbon'), day('Sintra')],
        gallery: [{ media: image(3, null), caption: null }],
        meeting_point: { name: 'Rossio', address: null, latitude: null, longitude: null, notes: null },
      },
      (path) => `https://tours.test${path}`,
    );
    expect(data).toEqual({
      itinerary: {
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Lisbon' },
          { '@type': 'ListItem', position: 2, name: 'Sintra' },
        ],
      },
      images: ['https://tours.test/uploads/2026/11/IMG_3.jpg'],
      location: { '@type': 'Place', name: 'Rossio' },
    });
    expect(sectionsStructuredData(EMPTY, (path) => path)).toEqual({ images: [] });
  });
});
