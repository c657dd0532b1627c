import {
  emptyFormValues,
  inputDefaults,
  fieldKeys,
  mediaUrl,
  NEW_PAGE_SLUG,
  pageContentHtml,
  pageFields,
  pageInputSchema,
  pageSnapshot,
  scheduledOnly,
  toFormValues,
  toInputValues,
  tourFieldSpecs,
  type FormValues,
  type Page,
  type PageData,
  type PageFields,
  type PageInput,
} from '@tours-cms/contract';

/** The builder's views: visual is the default. */
export const BUILDER_VIEWS = ['visual', 'code', 'split', 'preview'] as const;
export type BuilderView = (typeof BUILDER_VIEWS)[number];
export const BUILDER_VIEW_LABELS: Record<BuilderView, string> = {
  visual: 'Visual',
  code: 'Code',
  split: 'Split',
  preview: 'Preview',
};

export const CODE_LANGUAGE_VALUES = ['html', 'javascript', 'css'] as const;
export type BuilderLanguage = (typeof CODE_LANGUAGE_VALUES)[number];

/** The tour fields a page carries on edit, as text inputs, in the field table's order. */
export const TOUR_FIELDS = fieldKeys(tourFieldSpecs);
export type TourField = (typeof TOUR_FIELDS)[number];

/** What the builder's inputs hold: one value per field of the pages' field table, the content as HTML. */
export type PageFormValues = FormValues<PageData, PageFields>;

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
    language: CODE_LANGUAGE_VALUES.includes(record.language as BuilderLanguage)
      ? (record.language as BuilderLanguage)
      : 'html',
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

/**
 * The form's values for a page being edited, or a new one's defaults (status draft, slug 'new-page').
 * A featured image chosen from the library shows as its full URL on `origin` when the page kept no URL of its own.
 */
export function pageFormValues(page?: Page, origin = ''): PageFormValues {
  const empty = emptyFormValues<PageData, PageFields>(pageFields, {
    ...inputDefaults(pageInputSchema),
    slug: NEW_PAGE_SLUG,
  });
  if (!page) return empty;
  return {
    ...toFormValues<PageData, PageFields>(pageFields, pageSnapshot(page), empty),
    content: pageContentHtml(page.content),
    featured_image_url:
      page.featured_image_url ?? (page.featured_image ? mediaUrl(page.featured_image.file_path, origin) : ''),
  };
}

/**
 * The body of POST /pages/ and PUT /pages/{id}, field by field from the table, text trimmed. Content is saved as
 * HTML (the form the editors work in); `template_data` is the builder's record of the view and code language in
 * use. The tour fields are sent only from the edit screen, which shows them (a create leaves them out).
 */
export function toPageInput(
  values: PageFormValues,
  builder: { view: BuilderView; language: BuilderLanguage; includeTourFields: boolean },
): PageInput & { author_id: number } {
  const input: Record<string, unknown> = scheduledOnly(
    toInputValues<PageData, PageFields>(pageFields, values, 'trimmed') as PageInput,
  );
  if (!builder.includeTourFields) for (const field of TOUR_FIELDS) delete input[field];
  // The spec's client sends author_id 1; the server ignores it and keeps the real author.
  return {
    ...(input as PageInput),
    template_data: writeBuilderRecord(values.template_data || null, builder.view, builder.language),
    author_id: 1,
  };
}

/** An unsaved copy kept by an older admin, which held the tour fields apart. */
export function revivePageCopy(
  stored: Partial<PageFormValues> & { tour?: Partial<Record<TourField, string>> },
): Partial<PageFormValues> {
  const { tour, ...values } = stored;
  return tour ? { ...tour, ...values } : values;
}
