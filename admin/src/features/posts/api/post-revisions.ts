import type { Post, Revision, RevisionList } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';

export const getPostRevisions = (postId: number, page: number) => apiFetch<RevisionList>(`/posts/${postId}/revisions?page=${page}`);
export const getPostRevision = (postId: number, revisionId: number) => apiFetch<Revision>(`/posts/${postId}/revisions/${revisionId}`);
export const restorePostRevision = (postId: number, revisionId: number) =>
  apiFetch<Post>(`/posts/${postId}/revisions/${revisionId}/restore`, { method: 'POST' });
