import { describe, expect, it } from 'vitest';
import {
  activityLabels,
  defineFields,
  diffFieldSpecs,
  emptyFormValues,
  fieldKeys,
  groupFieldKeys,
  inputDefaults,
  publicFieldKeys,
  snapshotOf,
  toFormValues,
  toInputValues,
} from './fields.js';
import { postFields, postInputSchema, postSnapshot, type Post, type PostData } from './posts.js';
import { pageFields, pageInputSchema, pageSnapshot, type Page } from './pages.js';
import { componentFields, componentInputSchema, componentSnapshot, type Component } from './components.js';

/** Every key the input schema parses, but the version an editor sends back (checked, never stored). */
/** An input's field keys: not the version a save expects, nor the language an item is made in (never a field). */
function inputKeys(schema: { shape: Record<string, unknown> }): string[] {
  return Object.keys(schema.shape)
    .filter((key) => key !== 'version' && key !== 'language')
    .sort();
}

const post: Post = {
  id: 7,
  title: 'Sintra day trip',
  slug: 'sintra-day-trip',
  content: '<p>Palaces</p>',
  excerpt: null,
  status: 'scheduled',
  publish_at: '2027-01-01T09:00:00.000Z',
  price: 89.5,
  duration: '8 hours',
  age: null,
  location: 'Sintra',
  button_label: 'Book',
  button_value: 'https://book.example.com/sintra',
  calendar_time_iframe: null,
  short_description: 'Palaces and gardens',
  seo_title: null,
  seo_description: null,
  category_id: 3,
  featured_image_id: 12,
  featured_image: null,
  tags: [
    { id: 4, name: 'Day trips', slug: 'day-trips' },
    { id: 9, name: 'Family', slug: 'family' },
  ],
  highlights: ['Pena Palace'],
  itinerary: [
    { title: 'Pena Palace', description: '<p>Gardens</p>', overnight: null, meals: 'Lunch', image_id: 12, image: null },
  ],
  includes: ['Guide'],
  excludes: [],
  faq_ids: [2],
  gallery: [
    {
      media: {
        id: 12,
        file_path: 'uploads/2026/11/p.jpg',
        thumbnail_path: null,
        alt_text: null,
        width: 10,
        height: 10,
      },
      caption: 'Pena',
    },
  ],
  meeting_point: { name: 'Rossio station', address: null, latitude: 38.71, longitude: -9.14, notes: null },
  version: 5,
  author_id: 1,
  language: 'en',
  translations: [],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T00:00:00.000Z',
  text_updated_at: '2026-11-02T00:00:00.000Z',
};

describe('field tables', () => {
  it('name every field of each content type input, and nothing else', () => {
    expect(fieldKeys(postFields).sort()).toEqual(inputKeys(postInputSchema));
    expect(fieldKeys(pageFields).sort()).toEqual(inputKeys(pageInputSchema));
    expect(fieldKeys(componentFields).sort()).toEqual(inputKeys(componentInputSchema));
  });

  it('refuse, at type-check time, a table that misses a field or names one the input lacks', () => {
    const define = defineFields<{ title: string; price: number | null }>();
    // @ts-expect-error: price has no spec
    define({ title: { label: 'Title', kind: 'text' } });
    define({
      title: { label: 'Title', kind: 'text' },
      price: { label: 'Price', kind: 'price' },
      // @ts-expect-error: colour is not a field of the input
      colour: { label: 'Colour', kind: 'text' },
    });
    expect(
      fieldKeys(define({ title: { label: 'Title', kind: 'text' }, price: { label: 'Price', kind: 'price' } })),
    ).toEqual(['title', 'price']);
  });
});

