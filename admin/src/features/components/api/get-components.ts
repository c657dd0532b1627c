import { useQuery } from '@tanstack/react-query';
import type { Component } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';

export const componentsQueryKey = ['components'] as const;
export const getComponents = () => apiFetch<Component[]>('/components/');

export function useComponents() {
  return useQuery({ queryKey: componentsQueryKey, queryFn: getComponents });
}
