import { useQuery } from '@tanstack/react-query';
import type { Component } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getComponents = () => apiFetch<Component[]>('/components/');

export function useComponents() {
  return useQuery({ queryKey: queryKeys.components, queryFn: getComponents });
}