describe('snapshots', () => {
  it('keep every versioned post field, the schedule and the tags by id included, whatever else the post carries', () => {
    expect(postSnapshot(post)).toEqual({
      title: 'Sintra day trip',
      slug: 'sintra-day-trip',
      status: 'scheduled',
      publish_at: '2027-01-01T09:00:00.000Z',
      content: '<p>Palaces</p>',
      excerpt: null,
      price: 89.5,
      duration: '8 hours',
      age: null,
      location: 'Sintra',
      button_label: 'Book',
      button_value: 'https://book.example.com/sintra',
      calendar_time_iframe: null,
      short_description: 'Palaces and gardens',
      seo_title: null,
      seo_description: null,
      category_id: 3,
      tag_ids: [4, 9],
      featured_image_id: 12,
      highlights: ['Pena Palace'],
      itinerary: [
        { title: 'Pena Palace', description: '<p>Gardens</p>', overnight: null, meals: 'Lunch', image_id: 12 },
      ],
      includes: ['Guide'],
      excludes: [],
      faq_ids: [2],
      gallery: [{ media_id: 12, caption: 'Pena' }],
      meeting_point: { name: 'Rossio station', address: null, latitude: 38.71, longitude: -9.14, notes: null },
    });
  });

  it('are what the input schema takes back: a snapshot parses to itself', () => {
    const snapshot = postSnapshot(post);
    const parsed: PostData = postInputSchema.parse(snapshot);
    expect({ ...parsed, version: undefined }).toEqual({ ...snapshot, version: undefined });
  });

  it('read a page with its layout record and library image, and a component with its flags as booleans even from 0/1 columns', () => {
    const page = {
      title: 'About',
      slug: 'about',
      content: '<p>Hi</p>',
      status: 'draft',
      publish_at: null,
      seo_title: null,
      seo_description: null,
    } as const;
    const tour = {
      price: null,
      duration: null,
      age: null,
      location: null,
      button_label: null,
      button_value: null,
      calendar_time_iframe: null,
      short_description: null,
    };
    const snapshot = pageSnapshot({
      ...page,
      ...tour,
      featured_image_id: 2,
      featured_image_url: null,
      template_data: '{"editor":"page-builder"}',
      id: 1,
    } as Page);
    expect(snapshot).toMatchObject({
      featured_image_id: 2,
      template_data: '{"editor":"page-builder"}',
      title: 'About',
    });
    expect(Object.keys(snapshot).sort()).toEqual(inputKeys(pageInputSchema));

    const row = {
      name: 'Header',
      slug: 'header',
      type: 'header',
      content: '<nav></nav>',
      description: null,
      is_common: 1,
      is_active: 0,
    } as const;
    expect(componentSnapshot(row)).toEqual({
      name: 'Header',
      slug: 'header',
      type: 'header',
      description: null,
      is_common: true,
      is_active: false,
      content: '<nav></nav>',
    });
    expect(componentSnapshot({ ...row, is_common: true, is_active: false } as Component)).toEqual(
      componentSnapshot(row),
    );
  });
});

describe('derived lists', () => {
  it('name changed fields in the activity log as staff call them', () => {
    const labels = activityLabels(postFields);
    expect(labels).toMatchObject({
      title: 'title',
      publish_at: 'publish time',
      calendar_time_iframe: 'calendar',
      seo_title: 'SEO title',
      tag_ids: 'tags',
      featured_image_id: 'featured image',
      button_label: 'button label',
    });
    expect(Object.keys(labels)).toHaveLength(fieldKeys(postFields).length);
    expect(activityLabels(componentFields)).not.toHaveProperty('slug');
    expect(activityLabels(pageFields)).toMatchObject({
      template_data: 'layout',
      featured_image_url: 'featured image URL',
    });
  });

  it('give the history diff every versioned field but those kept out of it, with the editors labels and kinds', () => {
    const postDiff = diffFieldSpecs(postFields);
    expect(postDiff.map((field) => field.key)).toEqual(fieldKeys(postFields));
    expect(postDiff.find((field) => field.key === 'category_id')).toEqual({
      key: 'category_id',
      label: 'Category',
      kind: 'reference',
      references: 'categories',
    });
    expect(postDiff.find((field) => field.key === 'publish_at')).toMatchObject({ label: 'Publish At', kind: 'moment' });
    expect(diffFieldSpecs(pageFields).map((field) => field.key)).not.toContain('template_data');
    expect(diffFieldSpecs(componentFields).map((field) => field.label)).toEqual([
      'Component Name',
      'Type',
      'Description',
      'Common component',
      'Active',
      'Content',
    ]);
  });

  it('give the catalogue the card columns and the tour page every public column, never the status or schedule', () => {
    expect(publicFieldKeys(postFields, 'card')).toEqual([
      'title',
      'slug',
      'price',
      'duration',
      'location',
      'short_description',
    ]);
    const page = publicFieldKeys(postFields, 'page');
    expect(page).toEqual(
      expect.arrayContaining([
        'content',
        'excerpt',
        'age',
        'button_value',
        'calendar_time_iframe',
        'seo_title',
        'category_id',
        'price',
      ]),
    );
    expect(page).not.toContain('status');
    expect(page).not.toContain('publish_at');
  });
});

