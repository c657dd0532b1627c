import type { Category, Post, TaxonomyItem } from '@tours-cms/contract';
import type { DiffField } from '../../components/history/field-diff';

/** A saved post's fields in the shape its versions keep them (the API's input shape). */
export function postSnapshot(post: Post): Record<string, unknown> {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt,
    status: post.status,
    price: post.price,
    duration: post.duration,
    age: post.age,
    location: post.location,
    button_label: post.button_label,
    button_value: post.button_value,
    calendar_time_iframe: post.calendar_time_iframe,
    short_description: post.short_description,
    seo_title: post.seo_title,
    seo_description: post.seo_description,
    category_id: post.category_id,
    featured_image_id: post.featured_image_id,
    tag_ids: post.tags.map((tag) => tag.id),
  };
}

/** The post's fields as the diff names them, with the form's labels; references read by name. */
export function postDiffFields(categories: Category[] = [], tags: TaxonomyItem[] = []): DiffField[] {
  const nameOf = (items: { id: number; name: string }[], id: unknown) => items.find((item) => item.id === id)?.name ?? (id === null || id === undefined ? '' : `#${String(id)}`);
  return [
    { key: 'title', label: 'Title' },
    { key: 'slug', label: 'Slug' },
    { key: 'status', label: 'Status' },
    { key: 'content', label: 'Content' },
    { key: 'excerpt', label: 'Excerpt' },
    { key: 'price', label: 'Price' },
    { key: 'duration', label: 'Duration' },
    { key: 'age', label: 'Age' },
    { key: 'location', label: 'Location' },
    { key: 'button_label', label: 'Button Label' },
    { key: 'button_value', label: 'Button Value' },
    { key: 'short_description', label: 'Short Description' },
    { key: 'calendar_time_iframe', label: 'Calendar Time iFrame' },
    { key: 'seo_title', label: 'SEO Title' },
    { key: 'seo_description', label: 'SEO Description' },
    { key: 'category_id', label: 'Category', format: (id) => nameOf(categories, id) },
    {
      key: 'tag_ids',
      label: 'Tags',
      format: (ids) => (Array.isArray(ids) ? ids.map((id) => nameOf(tags, id)).sort().join(', ') : ''),
    },
    { key: 'featured_image_id', label: 'Featured Image', format: (id) => (id === null || id === undefined ? 'None' : `Media item #${String(id)}`) },
  ];
}
