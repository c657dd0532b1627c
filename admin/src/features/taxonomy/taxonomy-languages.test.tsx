import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { TaxonomyItem } from '@tours-cms/contract';
import { jsonResponse, renderRoutes, stubApi } from '../../test/render';
import { CategoriesPage } from './taxonomy-page';

/**
 * The languages of categories (and tags: the same screen) in the admin (issue 30), on a site in English, German and European Portuguese:
 * a Language column and filter, and a switcher in the dialog.
 */
const SETTINGS = { currency: 'EUR', timezone: 'UTC', default_language: 'en', languages: ['en', 'de', 'pt-PT'] };
const EDITOR = { id: 2, username: 'eddie', full_name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };
const STAMP = { created_at: '2026-01-02T10:00:00.000Z', updated_at: '2026-01-02T10:00:00.000Z' };

function setup(routes: RouteObject[], path: string, handlers: Parameters<typeof stubApi>[0]) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({ 'GET /auth/me': () => EDITOR, 'GET /settings': () => SETTINGS, ...handlers });
  return { calls, ...renderRoutes(routes, path) };
}

const ROUTES = [{ path: '/admin/categories', element: <CategoriesPage /> }];

const category = (id: number, name: string, language: string, translations: TaxonomyItem['translations']) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  description: null,
  parent_id: null,
  language,
  translations,
  ...STAMP,
});
const BOATS = category(1, 'Boats', 'en', [{ id: 2, language: 'de', slug: 'boote', status: null }]);
const BOOTE = category(2, 'Boote', 'de', [{ id: 1, language: 'en', slug: 'boats', status: null }]);
const WALKS = category(3, 'Walks', 'en', []);

const rows = () => screen.getAllByRole('row').slice(1);

describe('Categories in several languages', () => {
  it('shows each row’s language and translations, filters by language in the URL, and opens a translation', async () => {
    const { router } = setup(ROUTES, '/admin/categories', {
      'GET /categories/': () => [BOATS, BOOTE, WALKS],
    });
    expect(await screen.findByRole('columnheader', { name: 'Language' })).toBeInTheDocument();
    const boats = within(rows().find((row) => row.textContent?.includes('Boats'))!);
    expect(boats.getByText('English (en)')).toBeInTheDocument();
    expect(boats.getByRole('button', { name: 'Edit the de translation: Deutsch (de)' })).toBeInTheDocument();
    expect(boats.getByTitle('Português europeu (pt-PT): missing')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Filter by language'), 'de');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Boote');
    expect(router.state.location.search).toBe('?language=de');

    await userEvent.selectOptions(screen.getByLabelText('Filter by language'), '');
    await userEvent.click(
      within(rows().find((row) => row.textContent?.includes('Boats'))!).getByRole('button', {
        name: 'Edit the de translation: Deutsch (de)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Boote');
    const languages = within(within(dialog).getByRole('navigation', { name: 'Languages' }));
    expect(languages.getByText('Deutsch (de)')).toHaveAttribute('aria-current', 'page');
    // Back to English from the switcher: the same dialog, the other item.
    await userEvent.click(languages.getByRole('button', { name: 'English (en)' }));
    await waitFor(() =>
      expect(within(screen.getByRole('dialog', { name: 'Edit Category' })).getByLabelText(/^Name/)).toHaveValue(
        'Boats',
      ),
    );
  });

  it('adds a missing language from the dialog and opens the new translation', async () => {
    const WANDERUNGEN = category(4, 'Walks', 'de', [{ id: 3, language: 'en', slug: 'walks', status: null }]);
    let list = [BOATS, BOOTE, WALKS];
    const { calls } = setup(ROUTES, '/admin/categories', {
      'GET /categories/': () => list,
      'POST /categories/3/translations': () => {
        list = [...list, WANDERUNGEN];
        return jsonResponse(201, WANDERUNGEN);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Walks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add translation: Deutsch (de)' }));
    await waitFor(() =>
      expect(within(screen.getByRole('navigation', { name: 'Languages' })).getByText('Deutsch (de)')).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.body))).toEqual({ language: 'de' });
  });

  it('offers as parents only the top-level categories of the item’s language', async () => {
    const BAIRROS = category(5, 'Bairros', 'pt-PT', []);
    setup(ROUTES, '/admin/categories', { 'GET /categories/': () => [BOATS, BOOTE, WALKS, BAIRROS] });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Boote' }));
    const german = within(await screen.findByRole('dialog', { name: 'Edit Category' }));
    const options = () =>
      within(screen.getByLabelText('Parent Category'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options()).toEqual(['None (top-level)']);
    await userEvent.click(german.getByRole('button', { name: 'Cancel' }));
    // A new category is in the site's default language: English parents only.
    await userEvent.click(screen.getByRole('button', { name: 'Add New Category' }));
    await screen.findByRole('dialog', { name: 'Add New Category' });
    expect(options()).toEqual(['None (top-level)', 'Boats', 'Walks']);
  });

  it('asks before the language switcher drops unsaved edits: Cancel keeps them, Discard Changes switches', async () => {
    const { calls } = setup(ROUTES, '/admin/categories', {
      'GET /categories/': () => [BOATS, BOOTE, WALKS],
      'POST /categories/3/translations': () => jsonResponse(500, { detail: 'not expected' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Boats' }));
    await screen.findByRole('dialog', { name: 'Edit Category' });
    // The dialog is made anew for each item: found again each time.
    const dialog = {
      getByRole: (...args: Parameters<typeof screen.getByRole>) =>
        within(screen.getByRole('dialog', { name: 'Edit Category' })).getByRole(...args),
      getByLabelText: (...args: Parameters<typeof screen.getByLabelText>) =>
        within(screen.getByRole('dialog', { name: 'Edit Category' })).getByLabelText(...args),
    };
    // Untouched, it switches without asking.
    await userEvent.click(dialog.getByRole('button', { name: 'Deutsch (de)' }));
    await waitFor(() => expect(dialog.getByLabelText(/^Name/)).toHaveValue('Boote'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.type(dialog.getByLabelText(/^Name/), ' am Fluss');
    await userEvent.click(dialog.getByRole('button', { name: 'English (en)' }));
    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(question).toHaveTextContent('You have unsaved changes. Open the other language and lose them?');
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('Boote am Fluss');

    await userEvent.click(dialog.getByRole('button', { name: 'English (en)' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Discard Changes',
      }),
    );
    await waitFor(() => expect(dialog.getByLabelText(/^Name/)).toHaveValue('Boats'));

    // Adding a translation opens the copy instead of the edits: asked before anything is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Walks' }));
    const walks = within(await screen.findByRole('dialog', { name: 'Edit Category' }));
    await userEvent.type(walks.getByLabelText('Description'), 'Old town');
    await userEvent.click(walks.getByRole('button', { name: 'Add translation: Deutsch (de)' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(walks.getByLabelText('Description')).toHaveValue('Old town');
  });

  it('shows no Language column on a site in one language', async () => {
    setup(ROUTES, '/admin/categories', {
      'GET /settings': () => ({ ...SETTINGS, languages: ['en'] }),
      'GET /categories/': () => [WALKS],
    });
    await screen.findByText('Walks');
    expect(screen.queryByRole('columnheader', { name: 'Language' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Filter by language')).not.toBeInTheDocument();
  });
});
