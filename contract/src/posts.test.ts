import { describe, expect, it } from 'vitest';
import { postInputSchema } from './posts.js';

const minimal = { title: 'Sunset Tour', slug: 'sunset-tour' };

describe('postInputSchema', () => {
  it('defaults the status to draft and blanks to null', () => {
    const post = postInputSchema.parse({ ...minimal, excerpt: '  ', price: null, category_id: undefined });
    expect(post).toMatchObject({ status: 'draft', excerpt: null, price: null, category_id: null, content: null });
  });

  it('keeps a price with cents and refuses more precision, negatives and non-numbers', () => {
    expect(postInputSchema.parse({ ...minimal, price: 49.9 }).price).toBe(49.9);
    expect(postInputSchema.parse({ ...minimal, price: 0.1 + 0.2 }).price).toBe(0.3);
    for (const price of [-1, 1.005, '12', 'abc', Number.NaN]) {
      expect(postInputSchema.safeParse({ ...minimal, price }).success, String(price)).toBe(false);
    }
  });

  it('ignores the server-owned fields a client sends', () => {
    const post = postInputSchema.parse({ ...minimal, author_id: 1, id: 9, created_at: 'x' });
    expect(post).not.toHaveProperty('author_id');
    expect(post).not.toHaveProperty('id');
  });

  it('names the field in its messages', () => {
    const result = postInputSchema.safeParse({ title: '', slug: 'Bad Slug', status: 'archived' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['title', 'Title is required'],
        ['slug', 'Slug may contain only lowercase letters, digits and single hyphens'],
        ['status', 'Status must be one of draft, published, pending, scheduled'],
      ]),
    );
  });
});
