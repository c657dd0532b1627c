import type { TaxonomyKind } from '@tours-cms/contract';

/**
 * Every TanStack Query key of the admin, in one place. A key that starts with another is refreshed with it:
 * invalidating `queryKeys.posts` also refreshes an open post, so a write names only the lists it changes.
 */
export const queryKeys = {
  dashboard: ['dashboard'] as const,
  dashboardStats: ['dashboard', 'stats'] as const,
  posts: ['posts'] as const,
  post: (id: number | null) => ['posts', 'id', id] as const,
  postBySlug: (slug: string) => ['posts', 'slug', slug] as const,
  pages: ['pages'] as const,
  page: (id: string | undefined) => ['pages', id] as const,
  /** ['categories'] or ['tags']: the post form's category select reads the Categories screen's entry. */
  taxonomy: (kind: TaxonomyKind) => [kind] as const,
  users: ['users'] as const,
  contacts: ['contacts'] as const,
  modules: ['modules'] as const,
  components: ['components'] as const,
  component: (key: string) => ['components', key] as const,
  /** The one entry for the media list: the library, the selector and anything that uploads share it. */
  media: ['media'] as const,
  mediaSettings: ['media', 'settings'] as const,
  /** The site's settings (name, currency, contact details). */
  settings: ['settings'] as const,
  /** Old addresses and where they lead. */
  redirects: ['redirects'] as const,
  /** Deleted posts, pages and components, by type filter and page. */
  trash: ['trash'] as const,
  trashPage: (type: string, page: number) => ['trash', type, page] as const,
};
