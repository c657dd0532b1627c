import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { Post } from '@tours-cms/contract';
import { HISTORY, POST, setup } from './post-form-fixtures';

/** The side-by-side source while translating (issue 30), on a site in English and German. */
const SETTINGS = { currency: 'EUR', timezone: 'UTC', default_language: 'en', languages: ['en', 'de'] };
const ENGLISH: Post = {
  ...POST,
  content:
    '<h2>On board</h2><p>Three hours on the bay.</p><ul><li><p>Wine and small plates</p></li></ul>' +
    '<img src="x" onerror="window.__sourceRan = 1"><script>window.__sourceRan = 2</script>',
  excerpt: 'Golden hour on a sloop.',
  short_description: 'Golden hour, wine and small plates.',
  highlights: ['Raise the sails', 'Sunset over the islands'],
  itinerary: [
    {
      title: 'Cast off',
      description: '<p>Meet the skipper at pier 4.</p>',
      overnight: null,
      meals: 'Snacks',
      image_id: null,
      image: null,
    },
    { title: 'Back in port', description: null, overnight: null, meals: null, image_id: null, image: null },
  ],
  includes: ['Local wine'],
  excludes: ['Hotel pick-up'],
  meeting_point: { name: 'Marina, pier 4', address: 'Harbour Road 12', latitude: null, longitude: null, notes: null },
  gallery: [{ media: POST.featured_image!, caption: 'The sloop at dusk' }] as unknown as Post['gallery'],
  translations: [
    {
      id: 8,
      language: 'de',
      slug: 'sunset-cruise-de',
      status: 'draft',
      text_updated_at: POST.updated_at,
    },
  ],
};
const GERMAN: Post = {
  ...POST,
  id: 8,
  language: 'de',
  title: 'Segeltörn bei Sonnenuntergang',
  slug: 'sunset-cruise-de',
  status: 'draft',
  version: 1,
  translations: [
    {
      id: 7,
      language: 'en',
      slug: 'sunset-cruise',
      status: 'published',
      text_updated_at: POST.updated_at,
    },
  ],
};
const germanEditor = {
  'GET /settings': () => SETTINGS,
  'GET /posts/7': () => ENGLISH,
  'GET /posts/8': () => GERMAN,
  'GET /posts/8/revisions?page=1': () => HISTORY,
  'GET /posts/8/previews': () => [],
  'GET /posts/8/departures': () => [],
};

describe('The source beside a translation', () => {
  it('opens the English text of every translated field, read only, and closes again from the keyboard', async () => {
    setup('/admin/posts/edit/8', germanEditor);
    const toggle = await screen.findByRole('button', { name: 'Show English source' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'English source' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide English source');
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    const source = within(panel);
    await source.findByText('Sunset Boat Tour');
    const fields = [...panel.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(fields).toEqual([
      'Title',
      'Slug',
      'Content',
      'Excerpt',
      'Duration',
      'Location',
      'Short Description',
      'Highlights',
      'Itinerary',
      "What's Included",
      'Not Included',
      'Gallery',
      'Meeting Point',
    ]);
    // The content's blocks as text, each once (the paragraph inside the list item is part of it).
    const content = panel.querySelectorAll('dd')[2]!;
    expect([...content.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'On board',
      'Three hours on the bay.',
      'Wine and small plates',
    ]);
    for (const text of ['1. Cast off', 'Meet the skipper at pier 4.', 'Meals: Snacks', '2. Back in port'])
      expect(source.getByText(text)).toBeInTheDocument();
    expect(source.getByText('1. The sloop at dusk')).toBeInTheDocument();
    expect(source.getByText('Harbour Road 12')).toBeInTheDocument();
    // Text only: none of the source's markup became elements of the admin, and none of its scripts ran.
    expect(panel.querySelector('img, script, h2 + ul')).toBeNull();
    expect((window as { __sourceRan?: number }).__sourceRan).toBeUndefined();
    expect(panel.querySelector('[lang="en"]')).not.toBeNull();
    // No fields of the form are in it: read only.
    expect(source.queryByRole('textbox')).toBeNull();
    const results = await axe.run(panel, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'English source' })).not.toBeInTheDocument());
    expect(toggle).toHaveAccessibleName('Show English source');
  });

  it('offers no source on the item in the default language', async () => {
    setup('/admin/posts/edit/7', germanEditor);
    await screen.findByRole('navigation', { name: 'Languages' });
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Sunset Boat Tour'));
    expect(screen.queryByRole('button', { name: /source$/ })).not.toBeInTheDocument();
  });

  it('offers no source on a translation whose group has no item in the default language', async () => {
    setup('/admin/posts/edit/8', { ...germanEditor, 'GET /posts/8': () => ({ ...GERMAN, translations: [] }) });
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Segeltörn bei Sonnenuntergang'));
    expect(screen.queryByRole('button', { name: /source$/ })).not.toBeInTheDocument();
  });

  it('says so when the source cannot be loaded', async () => {
    setup('/admin/posts/edit/8', { ...germanEditor, 'GET /posts/7': () => new Response('{}', { status: 500 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Show English source' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The source could not be loaded.');
  });
});
