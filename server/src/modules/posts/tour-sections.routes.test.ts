import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_MAX, type Post } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { makeImage, makePdf } from '../../test/media-fixtures.js';
import { uploadTestMedia } from '../../test/page-fixtures.js';

const sections = (overrides: Record<string, unknown> = {}) => ({
  highlights: ['Pena Palace at opening time', 'Lunch in Colares'],
  itinerary: [
    {
      title: 'Lisbon to Sintra',
      description: '<p>Train from <strong>Rossio</strong>.</p>',
      overnight: 'Sintra',
      meals: 'Dinner',
    },
    { title: 'Cabo da Roca', description: null, overnight: null, meals: 'Breakfast, lunch' },
  ],
  includes: ['Guide', 'Train tickets'],
  excludes: ['Palace entry'],
  meeting_point: {
    name: 'Rossio station',
    address: 'Praça Dom Pedro IV, Lisboa',
    latitude: 38.7139,
    longitude: -9.1394,
    notes: 'By the clock',
  },
  ...overrides,
});

forEachDialect('tour sections', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  const create = (payload: Record<string, unknown>) =>
    injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      payload: { title: 'Sintra overnight', slug: 'sintra-overnight', ...payload },
    });
  const put = (id: number, payload: Record<string, unknown>) =>
    injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/posts/${id}`,
      payload: { title: 'Sintra overnight', slug: 'sintra-overnight', ...payload },
    });
  const read = async (id: number) =>
    (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${id}` })).json<Post>();
  const faq = async (question: string) =>
    (
      await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/faqs/',
        payload: { question, answer: '<p>Comfortable shoes.</p>' },
      })
    ).json<{ id: number }>().id;

  it('keeps every section of a tour and answers them with the post, its images whole, by id and by slug', async () => {
    const photo = await uploadTestMedia(t, 'pena.png', await makeImage('png', 80, 60));
    const day = await uploadTestMedia(t, 'colares.png', await makeImage('png'));
    await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/media/${photo.id}`,
      payload: { alt_text: 'Pena Palace in the morning mist' },
    });
    const bring = await faq('What should I bring?');
    const weather = await faq('What if it rains?');
    const res = await create({
      ...sections(),
      itinerary: [{ title: 'Lisbon to Sintra', description: '<p>Train</p>', image_id: day.id }],
      faq_ids: [weather, bring, weather],
      gallery: [{ media_id: photo.id, caption: 'The palace' }, { media_id: day.id }],
    });
    expect(res.statusCode).toBe(201);
    const post = res.json<Post>();
    expect(post).toMatchObject({
      highlights: ['Pena Palace at opening time', 'Lunch in Colares'],
      includes: ['Guide', 'Train tickets'],
      excludes: ['Palace entry'],
      faq_ids: [weather, bring],
      meeting_point: { name: 'Rossio station', latitude: 38.7139, longitude: -9.1394 },
      itinerary: [
        {
          title: 'Lisbon to Sintra',
          description: '<p>Train</p>',
          overnight: null,
          meals: null,
          image_id: day.id,
          image: { id: day.id, file_path: day.file_path },
        },
      ],
      gallery: [
        {
          media: {
            id: photo.id,
            file_path: photo.file_path,
            alt_text: 'Pena Palace in the morning mist',
            width: 80,
            height: 60,
          },
          caption: 'The palace',
        },
        { media: { id: day.id }, caption: null },
      ],
    });
    const bySlug = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/posts/slug/sintra-overnight' });
    expect(bySlug.json()).toEqual(post);
    // The list stays lean.
    const list = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/posts/' });
    expect(list.json()[0]).not.toHaveProperty('itinerary');
  });

  it('replaces a section a save sends and keeps one it leaves out, so clients written against the spec lose nothing', async () => {
    const post = (await create(sections())).json<Post>();
    // A client that knows nothing of sections saves the spec's fields only.
    expect((await put(post.id, { price: 99 })).statusCode).toBe(200);
    expect(await read(post.id)).toMatchObject({
      price: 99,
      highlights: ['Pena Palace at opening time', 'Lunch in Colares'],
      itinerary: [{ title: 'Lisbon to Sintra' }, { title: 'Cabo da Roca' }],
    });
    // One sent is replaced whole; an empty list or null clears it.
    expect((await put(post.id, { highlights: ['Only this'], excludes: [], meeting_point: null })).statusCode).toBe(200);
    expect(await read(post.id)).toMatchObject({
      highlights: ['Only this'],
      excludes: [],
      meeting_point: null,
      includes: ['Guide', 'Train tickets'],
    });
  });

  it('cleans scripts and event handlers out of an itinerary description, as it is stored and answered', async () => {
    const post = (
      await create({
        itinerary: [
          {
            title: 'Day',
            description: '<p onclick="x()">Walk<script>alert(1)</script></p><img src=x onerror=alert(2)>',
          },
        ],
      })
    ).json<Post>();
    expect(post.itinerary[0]!.description).toBe('<p>Walk</p>');
    const stored = await t.app.ctx.db.kysely
      .selectFrom('posts')
      .select('itinerary')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(stored.itinerary).not.toMatch(/<script|onclick|onerror/);
  });

  it.each([
    [
      'a list over its count',
      { highlights: Array.from({ length: 13 }, (_, n) => `Line ${n}`) },
      'highlights',
      'A tour has at most 12 highlights',
    ],
    [
      'a line over its length',
      { includes: ['ok', 'x'.repeat(201)] },
      'includes[1]',
      'Included item must be at most 200 characters',
    ],
    ['a blank line', { excludes: ['  '] }, 'excludes[0]', 'Excluded item cannot be blank'],
    [
      'a day without a title',
      { itinerary: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }, { title: '' }] },
      'itinerary[3].title',
      'Title is required',
    ],
    [
      '61 days',
      { itinerary: Array.from({ length: 61 }, (_, n) => ({ title: `Day ${n}` })) },
      'itinerary',
      'An itinerary has at most 60 entries',
    ],
    [
      'a description over the content limit',
      { itinerary: [{ title: 'Long', description: 'x'.repeat(CONTENT_MAX + 1) }] },
      'itinerary[0].description',
      `Must be at most ${CONTENT_MAX} characters`,
    ],
    [
      '41 gallery images',
      { gallery: Array.from({ length: 41 }, () => ({ media_id: 1 })) },
      'gallery',
      'A gallery has at most 40 images',
    ],
    [
      'a caption over its length',
      { gallery: [{ media_id: 1, caption: 'x'.repeat(301) }] },
      'gallery[0].caption',
      'Must be at most 300 characters',
    ],
    ['10,000 FAQ ids', { faq_ids: Array.from({ length: 10_000 }, () => 1) }, 'faq_ids', 'A tour shows at most 40 FAQs'],
    [
      '41 included lines',
      { includes: Array.from({ length: 41 }, (_, n) => `Line ${n}`) },
      'includes',
      'A tour has at most 40 included items',
    ],
    [
      'a day title over its length',
      { itinerary: [{ title: 'x'.repeat(201) }] },
      'itinerary[0].title',
      'Title must be at most 200 characters',
    ],
    [
      "a day's meals over their length",
      { itinerary: [{ title: 'One' }, { title: 'Two', meals: 'x'.repeat(256) }] },
      'itinerary[1].meals',
      'Must be at most 255 characters',
    ],
    [
      "a meeting point's notes over their length",
      { meeting_point: { name: 'Here', notes: 'x'.repeat(1001) } },
      'meeting_point.notes',
      'Must be at most 1000 characters',
    ],
    // Ids past what PostgreSQL's integer holds: refused by the schema, never a database error on either dialect.
    [
      'an FAQ id too large to be an id',
      { faq_ids: [1, 3_000_000_000] },
      'faq_ids[1]',
      'FAQ ids must be at most 2147483647',
    ],
    [
      'a gallery media id too large to be an id',
      { gallery: [{ media_id: 3_000_000_000 }] },
      'gallery[0].media_id',
      'Media id must be at most 2147483647',
    ],
    [
      "a day's image id too large to be an id",
      { itinerary: [{ title: 'One', image_id: 3_000_000_000 }] },
      'itinerary[0].image_id',
      'Image id must be at most 2147483647',
    ],
    [
      'a longitude out of range',
      { meeting_point: { name: 'Here', latitude: 0, longitude: -180.5 } },
      'meeting_point.longitude',
      'Longitude must be between -180 and 180',
    ],
    [
      'a latitude out of range',
      { meeting_point: { name: 'Here', latitude: 91, longitude: 0 } },
      'meeting_point.latitude',
      'Latitude must be between -90 and 90',
    ],
    [
      'one coordinate of the pair',
      { meeting_point: { name: 'Here', latitude: 38.7 } },
      'meeting_point.longitude',
      'Give both latitude and longitude, or neither',
    ],
    [
      'a meeting point without a name',
      { meeting_point: { address: 'Somewhere' } },
      'meeting_point.name',
      'Meeting point name is required',
    ],
  ])('refuses %s with 422 naming the field and entry, and saves nothing', async (_case, payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/posts/' })).json()).toEqual([]);
  });

  it('refuses a save that replaces a section with a bad one, and keeps the tour as it was', async () => {
    const post = (await create(sections())).json<Post>();
    const before = await read(post.id);
    for (const payload of [
      { highlights: ['New line'], itinerary: [{ title: 'Fine' }, { title: '' }] },
      { includes: ['New'], faq_ids: [4242] },
      { meeting_point: { name: 'Elsewhere', longitude: 10 } },
    ]) {
      const res = await put(post.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await read(post.id)).toEqual(before);
  });

  it('refuses images that do not exist or are not images, and FAQs that do not exist, naming the entry', async () => {
    const pdf = await uploadTestMedia(t, 'map.pdf', makePdf());
    const photo = await uploadTestMedia(t, 'pena.png', await makeImage('png'));
    for (const [payload, field, message] of [
      [
        { gallery: [{ media_id: photo.id }, { media_id: pdf.id }] },
        'gallery[1].media_id',
        `Media file ${pdf.id} does not exist or is not an image`,
      ],
      [
        { itinerary: [{ title: 'A' }, { title: 'B', image_id: 9999 }] },
        'itinerary[1].image_id',
        'Media file 9999 does not exist or is not an image',
      ],
      [{ faq_ids: [4242] }, 'faq_ids', 'FAQ 4242 does not exist'],
    ] as const) {
      const res = await create(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ field, message }]);
    }
  });

  it('keeps the sections in history: a change is named in the activity log, and a restore brings the old sections back', async () => {
    const post = (await create(sections())).json<Post>();
    await put(post.id, { itinerary: [{ title: 'Only one day' }] });
    const activity = (
      await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/activity/?item_type=post' })
    ).json().entries;
    expect(activity[0].summary).toBe('Changed the itinerary');
    const [version] = (
      await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/posts/${post.id}/revisions` })
    ).json().items;
    expect(
      (
        await injectAs(t.app, t.tokens.editor, {
          method: 'POST',
          url: `/api/posts/${post.id}/revisions/${version.id}/restore`,
        })
      ).statusCode,
    ).toBe(200);
    expect((await read(post.id)).itinerary.map((entry) => entry.title)).toEqual(['Lisbon to Sintra', 'Cabo da Roca']);
  });

  it('refuses a stale save of the sections with 409, as for any field, and keeps the newer itinerary', async () => {
    const post = (await create(sections())).json<Post>();
    expect((await put(post.id, { itinerary: [{ title: 'Saved first' }], version: post.version })).statusCode).toBe(200);
    const stale = await put(post.id, { itinerary: [{ title: 'Saved second' }], version: post.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current_version: post.version + 1 });
    expect((await read(post.id)).itinerary.map((entry) => entry.title)).toEqual(['Saved first']);
  });

  it('brings the sections and FAQs back with a tour restored from the trash', async () => {
    const bring = await faq('What should I bring?');
    const post = (await create({ ...sections(), faq_ids: [bring] })).json<Post>();
    await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/posts/${post.id}` });
    const [entry] = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/trash/' })).json().items;
    await injectAs(t.app, t.tokens.editor, { method: 'POST', url: `/api/trash/${entry.id}/restore` });
    expect(await read(post.id)).toMatchObject({
      faq_ids: [bring],
      highlights: ['Pena Palace at opening time', 'Lunch in Colares'],
      meeting_point: { name: 'Rossio station' },
    });
  });

  describe('media the sections use', () => {
    it('count as uses: deleting one asks first, and once in the trash the tour shows no broken image', async () => {
      const photo = await uploadTestMedia(t, 'pena.png', await makeImage('png'));
      const day = await uploadTestMedia(t, 'day.png', await makeImage('png'));
      const post = (
        await create({ gallery: [{ media_id: photo.id }], itinerary: [{ title: 'Day', image_id: day.id }] })
      ).json<Post>();
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/media/${photo.id}/usage` })).json(),
      ).toEqual([{ item_type: 'post', item_id: post.id, title: 'Sintra overnight' }]);
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${day.id}` })).statusCode,
      ).toBe(409);
      for (const item of [photo, day])
        await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${item.id}?in_use=confirmed` });
      expect(await read(post.id)).toMatchObject({
        gallery: [],
        itinerary: [{ title: 'Day', image_id: null, image: null }],
      });
    });
  });
});
