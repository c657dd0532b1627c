import type { CreatedPreviewLink, Post, PreviewLink, Revision, RevisionList } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';

export const getPostRevisions = (postId: number, page: number) => apiFetch<RevisionList>(`/posts/${postId}/revisions?page=${page}`);
export const getPostRevision = (postId: number, revisionId: number) => apiFetch<Revision>(`/posts/${postId}/revisions/${revisionId}`);
export const restorePostRevision = (postId: number, revisionId: number) =>
  apiFetch<Post>(`/posts/${postId}/revisions/${revisionId}/restore`, { method: 'POST' });

export const getPostPreviewLinks = (postId: number) => apiFetch<PreviewLink[]>(`/posts/${postId}/previews`);
export const createPostPreviewLink = (postId: number) => apiFetch<CreatedPreviewLink>(`/posts/${postId}/previews`, { method: 'POST', body: {} });
export const revokePostPreviewLink = (postId: number, previewId: number) => apiFetch<void>(`/posts/${postId}/previews/${previewId}`, { method: 'DELETE' });
