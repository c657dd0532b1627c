import { z } from 'zod';
import {
  CAPTION_MAX,
  CONTENT_MAX,
  GALLERY_IMAGES_MAX,
  ID_MAX,
  ITINERARY_DAYS_MAX,
  MEETING_NOTES_MAX,
  SHORT_TEXT_MAX,
  TITLE_MAX,
  TOUR_FAQS_MAX,
  TOUR_HIGHLIGHTS_MAX,
  TOUR_INCLUDES_MAX,
  TOUR_LINE_MAX,
} from './limits.js';
import { idSchema, nullableText, optionalId, optionalText, requiredText } from './common.js';

/*
 * A tour's sections (issue 28): what a traveller asks before booking, as structured content of the post rather
 * than free HTML. In a save each section is optional: one left out stays as it is (clients written against the
 * spec's fields lose nothing); an empty list or null clears it.
 */

/** One short line of a list (a highlight, something included): trimmed, never blank. */
function lineSchema(noun: string) {
  return z
    .string({ message: `${noun} must be text` })
    .trim()
    .min(1, `${noun} cannot be blank`)
    .max(TOUR_LINE_MAX, `${noun} must be at most ${TOUR_LINE_MAX} characters`);
}

function linesSchema(noun: string, plural: string, max: number) {
  return z
    .array(lineSchema(noun), { message: `${plural} must be a list of lines` })
    .max(max, `A tour has at most ${max} ${plural.toLowerCase()}`);
}

/** One day (or stop) of the itinerary; its description is rich text, cleaned of scripts and handlers on save. */
export const itineraryEntryInputSchema = z.object({
  title: requiredText('Title', TITLE_MAX),
  description: optionalText(CONTENT_MAX),
  overnight: optionalText(SHORT_TEXT_MAX),
  meals: optionalText(SHORT_TEXT_MAX),
  image_id: optionalId('Image id'),
});
export type ItineraryEntryInput = z.input<typeof itineraryEntryInputSchema>;
export type ItineraryEntry = z.output<typeof itineraryEntryInputSchema>;

/** One image of the gallery, by its media item, with an optional caption. */
export const galleryItemInputSchema = z.object({
  media_id: z
    .number({ message: 'Media id must be a whole number' })
    .int('Media id must be a whole number')
    .positive('Media id must be positive')
    .max(ID_MAX, `Media id must be at most ${ID_MAX}`),
  caption: optionalText(CAPTION_MAX),
});
export type GalleryItemInput = z.output<typeof galleryItemInputSchema>;

