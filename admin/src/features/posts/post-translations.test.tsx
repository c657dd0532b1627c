import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '@tours-cms/contract';
import { jsonResponse } from '../../test/render';
import { outOfDate } from '../../components/translations/translations';
import { EDITOR, HISTORY, POST, setup } from './post-form-fixtures';

/** The post editor's language switcher (issue 30), on a site in English, German and European Portuguese. */
const SETTINGS = { currency: 'EUR', timezone: 'UTC', default_language: 'en', languages: ['en', 'de', 'pt-PT'] };
const ENGLISH: Post = {
  ...POST,
  translations: [
    {
      id: 8,
      language: 'de',
      slug: 'sunset-cruise-de',
      status: 'draft',
      text_updated_at: '2026-01-02T10:00:00.000Z',
    },
  ],
};
const PORTUGUESE: Post = {
  ...POST,
  id: 9,
  language: 'pt-PT',
  slug: 'sunset-cruise-pt-pt',
  status: 'draft',
  version: 1,
  translations: [
    {
      id: 7,
      language: 'en',
      slug: 'sunset-cruise',
      status: 'published',
      text_updated_at: '2026-01-02T10:00:00.000Z',
    },
    {
      id: 8,
      language: 'de',
      slug: 'sunset-cruise-de',
      status: 'draft',
      text_updated_at: '2026-01-02T10:00:00.000Z',
    },
  ],
};
const GERMAN: Post = {
  ...POST,
  id: 8,
  language: 'de',
  slug: 'sunset-cruise-de',
  status: 'draft',
  version: 1,
  translations: [
    {
      id: 7,
      language: 'en',
      slug: 'sunset-cruise',
      status: 'published',
      text_updated_at: '2026-01-02T10:00:00.000Z',
    },
  ],
};
const portugueseEditor = {
  'GET /posts/8': () => GERMAN,
  'GET /posts/9': () => PORTUGUESE,
  'GET /posts/9/revisions?page=1': () => HISTORY,
  'GET /posts/9/previews': () => [],
  'GET /posts/9/departures': () => [],
};

const switcher = () => screen.findByRole('navigation', { name: 'Languages' });

