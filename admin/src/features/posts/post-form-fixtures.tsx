import type { Post } from '@tours-cms/contract';
import { CreatePostPage, EditPostPage } from './post-form-page';
import { renderRoutes, stubApi } from '../../test/render';

/* The post editor's test data and its setup, shared by the editor's tests (post-form, tour-details). */

export const EDITOR = {
  id: 2,
  username: 'eddie',
  full_name: 'Eddie Editor',
  email: 'eddie@example.com',
  role: 'editor',
};
export const CATEGORIES = [
  { id: 1, name: 'Boat', slug: 'boat', description: null, parent_id: null, created_at: '', updated_at: '' },
  { id: 2, name: 'Sunset', slug: 'sunset', description: null, parent_id: 1, created_at: '', updated_at: '' },
];
export const TAGS = [
  {
    id: 4,
    name: 'Family friendly',
    slug: 'family-friendly',
    description: null,
    parent_id: null,
    created_at: '',
    updated_at: '',
  },
  { id: 5, name: 'Sunset', slug: 'sunset', description: null, parent_id: null, created_at: '', updated_at: '' },
];
export const POST: Post = {
  id: 7,
  language: 'en',
  translations: [],
  publish_at: null,
  title: 'Sunset Boat Tour',
  slug: 'sunset-cruise',
  content: '<p>Three hours on the bay.</p>',
  excerpt: null,
  status: 'published',
  price: 49.5,
  duration: '3 hours',
  age: null,
  location: 'Marina',
  button_label: null,
  button_value: null,
  calendar_time_iframe: null,
  short_description: null,
  seo_title: null,
  seo_description: null,
  category_id: 2,
  featured_image_id: 31,
  featured_image: {
    id: 31,
    original_name: 'bay.jpg',
    file_path: 'uploads/2026/01/bay.jpg',
    thumbnail_path: 'uploads/2026/01/bay.thumb.webp',
    mime_type: 'image/jpeg',
    width: 1600,
    height: 900,
    alt_text: null,
  },
  tags: [{ id: 5, name: 'Sunset', slug: 'sunset' }],
  highlights: [],
  itinerary: [],
  includes: [],
  excludes: [],
  faq_ids: [],
  gallery: [],
  meeting_point: null,
  version: 3,
  author_id: 2,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  text_updated_at: '2026-01-02T10:00:00.000Z',
};

export function setup(path: string, extra: Parameters<typeof stubApi>[0] = {}) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({
    'GET /auth/me': () => EDITOR,
    'GET /categories/': () => CATEGORIES,
    'GET /tags/': () => TAGS,
    'GET /posts/7': () => POST,
    'GET /posts/7/revisions?page=1': () => HISTORY,
    'GET /posts/7/previews': () => [],
    'GET /faqs/': () => [],
    'GET /posts/7/departures': () => [],
    'GET /settings': () => ({ currency: 'EUR' }),
    ...extra,
  });
  const view = renderRoutes(
    [
      { path: '/admin/posts/create', element: <CreatePostPage /> },
      { path: '/admin/posts/edit/:id', element: <EditPostPage /> },
      { path: '/admin/posts', element: <p>The posts list</p> },
    ],
    path,
  );
  return { calls, ...view };
}

export const HISTORY = {
  items: [
    { id: 12, version: 2, saved_by: { id: 2, name: 'Eddie Editor' }, saved_at: '2026-01-01T09:00:00.000Z' },
    { id: 11, version: 1, saved_by: { id: 1, name: 'Ada Admin' }, saved_at: '2025-12-31T09:00:00.000Z' },
  ],
  total: 2,
  page: 1,
  page_size: 20,
};

export const bodyOf = (calls: ReturnType<typeof stubApi>, method: string) =>
  JSON.parse(String(calls.find((c) => c.method === method)!.body));