describe('form values', () => {
  it('start a new post from the input schema defaults: a draft, blank text, no tags', () => {
    expect(inputDefaults(postInputSchema)).toMatchObject({ status: 'draft', price: null, tag_ids: [] });
    const values = emptyFormValues<PostData, typeof postFields>(postFields, inputDefaults(postInputSchema));
    expect(values).toMatchObject({
      title: '',
      status: 'draft',
      price: '',
      category_id: '',
      tag_ids: [],
      featured_image_id: null,
      publish_at: '',
    });
  });

  it('turn a saved post into inputs and back into the body that saves the same fields', () => {
    const snapshot = postSnapshot(post);
    const values = toFormValues<PostData, typeof postFields>(
      postFields,
      snapshot,
      emptyFormValues<PostData, typeof postFields>(postFields),
    );
    expect(values).toMatchObject({
      price: '89.5',
      category_id: '3',
      excerpt: '',
      tag_ids: [4, 9],
      featured_image_id: 12,
    });
    expect(toInputValues<PostData, typeof postFields>(postFields, values, 'trimmed')).toEqual(snapshot);
    const asTyped = postInputSchema.parse(toInputValues<PostData, typeof postFields>(postFields, values));
    expect({ ...asTyped, version: undefined }).toEqual({ ...snapshot, version: undefined });
  });

  it('leave what cannot be read as typed, so the input schema names the field instead of saving another number', () => {
    expect(
      toInputValues<PostData, typeof postFields>(postFields, {
        ...emptyFormValues<PostData, typeof postFields>(postFields),
        price: '1.234,50',
      }).price,
    ).toBe(1234.5);
    const values = {
      ...emptyFormValues<PostData, typeof postFields>(postFields),
      title: 'Trip',
      slug: 'trip',
      price: '1.234,5,6',
    };
    const input = toInputValues<PostData, typeof postFields>(postFields, values);
    expect(input.price).toBe('1.234,5,6');
    const result = postInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('price');
  });

  it('send text as typed for the post form, and trimmed with blanks as null for the builders, a blank required text as blank', () => {
    const values = {
      ...emptyFormValues<PostData, typeof postFields>(postFields, inputDefaults(postInputSchema)),
      seo_title: '  Sintra  ',
    };
    const asTyped = toInputValues<PostData, typeof postFields>(postFields, values);
    expect(asTyped).toMatchObject({
      title: '',
      excerpt: '',
      seo_title: '  Sintra  ',
      publish_at: null,
      price: null,
      category_id: null,
    });
    const trimmed = toInputValues<PostData, typeof postFields>(postFields, values, 'trimmed');
    expect(trimmed).toMatchObject({ title: '', excerpt: null, seo_title: 'Sintra', publish_at: null });
    for (const input of [asTyped, trimmed]) {
      expect(postInputSchema.safeParse(input).error?.issues[0]).toMatchObject({
        path: ['title'],
        message: 'Title is required',
      });
    }
  });
});

describe('a new field', () => {
  // The recipe's proof: a field added to a table appears in every derived list with no other change.
  type Extended = Omit<PostData, 'version' | 'language'> & { difficulty: string | null };
  const extended = defineFields<Extended>()({
    ...postFields,
    difficulty: { label: 'Difficulty', kind: 'text', public: 'card' },
  });

  it('is kept by versions, named in the activity log and the diff, edited by the form and read by the catalogue', () => {
    const source = { ...postSnapshot(post), difficulty: 'Moderate' };
    expect(snapshotOf<Extended, typeof extended>(extended, source)).toMatchObject({ difficulty: 'Moderate' });
    expect(activityLabels(extended).difficulty).toBe('difficulty');
    expect(diffFieldSpecs(extended).at(-1)).toEqual({ key: 'difficulty', label: 'Difficulty', kind: 'text' });
    const values = toFormValues<Extended, typeof extended>(
      extended,
      source,
      emptyFormValues<Extended, typeof extended>(extended),
    );
    expect(values.difficulty).toBe('Moderate');
    expect(
      toInputValues<Extended, typeof extended>(extended, { ...values, difficulty: ' ' }, 'trimmed').difficulty,
    ).toBeNull();
    expect(publicFieldKeys(extended, 'card')).toContain('difficulty');
  });
});

describe('what translations share (issue 30)', () => {
  it('keeps text per language and prices, flags, media and references once per translation group', () => {
    expect(groupFieldKeys(postFields)).toEqual(['price', 'category_id', 'tag_ids', 'featured_image_id', 'faq_ids']);
    expect(groupFieldKeys(pageFields)).toEqual(['featured_image_id', 'price']);
    expect(groupFieldKeys(componentFields)).toEqual(['type', 'is_common']);
  });

  it('lets a field say otherwise than its kind', () => {
    const define = defineFields<{ title: string; code: string | null; on: boolean }>();
    const table = define({
      title: { label: 'Title', kind: 'text', translated: false },
      code: { label: 'Code', kind: 'code' },
      on: { label: 'On', kind: 'flag', translated: true },
    });
    expect(groupFieldKeys(table)).toEqual(['title']);
  });
});
