import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  CONTACT_MESSAGE_MAX,
  CONTENT_MAX,
  DESCRIPTION_MAX,
  EXCERPT_MAX,
  FULL_NAME_MAX,
  NAME_MAX,
  PRICE_MAX,
  SEO_FIELD_HARD_MAX,
  SHORT_TEXT_MAX,
  SLUG_MAX,
  TITLE_MAX,
  URL_MAX,
  CALENDAR_EMBED_MAX,
  USERNAME_MAX,
  componentSchema,
  contactSchema,
  mediaItemSchema,
  moduleSchema,
  pageListItemSchema,
  pageSchema,
  postListItemSchema,
  postSchema,
  taxonomyItemSchema,
  userSchema,
  EMPTY_TOUR_SECTIONS,
} from '@tours-cms/contract';
import type { z } from 'zod';
import { requireResponseSchema } from './app.js';
import { createTestApp, forEachDialect, injectAs, type TestApp } from './test/test-app.js';
import { makeImage, multipartBody } from './test/media-fixtures.js';

/** Text of exactly `length` characters mixing scripts, emoji (surrogate pairs), combining marks and markup. */
function oddText(length: number): string {
  const unit = 'Ünïcödé ツアー 🚤 עברית e\u0301 <b>&amp;</b> "quoted" \\ back ';
  let text = '';
  while (text.length < length) text += unit;
  text = text.slice(0, length);
  // Never end on half a surrogate pair: that is not text a client could have sent.
  return /[\uD800-\uDBFF]$/.test(text) ? `${text.slice(0, -1)}x` : text;
}

/** A slug of exactly `length` characters in the slug rule, in a non-Latin script. */
function longSlug(length: number, seed: string): string {
  return `${seed}-${'ツ'.repeat(length)}`.slice(0, length);
}

/** Runs one value through the serializer the API uses for a route's declared response schema. */
function serialize(schema: z.ZodType, data: unknown): unknown {
  const serializer = serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });
  return JSON.parse(serializer(data) as string);
}

describe('response schemas', () => {
  it('stop the app at start when an API route declares none', () => {
    expect(() => requireResponseSchema({ method: 'GET', url: '/api/things/', schema: {} } as never)).toThrow(
      'API route GET /api/things/ declares no response schema',
    );
    expect(() =>
      requireResponseSchema({ method: 'GET', url: '/api/things/', schema: { response: { 200: postSchema } } } as never),
    ).not.toThrow();
  });

  it('send only the fields the contract names, whatever else a service returns', () => {
    const post = {
      id: 1,
      title: 'T',
      slug: 't',
      content: null,
      excerpt: null,
      status: 'draft',
      publish_at: null,
      price: null,
      duration: null,
      age: null,
      location: null,
      button_label: null,
      button_value: null,
      calendar_time_iframe: null,
      short_description: null,
      seo_title: null,
      seo_description: null,
      category_id: null,
      featured_image_id: null,
      featured_image: null,
      tags: [],
      ...EMPTY_TOUR_SECTIONS,
      version: 1,
      author_id: null,
      language: 'en',
      translations: [],
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      text_updated_at: '2026-01-01T00:00:00.000Z',
      password_hash: 'never sent',
      ip_address: '10.0.0.1',
    };
    const sent = serialize(postSchema, post) as Record<string, unknown>;
    expect(sent).not.toHaveProperty('password_hash');
    expect(sent).not.toHaveProperty('ip_address');
    expect(Object.keys(sent).sort()).toEqual(Object.keys(postSchema.shape).sort());
    expect(Object.keys(serialize(postListItemSchema, post) as object).sort()).toEqual([
      'category_id',
      'created_at',
      'id',
      'language',
      'publish_at',
      'slug',
      'status',
      'text_updated_at',
      'title',
      'translations',
      'updated_at',
    ]);
  });

  it.each([
    ['post', postSchema],
    ['page', pageSchema],
    ['page list item', pageListItemSchema],
    ['component', componentSchema],
    ['contact', contactSchema],
    ['module', moduleSchema],
    ['category or tag', taxonomyItemSchema],
    ['user', userSchema],
    ['media item', mediaItemSchema],
  ] as const)('pass a %s with every optional field null and every text field long and odd', (_name, schema) => {
    const odd: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(schema.shape)) {
      const accepts = (value: unknown) => (field as z.ZodType).safeParse(value).success;
      if (accepts(null)) odd[key] = null;
      else if (accepts('x')) odd[key] = oddText(CONTENT_MAX);
      else if (accepts(true)) odd[key] = true;
      else if (accepts(Number.MAX_SAFE_INTEGER)) odd[key] = Number.MAX_SAFE_INTEGER;
      else odd[key] = []; // the only other shape: the accepted extensions of the media settings
    }
    if ('status' in schema.shape) odd.status = (schema.shape.status as z.ZodEnum).options.at(-1);
    if ('role' in schema.shape) odd.role = 'user';
    if ('type' in schema.shape) odd.type = (schema.shape.type as z.ZodEnum).options.at(-1);
    expect(serialize(schema, odd)).toEqual(odd);
  });
});

