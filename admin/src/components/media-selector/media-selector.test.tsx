import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { distinctFolders, type MediaItem } from '@tours-cms/contract';
import { fakeListPage } from '../../test/fake-list-page';
import { mediaItem } from '../../test/media-test-data';
import { renderSignedIn } from '../../test/render';
import { MediaSelector } from './media-selector';
import { PROGRESSIVE_PAGE_SIZE } from './use-progressive-list';

let items: MediaItem[];

beforeEach(() => {
  items = [
    mediaItem(1, 'Beach.jpg', { folder: 'Tours', file_size: 2048 }),
    mediaItem(2, 'brochure.pdf', { file_size: 1024 * 1024 }),
    mediaItem(3, 'sunset.mp4', { folder: 'Videos' }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://admin.test');
      const path = url.pathname;
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (path === '/api/media/folders') return json(distinctFolders(items));
      const filePath = url.searchParams.get('path');
      if (path === '/api/media/' && filePath !== null) {
        const found = items.filter((item) => item.file_path === filePath);
        return json({ items: found, next_cursor: null, total: found.length });
      }
      if (path === '/api/media/1' && init?.method === 'PUT') {
        const { alt_text } = JSON.parse(String(init.body)) as { alt_text: string };
        items[0] = { ...items[0]!, alt_text };
        return new Response(JSON.stringify(items[0]), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      if (path === '/api/media/') return json(fakeListPage(items, input, (item) => item.original_name));
      return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderSelector(selectedUrl?: string, role: 'editor' | 'user' = 'editor') {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  renderSignedIn(<MediaSelector onSelect={onSelect} onClose={onClose} selectedUrl={selectedUrl} />, role);
  return { onSelect, onClose };
}

const tileNames = () =>
  within(screen.getByRole('list', { name: 'Media files' }))
    .getAllByRole('button')
    .map((tile) => tile.textContent);

describe('MediaSelector', () => {
  it('keeps Select File disabled until a file is chosen, then shows its details and passes its full URL', async () => {
    const user = userEvent.setup();
    const { onSelect, onClose } = renderSelector();
    expect(screen.getByRole('dialog', { name: 'Select Media' })).toBeInTheDocument();
    await screen.findByRole('button', { name: /Beach\.jpg/ });
    expect(screen.getByRole('button', { name: 'Select File' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /brochure\.pdf/ }));
    expect(screen.getByRole('button', { name: /brochure\.pdf/ })).toHaveAttribute('aria-pressed', 'true');
    const url = `${window.location.origin}/${items[1]!.file_path}`;
    const details = screen.getByText('Type').closest('dl')!;
    expect(within(details).getByText('brochure.pdf')).toBeInTheDocument();
    expect(within(details).getByText('1 MB')).toBeInTheDocument();
    expect(within(details).getByText('application/pdf')).toBeInTheDocument();
    expect(within(details).getByText(url)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select File' }));
    expect(onSelect).toHaveBeenCalledWith(url, items[1]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows images as thumbnails and other files as icons, with name and size', async () => {
    renderSelector();
    const beach = await screen.findByRole('button', { name: /Beach\.jpg/ });
    expect(beach.querySelector('img')!.getAttribute('src')).toBe(`/${items[0]!.thumbnail_path}`);
    expect(within(beach).getByText('2 KB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /sunset\.mp4/ }).querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Preview Beach.jpg' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Download Beach.jpg' })).toHaveAttribute('download', 'Beach.jpg');
  });

  it('marks the file already in use, whichever URL reading names it', async () => {
    renderSelector(`https://tours.example.com/admin_vendor_api/${items[2]!.file_path}`);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /sunset\.mp4/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Select File' })).toBeEnabled();
  });

  it('filters by search and by folder, All Files first', async () => {
    const user = userEvent.setup();
    renderSelector();
    await screen.findByRole('button', { name: /Beach\.jpg/ });
    const folders = within(screen.getByRole('group', { name: 'Folders' })).getAllByRole('button');
    expect(folders.map((button) => button.textContent)).toEqual(['All Files', 'Tours', 'Videos']);
    await user.click(screen.getByRole('button', { name: 'Videos' }));
    await waitFor(() => expect(tileNames()).toEqual([expect.stringContaining('sunset.mp4')]));
    await user.click(screen.getByRole('button', { name: 'All Files' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'BROCH');
    await waitFor(() => expect(tileNames()).toEqual([expect.stringContaining('brochure.pdf')]));
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'xyz');
    expect(await screen.findByText('No media files found. Upload some files to get started.')).toBeInTheDocument();
  });

  it('asks the server a page at a time, and shows the file in use even when it is not on the first page', async () => {
    items = Array.from({ length: PROGRESSIVE_PAGE_SIZE + 10 }, (_, i) => mediaItem(100 - i, `photo-${i + 1}.jpg`));
    const oldest = items.at(-1)!;
    renderSelector(`/${oldest.file_path}`);
    expect(await screen.findByText(oldest.original_name, { selector: 'dd' })).toBeInTheDocument();
    expect(tileNames()).toHaveLength(PROGRESSIVE_PAGE_SIZE);
    expect(screen.getByRole('button', { name: 'Select File' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Show more (10 more files)' }));
    await waitFor(() => expect(tileNames()).toHaveLength(items.length));
    expect(screen.getByRole('button', { name: new RegExp(oldest.original_name) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('closes on Cancel without choosing', async () => {
    const user = userEvent.setup();
    const { onSelect, onClose } = renderSelector();
    await screen.findByRole('button', { name: /Beach\.jpg/ });
    await user.click(screen.getByRole('button', { name: /Beach\.jpg/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('chooses and confirms a file on double-click', async () => {
    const user = userEvent.setup();
    const { onSelect } = renderSelector();
    await user.dblClick(await screen.findByRole('button', { name: /Beach\.jpg/ }));
    expect(onSelect).toHaveBeenCalledWith(`${window.location.origin}/${items[0]!.file_path}`, items[0]);
  });

  it("edits the chosen image's alternative text in place, and shows it read-only to a plain user", async () => {
    const user = userEvent.setup();
    renderSelector();
    await user.click(await screen.findByRole('button', { name: /Beach\.jpg/ }));
    const alt = screen.getByRole('textbox', { name: 'Alternative text' });
    await user.type(alt, 'Sunbeds on a white beach{Enter}');
    expect(await screen.findByText('Alternative text saved.')).toBeInTheDocument();
    expect(items[0]!.alt_text).toBe('Sunbeds on a white beach');
    // A PDF has no alternative text to give.
    await user.click(screen.getByRole('button', { name: /brochure\.pdf/ }));
    expect(screen.queryByRole('textbox', { name: 'Alternative text' })).not.toBeInTheDocument();
  });

  it('shows a plain user the alternative text without a way to change it', async () => {
    items[0] = { ...items[0]!, alt_text: 'Sunbeds on a white beach' };
    const user = userEvent.setup();
    renderSelector(undefined, 'user');
    await user.click(await screen.findByRole('button', { name: /Beach\.jpg/ }));
    expect(screen.getByText('Sunbeds on a white beach')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Alternative text' })).not.toBeInTheDocument();
  });
});
