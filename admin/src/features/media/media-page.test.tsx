import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { distinctFolders, type MediaItem, type SessionUser } from '@tours-cms/contract';
import { fakeListPage } from '../../test/fake-list-page';
import { renderSignedIn } from '../../test/render';
import { MediaPage } from './media-page';
import { mediaItem } from '../../test/media-test-data';
import { PROGRESSIVE_PAGE_SIZE } from '../../components/media-selector/use-progressive-list';

const MAX_BYTES = 1000;
/** Sunset.png (id 3) is the featured image of a tour. */
const usageOf = (id: number) => (id === 3 ? [{ item_type: 'post', item_id: 7, title: 'Sunset Cruise' }] : []);
let items: MediaItem[];
let requests: { method: string; path: string }[];

function json(body: unknown, status = 200) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** XMLHttpRequest as the upload layer uses it, driven by the test: progress, then an answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}

beforeEach(() => {
  items = [
    mediaItem(1, 'Beach.JPG', { folder: 'Tours', file_size: 2048 }),
    mediaItem(2, 'beach-map.pdf', { file_size: 5 * 1024 * 1024 }),
    mediaItem(3, 'Sunset.png', { folder: 'Tours', usage_count: 1 }),
    mediaItem(4, 'sunset-cruise.mp4', { folder: 'Videos', file_size: 500 }),
  ];
  requests = [];
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = new URL(input, 'http://admin.test');
      const path = url.pathname;
      requests.push({ method, path });
      if (method === 'GET' && path === '/api/media/')
        return json(
          fakeListPage(
            items.map((item) => ({ usage_count: 0, ...item })),
            input,
            (item) => item.original_name,
          ),
        );
      if (method === 'GET' && path === '/api/media/folders') return json(distinctFolders(items));
      if (method === 'GET' && path === '/api/media/settings')
        return json({ max_upload_bytes: MAX_BYTES, accepted_extensions: ['png', 'pdf'] });
      const usage = /^\/api\/media\/(\d+)\/usage$/.exec(path);
      if (method === 'GET' && usage) return json(usageOf(Number(usage[1])));
      const del = /^\/api\/media\/(\d+)$/.exec(path);
      const confirmed = new URL(input, 'http://admin.test').searchParams.get('in_use') === 'confirmed';
      if (method === 'DELETE' && del && usageOf(Number(del[1])).length > 0 && !confirmed) {
        return json(
          {
            detail: '"Sunset.png" is used by the tour "Sunset Cruise". Delete it anyway?',
            used_by: usageOf(Number(del[1])),
          },
          409,
        );
      }
      if (method === 'DELETE' && del) {
        items = items.filter((item) => item.id !== Number(del[1]));
        return new Response(null, { status: 204 });
      }
      if (method === 'PUT' && del) {
        const { alt_text } = JSON.parse(String(init.body)) as { alt_text: string };
        items = items.map((item) => (item.id === Number(del[1]) ? { ...item, alt_text } : item));
        return json(items.find((item) => item.id === Number(del[1])));
      }
      return json({ detail: 'Not found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(role: SessionUser['role'] = 'editor') {
  return renderSignedIn(<MediaPage />, role);
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Media files' }))
    .getAllByRole('listitem')
    .map((card) => card.getAttribute('aria-label'));
const listLoads = () => requests.filter((r) => r.method === 'GET' && r.path === '/api/media/').length;

describe('MediaPage cards', () => {
  it('shows each file with its thumbnail or icon, human-readable size and date', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Media Library' })).toBeInTheDocument();
    expect(screen.getByText('Manage your media files and folders')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Beach.JPG' })).toBeInTheDocument();
    const beach = screen.getByRole('listitem', { name: 'Beach.JPG' });
    expect(within(beach).getByText('2 KB')).toBeInTheDocument();
    expect(within(beach).getByText(new Date('2025-07-01T10:00:00.000Z').toLocaleDateString())).toBeInTheDocument();
    expect(beach.querySelector('img')!.getAttribute('src')).toBe(`/${items[0]!.thumbnail_path}`);
    const map = screen.getByRole('listitem', { name: 'beach-map.pdf' });
    expect(within(map).getByText('5 MB')).toBeInTheDocument();
    expect(map.querySelector('img')).toBeNull();
    expect(
      within(screen.getByRole('listitem', { name: 'sunset-cruise.mp4' })).getByText('500 Bytes'),
    ).toBeInTheDocument();
  });

  it('offers open in a new tab and download under the original name', async () => {
    renderPage();
    await screen.findByRole('listitem', { name: 'Beach.JPG' });
    const open = screen.getByRole('link', { name: 'Open Beach.JPG in a new tab' });
    expect(open).toHaveAttribute('href', `/${items[0]!.file_path}`);
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Download Beach.JPG' })).toHaveAttribute('download', 'Beach.JPG');
  });

  it('shows the error state when the list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ detail: 'boom' }, 500)),
    );
    renderPage();
    expect(await screen.findByText('The media files could not be loaded.')).toBeInTheDocument();
  });
});

describe('MediaPage filters', () => {
  it('searches a case-insensitive substring of the original name', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('listitem', { name: 'Beach.JPG' });
    await user.type(screen.getByRole('searchbox', { name: 'Search media files' }), 'BEACH');
    await waitFor(() => expect(cardNames()).toEqual(['Beach.JPG', 'beach-map.pdf']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search media files' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search media files' }), 'nothing like it');
    expect(await screen.findByText('No media files found.')).toBeInTheDocument();
  });

  it('has All Files and one tab per distinct folder, and filters on the exact folder', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('listitem', { name: 'Beach.JPG' });
    const tabs = within(screen.getByRole('group', { name: 'Folders' })).getAllByRole('button');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All Files', 'Tours', 'Videos']);
    expect(screen.getByRole('button', { name: 'All Files' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Tours' }));
    expect(screen.getByRole('button', { name: 'Tours' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardNames()).toEqual(['Beach.JPG', 'Sunset.png']);
    await user.type(screen.getByRole('searchbox', { name: 'Search media files' }), 'sun');
    await waitFor(() => expect(cardNames()).toEqual(['Sunset.png']));
    await user.click(screen.getByRole('button', { name: 'All Files' }));
    await waitFor(() => expect(cardNames()).toEqual(['Sunset.png', 'sunset-cruise.mp4']));
  });

  it('lists 2,000 files a page at a time and filters all of them', async () => {
    items = Array.from({ length: 2000 }, (_, i) =>
      mediaItem(i + 1, `tour-${i + 1}.pdf`, { folder: (i + 1) % 2 ? 'Odd' : 'Even' }),
    );
    const user = userEvent.setup();
    renderPage();
    const names = () =>
      [...document.querySelectorAll('ul[aria-label="Media files"] > li')].map((card) =>
        card.getAttribute('aria-label'),
      );
    const page = PROGRESSIVE_PAGE_SIZE;
    await waitFor(() => expect(names()).toHaveLength(page));
    await user.click(screen.getByRole('button', { name: `Show more (${2000 - page} more files)` }));
    expect(names()).toHaveLength(2 * page);
    await user.click(screen.getByRole('button', { name: 'Odd' }));
    expect(names()).toHaveLength(page);
    expect(screen.getByRole('button', { name: `Show more (${1000 - page} more files)` })).toBeInTheDocument();
    await user.click(screen.getByRole('searchbox', { name: 'Search media files' }));
    await user.paste('TOUR-19');
    const expected = [19, 191, 193, 195, 197, 199, ...Array.from({ length: 50 }, (_, i) => 1901 + 2 * i)].map(
      (n) => `tour-${n}.pdf`,
    );
    await waitFor(() => expect(names()).toEqual(expected));
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
    // jsdom builds a few hundred cards far slower than a browser: a generous budget, not a speed claim.
  }, 20_000);
});

describe('MediaPage new folder', () => {
  it('creates a folder on Enter, selects it and makes it the upload target', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('listitem', { name: 'Beach.JPG' });
    await user.click(screen.getByRole('button', { name: 'New Folder' }));
    await user.type(screen.getByRole('textbox', { name: 'Folder name' }), '  Winter 2025  {Enter}');
    expect(screen.queryByRole('textbox', { name: 'Folder name' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Winter 2025' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Files will be uploaded to: Winter 2025')).toBeInTheDocument();
    expect(screen.getByText('No media files found.')).toBeInTheDocument();
  });

  it('ignores an empty name, refuses a path, and closes on Cancel', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('listitem', { name: 'Beach.JPG' });
    await user.click(screen.getByRole('button', { name: 'New Folder' }));
    await user.type(screen.getByRole('textbox', { name: 'Folder name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('textbox', { name: 'Folder name' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Folders' })).getAllByRole('button')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: 'Folder name' }), '../up');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Folder name may not contain "/", "\\" or ".."')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Folder name' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Files will be uploaded to/)).not.toBeInTheDocument();
  });
});

