import { useMutation, useQuery } from '@tanstack/react-query';
import type { Category, Menu, MenuInput, MenuLocation, PageListItem, PostListItem } from '@tours-cms/contract';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidate } from '../../../lib/use-invalidate';

export const getMenus = () => apiFetch<Menu[]>('/menus/');
export const saveMenu = (location: MenuLocation, input: MenuInput) =>
  apiFetch<Menu>(`/menus/${location}`, { method: 'PUT', body: input });

/** Both menus, the header's and the footer's. */
export function useMenus() {
  return useQuery({ queryKey: queryKeys.menus, queryFn: getMenus });
}

export function useSaveMenu() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ location, input }: { location: MenuLocation; input: MenuInput }) => saveMenu(location, input),
    onSuccess: () => invalidate([queryKeys.menus, queryKeys.activity, queryKeys.dashboard]),
  });
}

/** What a menu item may lead to: the pages, the tours and the tour categories (the lists' own entries). */
export function useMenuTargets() {
  const pages = useQuery({ queryKey: queryKeys.pages, queryFn: () => apiFetch<PageListItem[]>('/pages/') });
  const posts = useQuery({ queryKey: queryKeys.posts, queryFn: () => apiFetch<PostListItem[]>('/posts/') });
  const categories = useQuery({
    queryKey: queryKeys.taxonomy('categories'),
    queryFn: () => apiFetch<Category[]>('/categories/'),
  });
  return { pages, posts, categories };
}
