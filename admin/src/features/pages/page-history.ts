import type { CreatedPreviewLink, Page, PreviewLink, Revision, RevisionList } from '@tours-cms/contract';
import type { DiffField } from '../../components/history/field-diff';
import { apiFetch } from '../../lib/api-client';

export const getPageRevisions = (pageId: number, page: number) => apiFetch<RevisionList>(`/pages/${pageId}/revisions?page=${page}`);
export const getPageRevision = (pageId: number, revisionId: number) => apiFetch<Revision>(`/pages/${pageId}/revisions/${revisionId}`);
export const getPagePreviewLinks = (pageId: number) => apiFetch<PreviewLink[]>(`/pages/${pageId}/previews`);
export const createPagePreviewLink = (pageId: number) => apiFetch<CreatedPreviewLink>(`/pages/${pageId}/previews`, { method: 'POST', body: {} });
export const revokePagePreviewLink = (pageId: number, previewId: number) => apiFetch<void>(`/pages/${pageId}/previews/${previewId}`, { method: 'DELETE' });
export const restorePageRevision = (pageId: number, revisionId: number) => apiFetch<Page>(`/pages/${pageId}/revisions/${revisionId}/restore`, { method: 'POST' });

/** A saved page's fields in the shape its versions keep them (the API's input shape). */
export function pageSnapshot(page: Page): Record<string, unknown> {
  return {
    title: page.title,
    slug: page.slug,
    content: page.content,
    status: page.status,
    seo_title: page.seo_title,
    seo_description: page.seo_description,
    featured_image_id: page.featured_image_id,
    featured_image_url: page.featured_image_url,
    template_data: page.template_data,
    price: page.price,
    duration: page.duration,
    age: page.age,
    location: page.location,
    button_label: page.button_label,
    button_value: page.button_value,
    calendar_time_iframe: page.calendar_time_iframe,
    short_description: page.short_description,
  };
}

/** The page's fields as the diff names them, with the builder's labels. */
export const PAGE_DIFF_FIELDS: DiffField[] = [
  { key: 'title', label: 'Page Title' },
  { key: 'slug', label: 'URL Slug' },
  { key: 'status', label: 'Status' },
  { key: 'content', label: 'Content' },
  { key: 'featured_image_url', label: 'Featured Image' },
  { key: 'seo_title', label: 'SEO Title' },
  { key: 'seo_description', label: 'SEO Description' },
  { key: 'price', label: 'Price' },
  { key: 'duration', label: 'Duration' },
  { key: 'age', label: 'Age' },
  { key: 'location', label: 'Location' },
  { key: 'button_label', label: 'Button Label' },
  { key: 'button_value', label: 'Button Value' },
  { key: 'short_description', label: 'Short Description' },
  { key: 'calendar_time_iframe', label: 'Calendar Time iFrame' },
];
