import { useQuery } from '@tanstack/react-query';
import type { Component } from '@tours-cms/contract';
import { apiFetch, ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One component by id or by slug (GET /components/{id or slug}). */
export const getComponent = (key: string | number) =>
  apiFetch<Component>(`/components/${encodeURIComponent(String(key))}`);

export function useComponent(key: string | number | undefined) {
  return useQuery({
    queryKey: queryKeys.component(String(key)),
    queryFn: () => getComponent(key!),
    enabled: key !== undefined && key !== '',
    // A missing component stays missing: no retries on 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}
