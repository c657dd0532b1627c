import { useQuery } from '@tanstack/react-query';
import type { TaxonomyItem } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getTags = () => apiFetch<TaxonomyItem[]>('/tags/');

/** Every tag, for the post form's Tags card. */
export function useTags() {
  return useQuery({ queryKey: queryKeys.taxonomy('tags'), queryFn: getTags });
}
