import type { CreatedPreviewLink, PreviewLink, Revision, RevisionList } from '@tours-cms/contract';
import { apiFetch } from '../../lib/api-client';

/** The API collections of versioned content: each has the same history and (posts, pages) preview-link calls. */
export type VersionedResource = 'posts' | 'pages' | 'components';

/** An item's history calls, for the History panel. */
export function historyApi(resource: VersionedResource, id: number) {
  return {
    fetchList: (page: number) => apiFetch<RevisionList>(`/${resource}/${id}/revisions?page=${page}`),
    fetchRevision: (revisionId: number) => apiFetch<Revision>(`/${resource}/${id}/revisions/${revisionId}`),
    restore: (revisionId: number) =>
      apiFetch<unknown>(`/${resource}/${id}/revisions/${revisionId}/restore`, { method: 'POST' }),
  };
}

/** A post's or page's draft preview-link calls, for the Preview Links panel. */
export function previewLinksApi(resource: Exclude<VersionedResource, 'components'>, id: number) {
  return {
    fetchLinks: () => apiFetch<PreviewLink[]>(`/${resource}/${id}/previews`),
    createLink: () => apiFetch<CreatedPreviewLink>(`/${resource}/${id}/previews`, { method: 'POST', body: {} }),
    revokeLink: (previewId: number) => apiFetch<void>(`/${resource}/${id}/previews/${previewId}`, { method: 'DELETE' }),
  };
}
