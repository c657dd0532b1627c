import type { ActivityEntry } from '@tours-cms/contract';

/**
 * Where an activity entry's item is seen in the admin: the editor of a post, page or component (the Trash once
 * it was deleted), else the screen that lists its kind. Sign-ins and account changes lead administrators to the
 * Users screen and everyone else to their own Account screen.
 */
export function activityItemHref(
  entry: Pick<ActivityEntry, 'item_type' | 'item_id' | 'action'>,
  viewerIsAdmin: boolean,
): string {
  const deleted = entry.action === 'delete';
  switch (entry.item_type) {
    case 'post':
      return deleted || entry.item_id === null ? '/admin/trash' : `/admin/posts/edit/${entry.item_id}`;
    case 'page':
      return deleted || entry.item_id === null ? '/admin/trash' : `/admin/pages/edit/${entry.item_id}`;
    case 'component':
      return deleted || entry.item_id === null ? '/admin/trash' : `/admin/components/edit/${entry.item_id}`;
    case 'media':
      return '/admin/media';
    case 'contact':
      return '/admin/contacts';
    case 'module':
      return '/admin/modules';
    case 'category':
      return '/admin/categories';
    case 'tag':
      return '/admin/tags';
    case 'user':
      return viewerIsAdmin ? '/admin/users' : '/admin/account';
    case 'settings':
      return '/admin/settings';
    case 'redirect':
      return '/admin/redirects';
    case 'faq':
      return '/admin/faqs';
    case 'menu':
      return '/admin/menus';
  }
}
