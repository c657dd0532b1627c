import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaxonomyItem } from '@tours-cms/contract';
import { CategoriesPage, TagsPage } from './taxonomy-page';
import { jsonResponse, renderWithProviders, stubApi } from '../../test/render';

const EDITOR = { id: 2, username: 'eddie', full_name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };
const READER = { id: 3, username: 'uma', full_name: null, email: 'uma@example.com', role: 'user' };
const item = (id: number, name: string, slug: string, parent_id: number | null = null): TaxonomyItem => ({
  id,
  name,
  slug,
  description: `About ${name}`,
  parent_id,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  language: 'en',
  translations: [],
});
const CATEGORIES = [item(1, 'Boat', 'boat'), item(2, 'Sunset', 'sunset-cruises', 1), item(3, 'Walking', 'walking')];

function setup(page: 'categories' | 'tags', extra: Parameters<typeof stubApi>[0] = {}, me: object = EDITOR) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({ 'GET /auth/me': () => me, [`GET /${page}/`]: () => CATEGORIES, ...extra });
  renderWithProviders(page === 'categories' ? <CategoriesPage /> : <TagsPage />);
  return calls;
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('Categories screen', () => {
  it("shows children as 'Parent > Child' under their parent with the 'Subcategory' label", async () => {
    setup('categories');
    expect(await screen.findByText('Boat > Sunset')).toBeInTheDocument();
    expect(rows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Boat',
      'Boat > SunsetSubcategory',
      'Walking',
    ]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Category',
      'Slug',
      'Description',
      'Created At',
      'Actions',
    ]);
  });

  it("searches name and slug without regard to case, and says 'No categories found.'", async () => {
    setup('categories');
    await screen.findByText('Walking');
    const search = screen.getByRole('searchbox', { name: 'Search categories' });
    await userEvent.type(search, 'CRUISES');
    expect(rows()).toHaveLength(1);
    expect(screen.getByText('Boat > Sunset')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'walk');
    expect(rows()).toHaveLength(1);
    await userEvent.type(search, 'zzz');
    expect(screen.getByText('No categories found.')).toBeInTheDocument();
  });

  it('regenerates the slug on every name change, also when editing', async () => {
    setup('categories');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Walking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Walking Tours Ü');
    expect(within(dialog).getByLabelText(/^Slug/)).toHaveValue('walking-tours-u');
  });

  it('offers only top-level items other than the one being edited as parents', async () => {
    setup('categories');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Walking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    const parent = within(dialog).getByLabelText('Parent Category');
    expect(
      within(parent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None (top-level)', 'Boat']);
  });

  it('keeps an item with children top-level', async () => {
    setup('categories');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Boat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    expect(within(dialog).getByLabelText('Parent Category')).toBeDisabled();
  });

  it('creates a child category and reloads the list', async () => {
    let list = CATEGORIES;
    const calls = setup('categories', {
      'GET /categories/': () => list,
      'POST /categories/': () => {
        list = [...CATEGORIES, item(4, 'Night Walks', 'night-walks', 3)];
        return jsonResponse(201, list[3]);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Category' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Night Walks');
    await userEvent.selectOptions(within(dialog).getByLabelText('Parent Category'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Walking > Night Walks')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.body))).toEqual({
      name: 'Night Walks',
      slug: 'night-walks',
      description: '',
      parent_id: 3,
    });
  });

  it("alerts 'Error saving category. Please try again.' when the save fails", async () => {
    setup('categories', {
      'POST /categories/': () =>
        jsonResponse(409, {
          detail: 'A category with this slug already exists',
          errors: [{ field: 'slug', message: 'This slug is already in use' }],
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Category' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Boat');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error saving category. Please try again.');
    expect(within(dialog).getByText('This slug is already in use')).toBeInTheDocument();
  });

  it('deletes after the spec confirmation', async () => {
    let list = CATEGORIES;
    setup('categories', {
      'GET /categories/': () => list,
      'DELETE /categories/3': () => {
        list = CATEGORIES.filter((c) => c.id !== 3);
        return new Response(null, { status: 204 });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Walking' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this category?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Walking')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Category deleted.');
  });

  it('says the category was created once the dialog closes', async () => {
    setup('categories', { 'POST /categories/': () => item(4, 'Food', 'food') });
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Category' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Food');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Category created.');
  });

  it("shows the server's reason in the form when it names no field, e.g. a refusal", async () => {
    setup('categories', {
      'POST /categories/': () => jsonResponse(403, { detail: 'You do not have permission to do this' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Category' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Food');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(
      expect.arrayContaining(['Error saving category. Please try again.', 'You do not have permission to do this']),
    );
  });

  it('offers a plain user no create, edit or delete, and no empty Actions column', async () => {
    setup('categories', {}, READER);
    expect(await screen.findByText('Walking')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Category',
      'Slug',
      'Description',
      'Created At',
    ]);
    expect(screen.queryByRole('button', { name: 'Add New Category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
  });
});

describe('Tags screen', () => {
  it("uses the tag words: 'Subtag', 'Add New Tag', 'No tags found.' and its own alerts", async () => {
    setup('tags', {
      'POST /tags/': () => jsonResponse(500, { detail: 'Something went wrong on our side. Please try again.' }),
    });
    expect(await screen.findByText('Subtag')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Tag' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tags' }), 'nothing');
    expect(screen.getByText('No tags found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Tag' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Family');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(
      expect.arrayContaining([
        'Error saving tag. Please try again.',
        'Something went wrong on our side. Please try again.',
      ]),
    );
  });
});
