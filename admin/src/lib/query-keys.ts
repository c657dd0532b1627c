import type { TaxonomyKind } from '@tours-cms/contract';

/**
 * Every TanStack Query key of the admin, in one place. A key that starts with another is refreshed with it:
 * invalidating `queryKeys.posts` also refreshes an open post, so a write names only the lists it changes.
 */
export const queryKeys = {
  dashboard: ['dashboard'] as const,
  dashboardStats: ['dashboard', 'stats'] as const,
  /** The dashboard's Recent Activity: under `dashboard`, so every write that refreshes the totals refreshes it too. */
  recentActivity: ['dashboard', 'activity'] as const,
  /** The Activity screen (its pages by filters under it). */
  activity: ['activity'] as const,
  /** The signed-in user's own account (the Account screen) and their sessions. */
  account: ['account'] as const,
  accountSessions: ['account', 'sessions'] as const,
  posts: ['posts'] as const,
  post: (id: number | null) => ['posts', 'id', id] as const,
  postBySlug: (slug: string) => ['posts', 'slug', slug] as const,
  /** Reusable FAQs with their tour counts: a post's save changes the counts, so it refreshes this too. */
  faqs: ['faqs'] as const,
  pages: ['pages'] as const,
  page: (id: string | undefined) => ['pages', id] as const,
  /** ['categories'] or ['tags']: the post form's category select reads the Categories screen's entry. */
  taxonomy: (kind: TaxonomyKind) => [kind] as const,
  users: ['users'] as const,
  /** One user's sessions, in the Users screen's Edit modal. */
  userSessions: (id: number) => ['users', id, 'sessions'] as const,
  contacts: ['contacts'] as const,
  /** The sidebar's count of new inquiries: under `contacts`, so every change of an inquiry refreshes it. */
  contactsSummary: ['contacts', 'summary'] as const,
  /** One inquiry (the details a link opens): under `contacts`, so a status change refreshes it. */
  contact: (id: number) => ['contacts', id] as const,
  modules: ['modules'] as const,
  components: ['components'] as const,
  component: (key: string) => ['components', key] as const,
  /** The one entry for the media list: the library, the selector and anything that uploads share it. */
  media: ['media'] as const,
  /** Where one item is used (its details): under `media`, so an upload or delete refreshes it. */
  mediaUsage: (id: number) => ['media', id, 'usage'] as const,
  mediaSettings: ['media', 'settings'] as const,
  /** The library's pages and folder tabs (server-paged): refreshed with the whole list by an upload or delete. */
  mediaLists: ['media', 'lists'] as const,
  mediaFolders: ['media', 'lists', 'folders'] as const,
  /** The site's settings (name, currency, contact details). */
  settings: ['settings'] as const,
  /** Settings' e-mail part (administrators only): who is told of inquiries, what did not go out. */
  mailSettings: ['settings', 'mail'] as const,
  /** Old addresses and where they lead. */
  redirects: ['redirects'] as const,
  /** Deleted posts, pages and components, by type filter and page. */
  trash: ['trash'] as const,
  trashPage: (type: string, page: number) => ['trash', type, page] as const,
  /** The header's and the footer's menus (with their targets' titles: a page's or tour's save refreshes them). */
  menus: ['menus'] as const,
};

/**
 * What a write of each kind of item changes besides its own entry: a post's save or trash changes the dashboard's
 * totals, the FAQs' tour counts and where media are used; a page's, the totals and the media's uses.
 */
export const changedWith = {
  post: [queryKeys.posts, queryKeys.dashboard, queryKeys.faqs, queryKeys.media, queryKeys.menus],
  page: [queryKeys.pages, queryKeys.dashboard, queryKeys.media, queryKeys.menus],
  component: [queryKeys.components, queryKeys.media],
  media: [queryKeys.media, queryKeys.dashboard],
} as const satisfies Record<string, readonly (readonly unknown[])[]>;
