import type { Component, Revision, RevisionList } from '@tours-cms/contract';
import type { DiffField } from '../../components/history/field-diff';
import { apiFetch } from '../../lib/api-client';

export const getComponentRevisions = (id: number, page: number) => apiFetch<RevisionList>(`/components/${id}/revisions?page=${page}`);
export const getComponentRevision = (id: number, revisionId: number) => apiFetch<Revision>(`/components/${id}/revisions/${revisionId}`);
export const restoreComponentRevision = (id: number, revisionId: number) =>
  apiFetch<Component>(`/components/${id}/revisions/${revisionId}/restore`, { method: 'POST' });

/** A saved component's fields in the shape its versions keep them. */
export function componentSnapshot(component: Component): Record<string, unknown> {
  const { name, slug, type, content, description, is_common, is_active } = component;
  return { name, slug, type, content, description, is_common, is_active };
}

const yesNo = (value: unknown) => (value ? 'Yes' : 'No');

/** The component's fields as the diff names them, with the builder's labels. */
export const COMPONENT_DIFF_FIELDS: DiffField[] = [
  { key: 'name', label: 'Component Name' },
  { key: 'type', label: 'Type' },
  { key: 'description', label: 'Description' },
  { key: 'is_common', label: 'Common component', format: yesNo },
  { key: 'is_active', label: 'Active', format: yesNo },
  { key: 'content', label: 'Content' },
];
