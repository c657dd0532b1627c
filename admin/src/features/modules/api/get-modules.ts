import { useQuery } from '@tanstack/react-query';
import type { Module } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getModules = () => apiFetch<Module[]>('/modules/');

export function useModules() {
  return useQuery({ queryKey: queryKeys.modules, queryFn: getModules });
}
