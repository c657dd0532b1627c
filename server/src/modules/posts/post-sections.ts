import {
  EMPTY_TOUR_SECTIONS,
  type Post,
  type PostData,
  type PostFieldData,
  type SectionImage,
  type TourSections,
} from '@tours-cms/contract';
import type { StoredSections } from './posts.repository.js';

const SECTION_KEYS = Object.keys(EMPTY_TOUR_SECTIONS) as (keyof TourSections)[];

/** A JSON column read back, or `fallback` when it holds something else (it never should: the server wrote it). */
function parsed<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A post's sections from its columns and its FAQs' ids. */
export function readSections(row: StoredSections, faqIds: number[]): TourSections {
  return {
    highlights: parsed(row.highlights, []),
    itinerary: parsed(row.itinerary, []),
    includes: parsed(row.includes, []),
    excludes: parsed(row.excludes, []),
    faq_ids: faqIds,
    gallery: parsed(row.gallery, []),
    meeting_point: parsed(row.meeting_point, null),
  };
}

/** The sections' columns (the FAQs aside, which go to post_faqs). */
export function sectionColumns(sections: TourSections): StoredSections {
  return {
    highlights: JSON.stringify(sections.highlights),
    itinerary: JSON.stringify(sections.itinerary),
    includes: JSON.stringify(sections.includes),
    excludes: JSON.stringify(sections.excludes),
    gallery: JSON.stringify(sections.gallery),
    meeting_point: sections.meeting_point === null ? null : JSON.stringify(sections.meeting_point),
  };
}

/** A save's input with every section: the ones it left out are kept as they are (`current`), or empty for a new post. */
export function withAllSections(input: PostData, current: TourSections | undefined): PostFieldData {
  const complete = { ...input } as Record<string, unknown>;
  for (const key of SECTION_KEYS)
    if (complete[key] === undefined) complete[key] = (current ?? EMPTY_TOUR_SECTIONS)[key];
  return complete as unknown as PostFieldData;
}

/** The media items a post's sections show: the gallery's images, then the itinerary's. */
export function sectionImageIds(sections: Pick<TourSections, 'gallery' | 'itinerary'>): number[] {
  return [
    ...new Set([
      ...sections.gallery.map((item) => item.media_id),
      ...sections.itinerary.flatMap((entry) => (entry.image_id === null ? [] : [entry.image_id])),
    ]),
  ];
}

type AnsweredSections = Pick<Post, keyof TourSections>;

/** The sections as the API answers them: each image with what it is; an image that is gone leaves the gallery, and its day. */
export function answeredSections(sections: TourSections, images: Map<number, SectionImage>): AnsweredSections {
  return {
    ...sections,
    gallery: sections.gallery.flatMap((item) => {
      const media = images.get(item.media_id);
      return media ? [{ media, caption: item.caption }] : [];
    }),
    itinerary: sections.itinerary.map((entry) => {
      const image = entry.image_id === null ? null : (images.get(entry.image_id) ?? null);
      return { ...entry, image_id: image ? entry.image_id : null, image };
    }),
  };
}

/** A prepared input (its sections made whole by `withAllSections`): what the writes take. */
export function prepared(data: PostData): PostFieldData {
  if (SECTION_KEYS.some((key) => data[key] === undefined))
    throw new Error('A post was written without all its sections: prepare it first');
  return data as PostFieldData;
}
