import type { PostListItem, PostStatus } from '@tours-cms/contract';

/** A post with its title lowercased once, so each keystroke compares instead of re-lowercasing 10,000 titles. */
export interface SearchablePost {
  post: PostListItem;
  needle: string;
}

export function toSearchable(posts: PostListItem[]): SearchablePost[] {
  return posts.map((post) => ({ post, needle: post.title.toLowerCase() }));
}

/** A case-insensitive substring of the title, and the exact status when one is chosen. */
export function filterPosts(posts: SearchablePost[], search: string, status: PostStatus | ''): PostListItem[] {
  const needle = search.trim().toLowerCase();
  const visible: PostListItem[] = [];
  for (const entry of posts) {
    if (status && entry.post.status !== status) continue;
    if (needle && !entry.needle.includes(needle)) continue;
    visible.push(entry.post);
  }
  return visible;
}