describe('MediaPage uploads', () => {
  const png = (name: string, bytes = 100) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

  it('sends the files one at a time with a progress bar each, into the chosen folder, then reloads the list', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('listitem', { name: 'Beach.JPG' });
    await user.click(screen.getByRole('button', { name: 'Tours' }));
    await user.upload(screen.getByLabelText('Upload files'), [png('one.png'), png('two.png')]);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(screen.getByText('Uploading files...')).toBeInTheDocument();
    const [first] = FakeXhr.sent;
    expect(first!.method).toBe('POST');
    expect(first!.url).toBe('/api/media/upload');
    expect(first!.body!.get('folder')).toBe('Tours');
    expect((first!.body!.get('file') as File).name).toBe('one.png');
    first!.progress(40, 100);
    expect(screen.getByRole('progressbar', { name: 'Uploading one.png' })).toHaveAttribute('value', '40');
    expect(within(screen.getByRole('list', { name: 'Uploads' })).getByText('Waiting')).toBeInTheDocument();

    const loadsBefore = listLoads();
    await first!.respond(201, mediaItem(10, 'one.png'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect((FakeXhr.sent[1]!.body!.get('file') as File).name).toBe('two.png');
    expect(listLoads()).toBe(loadsBefore);

    items = [mediaItem(11, 'two.png', { folder: 'Tours' }), mediaItem(10, 'one.png', { folder: 'Tours' }), ...items];
    await FakeXhr.sent[1]!.respond(201, items[0]);
    await waitFor(() => expect(screen.queryByText('Uploading files...')).not.toBeInTheDocument());
    await waitFor(() => expect(cardNames()).toEqual(['two.png', 'one.png', 'Beach.JPG', 'Sunset.png']));
    expect(listLoads()).toBe(loadsBefore + 1);
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it('lists the files it refuses, with the reason, and sends none of them', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await screen.findByRole('listitem', { name: 'Beach.JPG' });
    await screen.findByText('Up to 1000 Bytes per file');
    await user.upload(screen.getByLabelText('Upload files'), [
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      png('huge.png', MAX_BYTES + 1),
      new File(['x'], 'page.html', { type: 'text/html' }),
    ]);
    const uploads = await screen.findByRole('list', { name: 'Uploads' });
    expect(within(uploads).getByText('logo.svg')).toBeInTheDocument();
    expect(within(uploads).getByText('Files of type .svg are not accepted')).toBeInTheDocument();
    expect(within(uploads).getByText('The file is larger than the upload limit of 1000 Bytes')).toBeInTheDocument();
    expect(within(uploads).getByText('Files of type .html are not accepted')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it("shows the server's reason for a file it refuses and goes on with the next", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('listitem', { name: 'Beach.JPG' });
    await user.upload(screen.getByLabelText('Upload files'), [png('fake.png'), png('real.png')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.body!.get('folder')).toBeNull();
    await FakeXhr.sent[0]!.respond(415, { detail: "The file's contents are not a .png file" });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    await FakeXhr.sent[1]!.respond(201, mediaItem(12, 'real.png'));
    const uploads = await screen.findByRole('list', { name: 'Uploads' });
    await waitFor(() => expect(within(uploads).getAllByRole('listitem')).toHaveLength(1));
    expect(within(uploads).getByText('fake.png')).toBeInTheDocument();
    expect(within(uploads).getByRole('alert')).toHaveTextContent("The file's contents are not a .png file");
    expect(logged).toHaveBeenCalledTimes(1);
  });
});

describe('MediaPage delete and roles', () => {
  it("asks with the spec's sentence; declining keeps the file, confirming deletes it and reloads", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('listitem', { name: 'Beach.JPG' });
    await user.click(screen.getByRole('button', { name: 'Delete Sunset.png' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this media file?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Beach.JPG' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Beach.JPG' })).not.toBeInTheDocument());
    expect(requests).toContainEqual({ method: 'DELETE', path: '/api/media/1' });
    expect(await screen.findByText('"Beach.JPG" moved to the Trash.')).toBeInTheDocument();
  });

  it('names what uses a file and asks again: declining keeps it, confirming moves it to the Trash', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(
      within(await screen.findByRole('listitem', { name: 'Sunset.png' })).getByText('Used by 1'),
    ).toBeInTheDocument();
    const remove = async () => {
      await user.click(screen.getByRole('button', { name: 'Delete Sunset.png' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      return screen.findByRole('alertdialog', { name: 'This file is in use' });
    };
    let again = await remove();
    expect(again).toHaveTextContent('"Sunset.png" is used by the tour "Sunset Cruise". Delete it anyway?');
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Sunset.png' })).toBeInTheDocument();
    expect(screen.queryByText('"Sunset.png" moved to the Trash.')).not.toBeInTheDocument();

    again = await remove();
    await user.click(within(again).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Sunset.png' })).not.toBeInTheDocument());
    expect(await screen.findByText('"Sunset.png" moved to the Trash.')).toBeInTheDocument();
  });

  it('shows a file’s details with the tours, pages and components that use it, each a link to its editor', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('listitem', { name: 'Sunset.png' });
    await user.click(screen.getByRole('button', { name: 'Details of Sunset.png' }));
    const dialog = screen.getByRole('dialog', { name: 'Media details' });
    expect(await within(dialog).findByRole('link', { name: 'Sunset Cruise' })).toHaveAttribute(
      'href',
      '/admin/posts/edit/7',
    );
    expect(within(dialog).getByText('Replace file')).toBeInTheDocument();
  });

  it("edits an image's alternative text in its details", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('listitem', { name: 'Sunset.png' });
    await user.click(screen.getByRole('button', { name: 'Details of Sunset.png' }));
    const dialog = screen.getByRole('dialog', { name: 'Media details' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Alternative text' }), 'A boat at sunset{Enter}');
    expect(await screen.findByText('Alternative text saved.')).toBeInTheDocument();
    expect(requests).toContainEqual({ method: 'PUT', path: '/api/media/3' });
    expect(items.find((item) => item.id === 3)!.alt_text).toBe('A boat at sunset');
  });

  it('lets a reader browse but not create folders, upload or delete', async () => {
    renderPage('user');
    await screen.findByRole('listitem', { name: 'Beach.JPG' });
    expect(screen.queryByRole('button', { name: 'New Folder' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Upload files')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Beach.JPG' })).toBeInTheDocument();
  });
});