describe('Post editor language switcher', () => {
  it('marks the current language, links to the translations, and adds a missing one then opens it', async () => {
    const { calls, router } = setup('/admin/posts/edit/7', {
      'GET /settings': () => SETTINGS,
      'GET /posts/7': () => ENGLISH,
      'POST /posts/7/translations': () => jsonResponse(201, PORTUGUESE),
      ...portugueseEditor,
    });
    const nav = within(await switcher());
    expect(nav.getByText('English (en)')).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Deutsch (de)' })).toHaveAttribute('href', '/admin/posts/edit/8');
    expect(nav.queryByRole('button', { name: /Deutsch/ })).not.toBeInTheDocument();
    await userEvent.click(await nav.findByRole('button', { name: 'Add translation: Português europeu (pt-PT)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/posts/edit/9'));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.body))).toEqual({ language: 'pt-PT' });
    await waitFor(() => expect(screen.getByLabelText(/^Slug/)).toHaveValue('sunset-cruise-pt-pt'));
    const now = within(await switcher());
    expect(now.getByText('Português europeu (pt-PT)')).toHaveAttribute('aria-current', 'page');
    expect(now.getByRole('link', { name: 'English (en)' })).toHaveAttribute('href', '/admin/posts/edit/7');
    expect(now.queryByRole('button', { name: /^Add translation/ })).not.toBeInTheDocument();
  });

  it('shows the server’s words when the translation cannot be added, and stays', async () => {
    const { router } = setup('/admin/posts/edit/7', {
      'GET /settings': () => SETTINGS,
      'GET /posts/7': () => ENGLISH,
      'GET /posts/8': () => GERMAN,
      'POST /posts/7/translations': () =>
        jsonResponse(409, {
          detail: 'This post already has a translation in pt-PT',
          errors: [{ field: 'language', message: 'There is already a translation in pt-PT' }],
        }),
    });
    const nav = within(await switcher());
    await userEvent.click(await nav.findByRole('button', { name: 'Add translation: Português europeu (pt-PT)' }));
    expect(await nav.findByRole('alert')).toHaveTextContent('This post already has a translation in pt-PT');
    expect(router.state.location.pathname).toBe('/admin/posts/edit/7');
  });

  it('asks before leaving unsaved changes for the new translation, and keeps them on Cancel', async () => {
    const { router } = setup('/admin/posts/edit/7', {
      'GET /settings': () => SETTINGS,
      'GET /posts/7': () => ENGLISH,
      'POST /posts/7/translations': () => jsonResponse(201, PORTUGUESE),
      ...portugueseEditor,
    });
    // Typed once the form holds the post: typed before, the text would be replaced by the post as it arrives (and
    // nothing would be unsaved). Under a loaded suite the post arrived after the field appeared.
    const title = await screen.findByDisplayValue('Sunset Boat Tour');
    expect(title).toHaveAccessibleName(/^Title/);
    await userEvent.type(title, ' at dusk');
    expect(title).toHaveValue('Sunset Boat Tour at dusk');
    // What a person sees before leaving: the editor knows the edit is unsaved.
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    const nav = within(await switcher());
    await userEvent.click(await nav.findByRole('button', { name: 'Add translation: Português europeu (pt-PT)' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('You have unsaved changes. Leave this page and lose them?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/admin/posts/edit/7');
    expect(title).toHaveValue('Sunset Boat Tour at dusk');

    // The same question guards the links to the other translations; Leave goes.
    await userEvent.click(nav.getByRole('link', { name: 'Deutsch (de)' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/posts/edit/8'));
  });

  it('shows a reader the languages without the add buttons', async () => {
    setup('/admin/posts/edit/7', {
      'GET /auth/me': () => ({ ...EDITOR, role: 'user' }),
      'GET /settings': () => SETTINGS,
      'GET /posts/7': () => ENGLISH,
      'GET /posts/8': () => GERMAN,
    });
    const nav = within(await switcher());
    expect(nav.getByRole('link', { name: 'Deutsch (de)' })).toBeInTheDocument();
    await screen.findByLabelText(/^Title/);
    expect(nav.queryByRole('button')).not.toBeInTheDocument();
  });

  it('has no switcher on a site in one language', async () => {
    setup('/admin/posts/edit/7', { 'GET /settings': () => ({ ...SETTINGS, currency: 'USD', languages: ['en'] }) });
    // The price in the settings' currency: the settings are read.
    await waitFor(() => expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(/\$49\.50/));
    expect(screen.queryByRole('navigation', { name: 'Languages' })).not.toBeInTheDocument();
  });
  it('marks a translation out of date when its source was saved after it, in both languages’ switchers', async () => {
    const later = { ...ENGLISH, updated_at: '2026-02-01T10:00:00.000Z', text_updated_at: '2026-02-01T10:00:00.000Z' };
    const older = { ...GERMAN, updated_at: '2026-01-15T10:00:00.000Z', text_updated_at: '2026-01-15T10:00:00.000Z' };
    const { router } = setup('/admin/posts/edit/7', {
      'GET /settings': () => SETTINGS,
      'GET /posts/7': () => later,
      'GET /posts/8': () => older,
      'GET /posts/8/revisions?page=1': () => HISTORY,
      'GET /posts/8/previews': () => [],
      'GET /posts/8/departures': () => [],
    });
    const nav = within(await switcher());
    const german = nav.getByRole('link', { name: 'Deutsch (de)' }).closest('li')!;
    await waitFor(() => expect(german).toHaveTextContent('Deutsch (de)out of date'));
    expect(nav.getByText('English (en)').closest('li')).not.toHaveTextContent('out of date');
    await router.navigate('/admin/posts/edit/8');
    await waitFor(() => expect(screen.getByLabelText(/^Slug/)).toHaveValue('sunset-cruise-de'));
    const now = within(await switcher());
    await waitFor(() => expect(now.getByText('Deutsch (de)').closest('li')).toHaveTextContent('out of date'));
    expect(now.getByRole('link', { name: 'English (en)' }).closest('li')).not.toHaveTextContent('out of date');
  });
});

describe('outOfDate', () => {
  const item = (id: number, language: string, text_updated_at: string, updated_at = text_updated_at) => ({
    id,
    language,
    translations: [],
    updated_at,
    text_updated_at,
  });

  it('marks the translations last saved before the text of the item in the default language changed, and nothing without one', () => {
    const group = [
      item(1, 'en', '2026-02-01T10:00:00.000Z'),
      item(2, 'de', '2026-01-15T10:00:00.000Z'),
      item(3, 'pt-PT', '2026-02-02T10:00:00.000Z'),
      item(4, 'fr', '2026-02-01T10:00:00.000Z'),
    ];
    expect([...outOfDate(group, 'en')]).toEqual([2]);
    expect([...outOfDate(group.slice(1), 'en')]).toEqual([]);
    expect([...outOfDate(group, 'pt-PT')]).toEqual([1, 2, 4]);
  });

  it('reads when the text changed, not when the item was last saved (a price written to every item)', () => {
    const group = [
      item(1, 'en', '2026-01-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z'),
      item(2, 'de', '2026-01-15T10:00:00.000Z'),
    ];
    expect([...outOfDate(group, 'en')]).toEqual([]);
  });
});
