import { useQuery } from '@tanstack/react-query';
import type { Module } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';

export const modulesQueryKey = ['modules'] as const;
export const getModules = () => apiFetch<Module[]>('/modules/');

export function useModules() {
  return useQuery({ queryKey: modulesQueryKey, queryFn: getModules });
}
