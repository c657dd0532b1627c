import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_TOUR_SECTIONS, type Post, type PostInput, type TaxonomyItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { makeImage, makePdf, multipartBody } from '../../test/media-fixtures.js';

let counter = 0;

/** Creates a post through the API as the editor; title and slug are unique unless given. */
async function createTestPost(t: TestApp, overrides: Partial<PostInput> = {}): Promise<Post> {
  counter += 1;
  const res = await injectAs(t.app, t.tokens.editor, {
    method: 'POST',
    url: '/api/posts/',
    payload: { title: `Tour ${counter}`, slug: `tour-${counter}`, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function createTestCategory(t: TestApp, slug: string): Promise<TaxonomyItem> {
  const res = await injectAs(t.app, t.tokens.editor, {
    method: 'POST',
    url: '/api/categories/',
    payload: { name: slug, slug },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const fullTour = {
  title: 'Sunset Boat Tour',
  slug: 'sunset-boat-tour',
  content: '<h2>Sail away</h2><p>Three hours on the bay.</p>',
  excerpt: 'An evening on the water',
  status: 'published',
  price: 49.5,
  duration: '3 hours',
  age: '6+',
  location: 'Marina',
  button_label: 'Book now',
  button_value: 'https://book.example.com/sunset',
  calendar_time_iframe: '<iframe src="https://calendar.example.com/embed"></iframe>',
  short_description: 'Golden hour on the bay',
  seo_title: 'Sunset Boat Tour | Tours',
  seo_description: 'Sail into the sunset.',
  author_id: 1,
} as const;

forEachDialect('posts', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  async function postCount(): Promise<number> {
    return (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/posts/' })).json().length;
  }

  it('creates a tour with every field and answers it whole with 201; the author is the signed-in user', async () => {
    const category = await createTestCategory(t, 'boat');
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      payload: { ...fullTour, category_id: category.id },
    });
    expect(res.statusCode).toBe(201);
    const { author_id: _sent, ...fields } = fullTour;
    expect(res.json()).toEqual({
      ...fields,
      id: expect.any(Number),
      category_id: category.id,
      featured_image_id: null,
      featured_image: null,
      tags: [],
      ...EMPTY_TOUR_SECTIONS,
      publish_at: null,
      version: 1,
      author_id: 2, // editor1, not the 1 the client sent
      language: 'en',
      translations: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: expect.any(String),
      text_updated_at: expect.any(String),
    });
  });

  it('defaults the status to draft and stores blanks as null', async () => {
    const post = await createTestPost(t, { excerpt: '', price: null, category_id: null });
    expect(post).toMatchObject({ status: 'draft', excerpt: null, price: null, category_id: null, content: null });
  });

  it('lists posts newest first with only the list fields', async () => {
    const first = await createTestPost(t, { content: '<p>long body</p>' });
    const second = await createTestPost(t, { status: 'pending' });
    const res = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/posts/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: second.id,
        title: second.title,
        slug: second.slug,
        status: 'pending',
        publish_at: null,
        created_at: second.created_at,
        updated_at: second.updated_at,
        text_updated_at: second.text_updated_at,
        category_id: null,
        language: 'en',
        translations: [],
      },
      {
        id: first.id,
        title: first.title,
        slug: first.slug,
        status: 'draft',
        publish_at: null,
        created_at: first.created_at,
        updated_at: first.updated_at,
        text_updated_at: first.text_updated_at,
        category_id: null,
        language: 'en',
        translations: [],
      },
    ]);
  });

  it('reads one post by id and by slug, for any signed-in user', async () => {
    const post = await createTestPost(t, { ...fullTour });
    const byId = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${post.id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(post);
    const bySlug = await injectAs(t.app, t.tokens.user, {
      method: 'GET',
      url: '/admin_vendor_api/api/posts/slug/sunset-boat-tour',
    });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toEqual(post);
  });

  it('finds a post by a non-Latin slug', async () => {
    const post = await createTestPost(t, { title: '東京 ツアー', slug: '東京-ツアー' });
    const res = await injectAs(t.app, t.tokens.user, {
      method: 'GET',
      url: `/api/posts/slug/${encodeURIComponent('東京-ツアー')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(post.id);
  });

  it('refuses a write without a token (401) before looking at its body', async () => {
    for (const payload of [{ title: '' }, '{not json', { title: 'Fine', slug: 'fine' }]) {
      const res = await injectAs(t.app, null, {
        method: 'POST',
        url: '/api/posts/',
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not authenticated' });
    }
    const list = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/posts/' });
    expect(list.json()).toEqual([]);
  });

  it('answers 404 "Post not found" for an unknown id or slug', async () => {
    for (const url of ['/api/posts/999', '/api/posts/slug/nothing-here']) {
      const res = await injectAs(t.app, t.tokens.editor, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Post not found' });
    }
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await injectAs(t.app, t.tokens.editor, {
        method,
        url: '/api/posts/999',
        ...(method === 'PUT' ? { payload: { title: 'A', slug: 'a' } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('updates every field and keeps the author and creation time', async () => {
    const post = await createTestPost(t, { ...fullTour });
    const res = await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      payload: { ...fullTour, title: 'Sunrise Boat Tour', price: 60, status: 'draft', seo_title: '', author_id: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: post.id,
      title: 'Sunrise Boat Tour',
      slug: post.slug,
      price: 60,
      status: 'draft',
      seo_title: null,
      author_id: post.author_id,
      created_at: post.created_at,
    });
  });

  it('deletes a post with 204, after which it is not found', async () => {
    const post = await createTestPost(t);
    const del = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/posts/${post.id}` });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const get = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/posts/${post.id}` });
    expect(get.statusCode).toBe(404);
  });

  it('stores HTML with scripts as sent (it is sanitised where it is shown)', async () => {
    const content = '<p>Hi</p><script>alert(1)</script><img src=x onerror="alert(2)">';
    const post = await createTestPost(t, { content });
    const res = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/posts/${post.id}` });
    expect(res.json().content).toBe(content);
  });

  it.each([
    ['a missing title', { slug: 'a' }, 'title', 'Title is required'],
    ['a blank title', { title: '  ', slug: 'a' }, 'title', 'Title is required'],
    ['a missing slug', { title: 'A' }, 'slug', 'Slug is required'],
    [
      'a slug outside the rule',
      { title: 'A', slug: 'Bad Slug!' },
      'slug',
      'Slug may contain only lowercase letters, digits and single hyphens',
    ],
    ['a price that is not a number', { title: 'A', slug: 'a', price: 'cheap' }, 'price', 'Price must be a number'],
    ['a price given as text', { title: 'A', slug: 'a', price: '12.50' }, 'price', 'Price must be a number'],
    [
      'a price typed with a decimal comma, as text',
      { title: 'A', slug: 'a', price: '1.234,5,6' },
      'price',
      'Price must be a number',
    ],
    ['a negative price', { title: 'A', slug: 'a', price: -5 }, 'price', 'Price cannot be negative'],
    [
      'an unknown status',
      { title: 'A', slug: 'a', status: 'archived' },
      'status',
      'Status must be one of draft, published, pending, scheduled',
    ],
    [
      'a category id that is not a number',
      { title: 'A', slug: 'a', category_id: 'boat' },
      'category_id',
      'Category id must be a whole number or null',
    ],
  ])('refuses %s with 422 naming the field, and saves nothing', async (_name, payload, field, message) => {
    const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/posts/', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(res.json().detail).toContain(message);
    expect(await postCount()).toBe(0);
  });

  it('refuses a category that does not exist with 422, on create and on update, and saves nothing', async () => {
    const create = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      payload: { title: 'A', slug: 'a', category_id: 999 },
    });
    expect(create.statusCode).toBe(422);
    expect(create.json()).toEqual({
      detail: 'Category 999 does not exist',
      errors: [{ field: 'category_id', message: 'Category 999 does not exist' }],
    });
    expect(await postCount()).toBe(0);

    const post = await createTestPost(t);
    const update = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      payload: { title: 'Changed', slug: post.slug, category_id: 999 },
    });
    expect(update.statusCode).toBe(422);
    const after = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/posts/${post.id}` });
    expect(after.json()).toEqual(post);
  });

  it('refuses a duplicate slug with 409, on create and on update, and changes nothing', async () => {
    const first = await createTestPost(t, { slug: 'boat' });
    const second = await createTestPost(t, { slug: 'bus' });
    const create = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      payload: { title: 'Boat again', slug: 'boat' },
    });
    expect(create.statusCode).toBe(409);
    expect(create.json()).toEqual({
      detail: 'A post with this slug already exists',
      errors: [{ field: 'slug', message: 'This slug is already in use' }],
    });
    const update = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/posts/${second.id}`,
      payload: { title: 'Changed', slug: first.slug },
    });
    expect(update.statusCode).toBe(409);
    const after = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/posts/${second.id}` });
    expect(after.json()).toEqual(second);
    expect(await postCount()).toBe(2);
  });

  it('refuses a malformed JSON body with 400', async () => {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The request body is not valid JSON' });
  });

  it('lets a user read but not write, and a visitor do neither', async () => {
    const post = await createTestPost(t);
    expect((await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/posts/' })).statusCode).toBe(200);
    const payload = { title: 'A', slug: 'a' };
    const writes = [
      { method: 'POST' as const, url: '/api/posts/', payload },
      { method: 'PUT' as const, url: `/api/posts/${post.id}`, payload },
      { method: 'DELETE' as const, url: `/api/posts/${post.id}` },
    ];
    for (const request of writes) {
      const res = await injectAs(t.app, t.tokens.user, request);
      expect(res.statusCode, request.method).toBe(403);
    }
    for (const url of ['/api/posts/', `/api/posts/${post.id}`, `/api/posts/slug/${post.slug}`]) {
      const res = await injectAs(t.app, null, { method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
    const after = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${post.id}` });
    expect(after.json()).toEqual(post);
  });

  async function upload(filename: string, content: Buffer): Promise<{ id: number; file_path: string }> {
    const body = multipartBody([{ name: 'file', filename, content }]);
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/media/upload',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('keeps a featured image chosen from the library and answers it with the post; a deleted image leaves none', async () => {
    const image = await upload('boat.png', await makeImage('png', 80, 60));
    const post = await createTestPost(t, { featured_image_id: image.id });
    expect(post).toMatchObject({
      featured_image_id: image.id,
      featured_image: { id: image.id, file_path: image.file_path, mime_type: 'image/png', width: 80, height: 60 },
    });
    await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${image.id}?in_use=confirmed` });
    const after = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/posts/${post.id}` });
    expect(after.json()).toMatchObject({ featured_image_id: null, featured_image: null });
  });

  it('refuses a featured image that does not exist or is not an image with 422, and saves nothing', async () => {
    const pdf = await upload('brochure.pdf', makePdf());
    for (const [id, message] of [
      [999, 'Media file 999 does not exist'],
      [pdf.id, 'The featured image must be an image file'],
    ] as const) {
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/posts/',
        payload: { title: 'A', slug: 'a', featured_image_id: id },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'featured_image_id', message }]);
    }
    expect(await postCount()).toBe(0);
  });

  describe('tags', () => {
    async function createTag(slug: string): Promise<TaxonomyItem> {
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/tags/',
        payload: { name: slug.toUpperCase(), slug },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    }
    const tagSlugs = (post: Post) => post.tags.map((tag) => tag.slug);

    it('keeps the tags a post names, by name, with duplicates collapsed; a PUT replaces them and reads answer them', async () => {
      const [sunset, family, food] = [await createTag('sunset'), await createTag('family'), await createTag('food')];
      const post = await createTestPost(t, { tag_ids: [sunset.id, family.id, sunset.id] });
      expect(post.tags).toEqual([
        { id: family.id, name: 'FAMILY', slug: 'family' },
        { id: sunset.id, name: 'SUNSET', slug: 'sunset' },
      ]);
      const update = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${post.id}`,
        payload: { title: post.title, slug: post.slug, tag_ids: [food.id] },
      });
      expect(tagSlugs(update.json())).toEqual(['food']);
      const read = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/slug/${post.slug}` });
      expect(tagSlugs(read.json())).toEqual(['food']);
      const cleared = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${post.id}`,
        payload: { title: post.title, slug: post.slug },
      });
      expect(cleared.json().tags).toEqual([]);
    });

    it('refuses a tag that does not exist with 422 naming tag_ids, and changes nothing', async () => {
      const sunset = await createTag('sunset');
      const create = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/posts/',
        payload: { title: 'A', slug: 'a', tag_ids: [sunset.id, 999] },
      });
      expect(create.statusCode).toBe(422);
      expect(create.json()).toEqual({
        detail: 'Tag 999 does not exist',
        errors: [{ field: 'tag_ids', message: 'Tag 999 does not exist' }],
      });
      expect(await postCount()).toBe(0);
      const post = await createTestPost(t, { tag_ids: [sunset.id] });
      const update = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${post.id}`,
        payload: { title: 'Changed', slug: post.slug, tag_ids: [998] },
      });
      expect(update.statusCode).toBe(422);
      const read = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${post.id}` });
      expect(read.json()).toMatchObject({ title: post.title, tags: [{ slug: 'sunset' }] });
    });

    it('refuses more than 20 tags and ids that are not positive whole numbers with 422', async () => {
      const tooLarge = [2 ** 31]; // past any id a database keeps (PostgreSQL's integer)
      for (const tag_ids of [Array.from({ length: 21 }, (_, i) => i + 1), [0], ['1'], [1.5], tooLarge, 'sunset']) {
        const res = await injectAs(t.app, t.tokens.editor, {
          method: 'POST',
          url: '/api/posts/',
          payload: { title: 'A', slug: 'a', tag_ids },
        });
        expect(res.statusCode, JSON.stringify(tag_ids)).toBe(422);
        expect(res.json().errors[0].field).toMatch(/^tag_ids/);
      }
      expect(await postCount()).toBe(0);
    });

    it('takes a deleted tag off its posts', async () => {
      const [sunset, family] = [await createTag('sunset'), await createTag('family')];
      const post = await createTestPost(t, { tag_ids: [sunset.id, family.id] });
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/tags/${sunset.id}` })).statusCode,
      ).toBe(204);
      const read = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${post.id}` });
      expect(tagSlugs(read.json())).toEqual(['family']);
    });
  });
});
