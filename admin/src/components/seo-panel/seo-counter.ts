import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_WARN, SEO_TITLE_MAX, SEO_TITLE_WARN } from '@tours-cms/contract';

export type CounterTone = 'green' | 'yellow' | 'red';

/** Red above the limit, yellow above the warning length, green otherwise. */
export function counterTone(length: number, warnAbove: number, max: number): CounterTone {
  if (length > max) return 'red';
  if (length > warnAbove) return 'yellow';
  return 'green';
}

export const SEO_TITLE_LIMITS = { warnAbove: SEO_TITLE_WARN, max: SEO_TITLE_MAX } as const;
export const SEO_DESCRIPTION_LIMITS = { warnAbove: SEO_DESCRIPTION_WARN, max: SEO_DESCRIPTION_MAX } as const;

/** What the search-engine preview shows, with the spec's fallbacks. */
export function searchPreview(input: {
  seoTitle: string;
  title: string;
  slug: string;
  description: string;
  origin: string;
}) {
  return {
    title: input.seoTitle.trim() || input.title.trim() || 'Page Title',
    url: `${input.origin}/${input.slug.trim() || 'page-slug'}`,
    description: input.description.trim() || 'Meta description will appear here...',
    hasDescription: input.description.trim() !== '',
  };
}