function coordinate(label: string, limit: number) {
  return z
    .number({ message: `${label} must be a number` })
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`)
    .nullish()
    .transform((value) => value ?? null);
}

/** Where the tour starts: a name and address for people, optionally a point on the map (both coordinates, or neither). */
export const meetingPointInputSchema = z
  .object({
    name: requiredText('Meeting point name', TITLE_MAX),
    address: optionalText(SHORT_TEXT_MAX),
    latitude: coordinate('Latitude', 90),
    longitude: coordinate('Longitude', 180),
    notes: optionalText(MEETING_NOTES_MAX),
  })
  .superRefine((point, ctx) => {
    if ((point.latitude === null) !== (point.longitude === null)) {
      const missing = point.latitude === null ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'Give both latitude and longitude, or neither' });
    }
  });
export type MeetingPoint = z.output<typeof meetingPointInputSchema>;

/** The sections as a save takes them; each may be left out (kept as it is). */
export const tourSectionsInputShape = {
  highlights: linesSchema('Highlight', 'Highlights', TOUR_HIGHLIGHTS_MAX).optional(),
  itinerary: z
    .array(itineraryEntryInputSchema, { message: 'Itinerary must be a list of days' })
    .max(ITINERARY_DAYS_MAX, `An itinerary has at most ${ITINERARY_DAYS_MAX} entries`)
    .optional(),
  includes: linesSchema('Included item', 'Included items', TOUR_INCLUDES_MAX).optional(),
  excludes: linesSchema('Excluded item', 'Excluded items', TOUR_INCLUDES_MAX).optional(),
  /** Reusable FAQs, in the order the tour shows them (duplicates collapse). */
  faq_ids: z
    .array(
      z
        .number({ message: 'FAQ ids must be whole numbers' })
        .int('FAQ ids must be whole numbers')
        .positive('FAQ ids must be positive')
        .max(ID_MAX, `FAQ ids must be at most ${ID_MAX}`),
      { message: 'FAQ ids must be a list of numbers' },
    )
    .max(TOUR_FAQS_MAX, `A tour shows at most ${TOUR_FAQS_MAX} FAQs`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  gallery: z
    .array(galleryItemInputSchema, { message: 'Gallery must be a list of images' })
    .max(GALLERY_IMAGES_MAX, `A gallery has at most ${GALLERY_IMAGES_MAX} images`)
    .optional(),
  meeting_point: meetingPointInputSchema.nullable().optional(),
};

/** A media item as a tour's sections show it: enough for an image of the right size and its text alternative. */
export const sectionImageSchema = z.object({
  id: idSchema,
  file_path: z.string(),
  thumbnail_path: nullableText,
  alt_text: nullableText,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type SectionImage = z.infer<typeof sectionImageSchema>;

/** The sections as the API answers them: every section, an image with what it is (null once it is gone). */
export const tourSectionsOutputShape = {
  highlights: z.array(z.string()),
  itinerary: z.array(
    z.object({
      title: z.string(),
      description: nullableText,
      overnight: nullableText,
      meals: nullableText,
      image_id: idSchema.nullable(),
      image: sectionImageSchema.nullable(),
    }),
  ),
  includes: z.array(z.string()),
  excludes: z.array(z.string()),
  faq_ids: z.array(idSchema),
  gallery: z.array(z.object({ media: sectionImageSchema, caption: nullableText })),
  meeting_point: z
    .object({
      name: z.string(),
      address: nullableText,
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      notes: nullableText,
    })
    .nullable(),
};

/** The stored (and versioned) form of the sections: ids, not the media items they name. */
export interface TourSections {
  highlights: string[];
  itinerary: ItineraryEntry[];
  includes: string[];
  excludes: string[];
  faq_ids: number[];
  gallery: GalleryItemInput[];
  meeting_point: MeetingPoint | null;
}

/** A tour without sections. */
export const EMPTY_TOUR_SECTIONS: TourSections = {
  highlights: [],
  itinerary: [],
  includes: [],
  excludes: [],
  faq_ids: [],
  gallery: [],
  meeting_point: null,
};

/**
 * The sections' field specs (fields.ts), which the posts' table spreads: labels, kinds and the activity log's names.
 * The tour page reads them through the posts service (images and FAQs resolved), not as catalogue columns.
 */
export const tourSectionSpecs = {
  highlights: { label: 'Highlights', kind: 'lines' },
  itinerary: { label: 'Itinerary', kind: 'itinerary', log: 'the itinerary' },
  includes: { label: "What's Included", kind: 'lines', log: "what's included" },
  excludes: { label: 'Not Included', kind: 'lines', log: "what's not included" },
  faq_ids: { label: 'FAQs', kind: 'references', references: 'faqs', log: 'the FAQs' },
  gallery: { label: 'Gallery', kind: 'gallery', log: 'the gallery' },
  meeting_point: { label: 'Meeting Point', kind: 'place', log: 'the meeting point' },
} as const;

/** "Day 1" for a tour of a day or more, "Stop 1" for a shorter one (whose duration reads under a day). */
export function itineraryEntryLabel(position: number, durationMinutes: number | null): string {
  return `${durationMinutes !== null && durationMinutes < 24 * 60 ? 'Stop' : 'Day'} ${position}`;
}

/**
 * Where a point opens in OpenStreetMap (a marker at the point): the meeting point's link, in the editor and on the
 * tour page. A plain link: no map tiles or scripts are loaded from a third party.
 */
export function openStreetMapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/** Where an address is looked up in OpenStreetMap: the meeting point's link when it has no coordinates. */
export function openStreetMapSearchUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}
