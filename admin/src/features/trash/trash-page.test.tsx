import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrashEntry, TrashList } from '@tours-cms/contract';
import { jsonResponse, renderSignedIn, stubApi } from '../../test/render';
import { TrashPage } from './trash-page';

const entry = (id: number, item_type: TrashEntry['item_type'], title: string, group_entries = 1): TrashEntry => ({
  id,
  item_type,
  item_id: id * 10,
  title,
  deleted_by: { id: 2, name: 'Eddie Editor' },
  deleted_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-12-20T10:00:00.000Z',
  group_entries,
});
const list = (items: TrashEntry[], total = items.length, page = 1): TrashList => ({
  items,
  total,
  page,
  page_size: 50,
});
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('TrashPage', () => {
  it('lists deleted items with their type, who deleted them and when they go for good', async () => {
    stubApi({ 'GET /trash/?page=1': () => list([entry(1, 'post', 'Sunset sail'), entry(2, 'page', 'About us')]) });
    renderSignedIn(<TrashPage />, 'editor');
    const row = (await screen.findByText('Sunset sail')).closest('tr')!;
    expect(within(row).getByText('Tour')).toBeInTheDocument();
    expect(within(row).getByText('by Eddie Editor')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Restore Sunset sail' })).toBeInTheDocument();
    // Only administrators delete for good.
    expect(within(row).queryByRole('button', { name: 'Delete Sunset sail for good' })).not.toBeInTheDocument();
    expect(screen.getByText('About us').closest('tr')).toHaveTextContent('Page');
  });

  it('filters by type on the server and restores an item, offering to open it', async () => {
    let restored = false;
    const calls = stubApi({
      'GET /trash/?page=1': () =>
        list(restored ? [] : [entry(1, 'post', 'Sunset sail'), entry(2, 'component', 'Main header')]),
      'GET /trash/?page=1&type=component': () => list(restored ? [] : [entry(2, 'component', 'Main header')]),
      'POST /trash/2/restore': () => {
        restored = true;
        return { item_type: 'component', item_id: 20 };
      },
    });
    renderSignedIn(<TrashPage />, 'editor');
    await screen.findByText('Sunset sail');
    await userEvent.selectOptions(screen.getByLabelText('Filter by type'), 'component');
    await screen.findByText(/Main header/);
    expect(screen.queryByText('Sunset sail')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore Main header' }));
    expect(await screen.findByText('Component restored.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open it' })).toHaveAttribute('href', '/admin/components/edit/20');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/trash/2/restore')).toBe(true);
  });

  it('restores a translation alone or with the rest of its group in the Trash, as asked', async () => {
    let restored = false;
    const calls = stubApi({
      'GET /trash/?page=1': () =>
        list(
          restored
            ? []
            : [
                entry(1, 'post', 'Sunset sail', 2),
                entry(2, 'post', 'Segeln bei Sonnenuntergang', 2),
                entry(3, 'page', 'About us'),
              ],
        ),
      'POST /trash/2/restore?group=true': () => {
        restored = true;
        return { item_type: 'post', item_id: 20 };
      },
    });
    renderSignedIn(<TrashPage />, 'editor');
    const row = (await screen.findByText('Sunset sail')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Restore Sunset sail' })).toBeInTheDocument();
    // An item alone in the Trash has no group to restore.
    expect(
      within(screen.getByText('About us').closest('tr')!).queryByRole('button', { name: /all \d languages/ }),
    ).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Restore Segeln bei Sonnenuntergang in all 2 languages' }),
    );
    expect(await screen.findByText('Tour restored in all 2 languages.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/trash/2/restore?group=true']);
  });

  it('says why a restore was refused and keeps the item listed', async () => {
    stubApi({
      'GET /trash/?page=1': () => list([entry(1, 'post', 'Sunset sail')]),
      'POST /trash/1/restore': () =>
        jsonResponse(409, { detail: 'Another post now uses the slug "sunset-sail": change one of them, then restore' }),
    });
    renderSignedIn(<TrashPage />, 'editor');
    await userEvent.click(await screen.findByRole('button', { name: 'Restore Sunset sail' }));
    expect(
      await screen.findByText('Another post now uses the slug "sunset-sail": change one of them, then restore'),
    ).toBeInTheDocument();
    expect(screen.getByText('Sunset sail')).toBeInTheDocument();
  });

  it('lets an administrator delete an item for good after confirming, and pages through a long trash', async () => {
    let deleted = false;
    const calls = stubApi({
      'GET /trash/?page=1': () => list(deleted ? [entry(5, 'post', 'Kept tour')] : [entry(1, 'page', 'Old page')], 51),
      'GET /trash/?page=2': () => list([entry(3, 'post', 'Oldest tour')], 51, 2),
      'DELETE /trash/1': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderSignedIn(<TrashPage />, 'admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Old page for good' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete "Old page" for good?');
    await userEvent.click(within(dialog).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Deleted for good.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/trash/1')).toBe(true);

    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Oldest tour')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});
