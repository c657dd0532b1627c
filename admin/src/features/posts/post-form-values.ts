import { DEFAULT_POST_STATUS, type FeaturedImage, type Post, type PostInput, type PostStatus } from '@tours-cms/contract';

/** What the form's inputs hold: strings, so every input is controlled; and the chosen featured image. */
export interface PostFormValues {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  status: PostStatus;
  /** When a scheduled post goes live: the moment in UTC (ISO), or '' for none. Shown in the site's time zone. */
  publish_at: string;
  price: string;
  duration: string;
  age: string;
  location: string;
  button_label: string;
  button_value: string;
  calendar_time_iframe: string;
  short_description: string;
  seo_title: string;
  seo_description: string;
  category_id: string;
  /** A library image, chosen through the media selector, or none. */
  featured_image: FeaturedImage | null;
  /** The ids of the post's tags. */
  tag_ids: number[];
}

export const emptyPostValues: PostFormValues = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  status: DEFAULT_POST_STATUS,
  publish_at: '',
  price: '',
  duration: '',
  age: '',
  location: '',
  button_label: '',
  button_value: '',
  calendar_time_iframe: '',
  short_description: '',
  seo_title: '',
  seo_description: '',
  category_id: '',
  featured_image: null,
  tag_ids: [],
};

/** Missing values become empty strings, and the status draft. */
export function toPostFormValues(post: Post): PostFormValues {
  const text = (value: string | null) => value ?? '';
  return {
    title: post.title,
    slug: post.slug,
    content: text(post.content),
    excerpt: text(post.excerpt),
    status: post.status ?? DEFAULT_POST_STATUS,
    publish_at: text(post.publish_at),
    price: post.price === null ? '' : String(post.price),
    duration: text(post.duration),
    age: text(post.age),
    location: text(post.location),
    button_label: text(post.button_label),
    button_value: text(post.button_value),
    calendar_time_iframe: text(post.calendar_time_iframe),
    short_description: text(post.short_description),
    seo_title: text(post.seo_title),
    seo_description: text(post.seo_description),
    category_id: post.category_id === null ? '' : String(post.category_id),
    featured_image: post.featured_image,
    tag_ids: post.tags.map((tag) => tag.id),
  };
}

/**
 * Price as a decimal number or null when empty, category_id as an integer or null, author_id 1
 * (the server ignores it and records the signed-in user). An empty editor ("<p></p>") is no content.
 */
export function toPostInput({ featured_image, ...values }: PostFormValues): PostInput & { author_id: number } {
  const price = values.price.trim();
  return {
    ...values,
    featured_image_id: featured_image?.id ?? null,
    content: values.content === '<p></p>' ? '' : values.content,
    publish_at: values.status === 'scheduled' && values.publish_at ? values.publish_at : null,
    price: price === '' ? null : Number(price),
    category_id: values.category_id === '' ? null : Number.parseInt(values.category_id, 10),
    author_id: 1,
  };
}