forEachDialect('answers with the largest and oddest values the contract allows', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  /** Writes through the API as the admin, then reads every answer that carries the item back: all 2xx, all equal. */
  async function roundTrip(
    create: { url: string; payload: unknown },
    reads: string[],
  ): Promise<Record<string, unknown>> {
    const created = await injectAs(t.app, t.tokens.admin, {
      method: 'POST',
      url: create.url,
      payload: create.payload as object,
    });
    expect(created.statusCode, created.body.slice(0, 300)).toBeLessThan(300);
    const item = created.json() as Record<string, unknown>;
    for (const url of reads) {
      const res = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: url.replace(':id', String(item.id)) });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      const body = res.json();
      const found = Array.isArray(body) ? body.find((entry: { id: number }) => entry.id === item.id) : body;
      expect(found, url).toMatchObject(Array.isArray(body) ? { id: item.id } : item);
    }
    return item;
  }

  const tourFields = {
    price: PRICE_MAX,
    duration: oddText(SHORT_TEXT_MAX),
    age: oddText(SHORT_TEXT_MAX),
    location: oddText(SHORT_TEXT_MAX),
    button_label: oddText(SHORT_TEXT_MAX),
    button_value: oddText(URL_MAX),
    calendar_time_iframe: oddText(CALENDAR_EMBED_MAX),
    short_description: oddText(DESCRIPTION_MAX),
  };

  it('posts, pages, categories and tags', async () => {
    const category = await roundTrip(
      {
        url: '/api/categories/',
        payload: {
          name: oddText(NAME_MAX),
          slug: longSlug(SLUG_MAX, 'c'),
          description: oddText(DESCRIPTION_MAX),
          parent_id: null,
        },
      },
      ['/api/categories/', '/api/categories/:id'],
    );
    await roundTrip(
      { url: '/api/tags/', payload: { name: oddText(NAME_MAX), slug: longSlug(SLUG_MAX, 't'), description: null } },
      ['/api/tags/', '/api/tags/:id'],
    );
    const post = await roundTrip(
      {
        url: '/api/posts/',
        payload: {
          title: oddText(TITLE_MAX),
          slug: longSlug(SLUG_MAX, 'p'),
          content: oddText(CONTENT_MAX),
          excerpt: oddText(EXCERPT_MAX),
          status: 'published',
          ...tourFields,
          seo_title: oddText(SEO_FIELD_HARD_MAX),
          seo_description: oddText(SEO_FIELD_HARD_MAX),
          category_id: category.id,
        },
      },
      ['/api/posts/', '/api/posts/:id'],
    );
    expect(post.price).toBe(PRICE_MAX);
    // A translation of the longest slug into the longest language tag a site takes: its slug is cut to fit.
    const settings = await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: { site_name: 'Site', currency: 'EUR', languages: ['en', 'zh-Hant-TW'] },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const translation = await injectAs(t.app, t.tokens.admin, {
      method: 'POST',
      url: `/api/posts/${post.id}/translations`,
      payload: { language: 'zh-hant-tw' },
    });
    expect(translation.statusCode, translation.body.slice(0, 300)).toBe(201);
    expect(translation.json()).toMatchObject({ language: 'zh-Hant-TW', price: PRICE_MAX, title: post.title });
    expect(translation.json().slug).toMatch(/^p-ツ+-zh-hant-tw$/);
    expect(translation.json().slug).toHaveLength(SLUG_MAX);
    const source = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: `/api/posts/${post.id}` });
    expect(source.json().translations).toEqual([
      {
        id: translation.json().id,
        language: 'zh-Hant-TW',
        slug: translation.json().slug,
        status: 'draft',
        text_updated_at: translation.json().text_updated_at,
      },
    ]);
    await roundTrip(
      { url: '/api/posts/', payload: { title: 'Nulls', slug: 'nulls', price: null, category_id: null } },
      ['/api/posts/:id'],
    );
    // The whole array is JSON text made by the database (posts.repository.ts listPostsJson): it answers exactly
    // what a page of the list, built here and sent through the contract's schema, answers, in every language.
    for (const query of ['', 'language=en', 'language=zh-Hant-TW']) {
      const whole = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: `/api/posts/?${query}` });
      const paged = await injectAs(t.app, t.tokens.admin, {
        method: 'GET',
        url: `/api/posts/?${query}${query ? '&' : ''}limit=100`,
      });
      expect(whole.statusCode, whole.body.slice(0, 300)).toBe(200);
      expect(whole.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(whole.json()).toHaveLength(query === 'language=zh-Hant-TW' ? 1 : query ? 2 : 3);
      expect(whole.json()).toEqual(paged.json().items);
      expect(postListItemSchema.strict().array().parse(whole.json())).toEqual(whole.json());
    }

    const upload = multipartBody([
      { name: 'file', filename: `${oddText(200).replace(/[\\/"]/g, '')}.png`, content: await makeImage('png') },
    ]);
    const media = await injectAs(t.app, t.tokens.admin, {
      method: 'POST',
      url: '/api/media/upload',
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(media.statusCode, media.body).toBe(201);
    const page = await roundTrip(
      {
        url: '/api/pages/',
        payload: {
          title: oddText(TITLE_MAX),
          slug: longSlug(SLUG_MAX, 'g'),
          content: JSON.stringify({ content: oddText(CONTENT_MAX * 0.8) }),
          status: 'published',
          seo_title: oddText(SEO_FIELD_HARD_MAX),
          seo_description: null,
          featured_image_id: media.json().id,
          featured_image_url: `https://example.com/${'ü'.repeat(URL_MAX - 30)}`,
          template_data: JSON.stringify({ note: oddText(1000) }),
          ...tourFields,
        },
      },
      ['/api/pages/', '/api/pages/:id'],
    );
    for (const url of ['/api/media/', `/api/media/${media.json().id}`]) {
      const res = await injectAs(t.app, t.tokens.user, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      // The list adds how many items use each file.
      const { usage_count: _uses, ...item } = [res.json()].flat()[0];
      expect(item).toEqual(media.json());
    }
    const bySlug = await injectAs(t.app, null, {
      method: 'GET',
      url: `/api/pages/slug/${encodeURIComponent(String(page.slug))}`,
    });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().featured_image).toMatchObject({ id: media.json().id, mime_type: 'image/png' });
  });

  it('components, modules, contacts and users', async () => {
    const component = await roundTrip(
      {
        url: '/api/components/',
        payload: {
          name: oddText(NAME_MAX),
          type: 'footer',
          content: oddText(CONTENT_MAX),
          description: oddText(DESCRIPTION_MAX),
        },
      },
      ['/api/components/', '/api/components/:id', '/api/components/common'],
    );
    const copy = await injectAs(t.app, t.tokens.admin, {
      method: 'POST',
      url: `/api/components/${component.id}/duplicate`,
    });
    expect(copy.statusCode).toBe(201);
    await roundTrip(
      {
        url: '/api/modules/',
        payload: {
          name: oddText(NAME_MAX),
          type: 'text',
          heading: oddText(SHORT_TEXT_MAX),
          subtitle: null,
          description: oddText(DESCRIPTION_MAX),
          video_url: `https://example.com/${'v'.repeat(URL_MAX - 20)}`,
          button_label: oddText(SHORT_TEXT_MAX),
          button_link: null,
        },
      },
      ['/api/modules/'],
    );
    const receipt = await injectAs(t.app, null, {
      method: 'POST',
      url: '/api/contacts/',
      payload: {
        name: oddText(NAME_MAX),
        email: 'odd+tag@example.com',
        phone: null,
        subject: oddText(SHORT_TEXT_MAX),
        message: oddText(CONTACT_MESSAGE_MAX),
      },
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    const contacts = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/contacts/' });
    expect(contacts.statusCode).toBe(200);
    expect(contacts.json()[0]).not.toHaveProperty('ip_address');
    const status = await injectAs(t.app, t.tokens.admin, {
      method: 'PUT',
      url: `/api/contacts/${contacts.json()[0].id}/status?status=in-progress`,
    });
    expect(status.json()).toMatchObject({ status: 'in-progress', message: contacts.json()[0].message });

    const user = await roundTrip(
      {
        url: '/api/users/',
        payload: {
          username: 'u'.repeat(USERNAME_MAX),
          email: 'odd.user@example.com',
          full_name: oddText(FULL_NAME_MAX),
          password: 'correct horse battery staple and '.repeat(4).slice(0, 128),
          role: 'editor',
        },
      },
      ['/api/users/'],
    );
    expect(user).not.toHaveProperty('password_hash');
    const stats = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/dashboard/stats' });
    expect(stats.json()).toEqual({
      total_posts: 0,
      total_pages: 0,
      total_users: 4,
      total_contacts: 1,
      new_contacts: 0,
      booking_requests: 0,
    });
  });
});
