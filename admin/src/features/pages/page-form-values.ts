import { DEFAULT_PAGE_STATUS, mediaUrl, NEW_PAGE_SLUG, pageContentHtml, type Page, type PageInput, type PageStatus } from '@tours-cms/contract';

/** The builder's views: visual is the default. */
export const BUILDER_VIEWS = ['visual', 'code', 'split', 'preview'] as const;
export type BuilderView = (typeof BUILDER_VIEWS)[number];
export const BUILDER_VIEW_LABELS: Record<BuilderView, string> = { visual: 'Visual', code: 'Code', split: 'Split', preview: 'Preview' };

export const CODE_LANGUAGE_VALUES = ['html', 'javascript', 'css'] as const;
export type BuilderLanguage = (typeof CODE_LANGUAGE_VALUES)[number];

/** The tour fields a page carries on edit, as text inputs. */
export const TOUR_FIELDS = [
  'price',
  'duration',
  'age',
  'location',
  'button_label',
  'button_value',
  'calendar_time_iframe',
  'short_description',
] as const;
export type TourField = (typeof TOUR_FIELDS)[number];

export interface PageFormValues {
  title: string;
  slug: string;
  status: PageStatus;
  /** When a scheduled page goes live: the moment in UTC (ISO), or '' for none. Shown in the site's time zone. */
  publish_at: string;
  content: string;
  seo_title: string;
  seo_description: string;
  featured_image_url: string;
  /** Set when the featured image was chosen from the media library; cleared when the URL is typed. */
  featured_image_id: number | null;
  tour: Record<TourField, string>;
}

/**
 * `template_data` is the builder's own record (its presence marks a rich-editor page): the view and code
 * language last used, so the page opens as it was left. Keys written by others are kept.
 */
export interface BuilderRecord {
  editor: 'page-builder';
  view: BuilderView;
  language: BuilderLanguage;
}

export function readBuilderRecord(templateData: string | null): { view: BuilderView; language: BuilderLanguage } {
  let record: Partial<BuilderRecord> = {};
  try {
    const parsed: unknown = templateData ? JSON.parse(templateData) : null;
    if (parsed && typeof parsed === 'object') record = parsed as Partial<BuilderRecord>;
  } catch {
    // not ours: start at the defaults
  }
  return {
    view: BUILDER_VIEWS.includes(record.view as BuilderView) ? (record.view as BuilderView) : 'visual',
    language: CODE_LANGUAGE_VALUES.includes(record.language as BuilderLanguage) ? (record.language as BuilderLanguage) : 'html',
  };
}

export function writeBuilderRecord(previous: string | null, view: BuilderView, language: BuilderLanguage): string {
  let kept: Record<string, unknown> = {};
  try {
    const parsed: unknown = previous ? JSON.parse(previous) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) kept = parsed as Record<string, unknown>;
  } catch {
    // replaced by ours
  }
  return JSON.stringify({ ...kept, editor: 'page-builder', view, language });
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * The form's values for a page being edited, or a new one's defaults (status draft, slug 'new-page').
 * A featured image chosen from the library shows as its full URL on `origin` when the page kept no URL of its own.
 */
export function pageFormValues(page?: Page, origin = ''): PageFormValues {
  return {
    title: page?.title ?? '',
    slug: page?.slug ?? NEW_PAGE_SLUG,
    status: page?.status ?? DEFAULT_PAGE_STATUS,
    publish_at: page?.publish_at ?? '',
    content: pageContentHtml(page?.content ?? null),
    seo_title: page?.seo_title ?? '',
    seo_description: page?.seo_description ?? '',
    featured_image_url: page?.featured_image_url ?? (page?.featured_image ? mediaUrl(page.featured_image.file_path, origin) : ''),
    featured_image_id: page?.featured_image_id ?? null,
    tour: Object.fromEntries(TOUR_FIELDS.map((field) => [field, text(page?.[field])])) as Record<TourField, string>,
  };
}

/** What the problems with the values are before sending, by field; empty when they can be sent. */
export function pageFormProblems(values: PageFormValues): Partial<Record<'title' | 'slug' | 'price' | 'publish_at', string>> {
  const problems: Partial<Record<'title' | 'slug' | 'price' | 'publish_at', string>> = {};
  if (values.title.trim() === '') problems.title = 'Title is required';
  if (values.status === 'scheduled' && values.publish_at === '') problems.publish_at = 'Publish at is required when the status is Scheduled';
  if (values.slug.trim() === '') problems.slug = 'Slug is required';
  const price = values.tour.price.trim();
  if (price !== '' && !Number.isFinite(Number(price))) problems.price = 'Price must be a number';
  return problems;
}

/**
 * The body of POST /pages/ and PUT /pages/{id}. Content is saved as HTML (the form the editors work in). The
 * tour fields are sent only from the edit screen, which shows them (a create leaves them empty).
 */
export function toPageInput(
  values: PageFormValues,
  options: { includeTourFields: boolean; templateData: string },
): PageInput {
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  const input: PageInput = {
    title: values.title.trim(),
    slug: values.slug.trim(),
    status: values.status,
    publish_at: values.status === 'scheduled' && values.publish_at ? values.publish_at : null,
    content: values.content,
    seo_title: optional(values.seo_title),
    seo_description: optional(values.seo_description),
    featured_image_url: optional(values.featured_image_url),
    featured_image_id: values.featured_image_id,
    template_data: options.templateData,
  };
  if (options.includeTourFields) {
    const price = values.tour.price.trim();
    Object.assign(input, {
      price: price === '' ? null : Number(price),
      duration: optional(values.tour.duration),
      age: optional(values.tour.age),
      location: optional(values.tour.location),
      button_label: optional(values.tour.button_label),
      button_value: optional(values.tour.button_value),
      calendar_time_iframe: values.tour.calendar_time_iframe.trim() === '' ? null : values.tour.calendar_time_iframe,
      short_description: optional(values.tour.short_description),
    });
  }
  // The spec's client sends author_id 1; the server ignores it and keeps the real author.
  return { ...input, author_id: 1 } as PageInput;
}
