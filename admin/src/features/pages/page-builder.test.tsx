import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import type { MediaItem, Page } from '@tours-cms/contract';
import { jsonResponse, renderRoutes, stubApi } from '../../test/render';
import { mediaLibraryApi } from '../../test/media-test-data';
import { CreatePagePage, EditPagePage } from './page-builder-page';

beforeAll(() => {
  // CodeMirror measures text; jsdom has no layout.
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});
afterEach(() => vi.restoreAllMocks());

const EDITOR = { id: 2, username: 'eddie', full_name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };
const origin = window.location.origin;

const media = (id: number, original_name: string, mime_type: string): MediaItem => ({
  id,
  original_name,
  file_path: `uploads/2026/03/${'a'.repeat(31)}${id}.${original_name.split('.').pop()}`,
  thumbnail_path: null,
  mime_type,
  file_size: 2048,
  width: null,
  height: null,
  folder: null,
  alt_text: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
});
const MEDIA = [
  media(1, 'beach.jpg', 'image/jpeg'),
  media(2, 'brochure.pdf', 'application/pdf'),
  media(3, 'harbour.mp4', 'video/mp4'),
];

const SAVED_PAGE: Page = {
  id: 7,
  language: 'en',
  translations: [],
  version: 2,
  publish_at: null,
  title: 'Greek Islands',
  slug: 'greek-islands',
  content: '<h1>Island hopping</h1>',
  status: 'published',
  seo_title: 'Islands',
  seo_description: null,
  featured_image_id: null,
  featured_image_url: 'https://images.example.com/islands.jpg',
  featured_image: null,
  template_data: '{"editor":"page-builder","view":"code","language":"html","theme":"mine"}',
  author_id: 5,
  price: 1299.5,
  duration: '10 days',
  age: '12+',
  location: 'Cyclades',
  button_label: 'Book now',
  button_value: 'https://book.example.com',
  calendar_time_iframe: null,
  short_description: 'Sun and sea',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  text_updated_at: '2026-03-02T10:00:00.000Z',
};

function open(path: string, handlers: Parameters<typeof stubApi>[0] = {}) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({ 'GET /auth/me': () => EDITOR, ...mediaLibraryApi(() => MEDIA), ...handlers });
  const view = renderRoutes(
    [
      { path: '/admin/pages/create', element: <CreatePagePage /> },
      { path: '/admin/pages/edit/:id', element: <EditPagePage /> },
      { path: '/admin/pages', element: <p>The pages list</p> },
    ],
    path,
  );
  return { calls, ...view };
}

const titleInput = () => screen.getByRole('textbox', { name: 'Title' });
const slugInput = () => screen.getByRole('textbox', { name: 'URL Slug' });
const viewButton = (name: string) =>
  within(screen.getByRole('group', { name: 'View mode' })).getByRole('button', { name });
const codeView = () => EditorView.findFromDOM(document.querySelector('.cm-editor') as HTMLElement)!;
const bodyOf = (calls: ReturnType<typeof stubApi>, method: string) =>
  JSON.parse(String(calls.find((c) => c.method === method)!.body));

async function chooseMedia(user: ReturnType<typeof userEvent.setup>, opener: string, file: string) {
  await user.click(screen.getByRole('button', { name: opener }));
  const dialog = await screen.findByRole('dialog', { name: 'Select Media' });
  await user.click(await within(dialog).findByRole('button', { name: new RegExp(file.replace('.', '\\.')) }));
  await user.click(within(dialog).getByRole('button', { name: 'Select File' }));
}

describe('Create Page', () => {
  it("starts as a draft at 'new-page', follows the title with the slug, and saves the page, then goes to the list", async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const { calls } = open('/admin/pages/create', {
      'POST /pages/': () =>
        new Promise((resolve) => (finish = () => resolve(jsonResponse(201, { ...SAVED_PAGE, id: 8 })))),
    });
    expect(await screen.findByRole('heading', { name: 'Create Page' })).toBeInTheDocument();
    expect(slugInput()).toHaveValue('new-page');
    expect(screen.getByLabelText('Status')).toHaveValue('draft');
    expect(screen.getByLabelText('Status: Draft').firstElementChild!.className).toContain('amber');
    await user.type(titleInput(), 'Island Picnic Day!');
    expect(slugInput()).toHaveValue('island-picnic-day');

    await user.click(viewButton('Code'));
    await waitFor(() => expect(document.querySelector('.cm-editor')).not.toBeNull());
    codeView().dispatch({ changes: { from: 0, insert: '<h2>Bring a hat</h2>' } });
    await user.selectOptions(screen.getByLabelText('Status'), 'published');
    expect(screen.getByLabelText('Status: Published').firstElementChild!.className).toContain('green');

    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByText('Saving page...')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST')).toEqual({
      publish_at: null,
      title: 'Island Picnic Day!',
      slug: 'island-picnic-day',
      status: 'published',
      content: '<h2>Bring a hat</h2>',
      seo_title: null,
      seo_description: null,
      featured_image_url: null,
      featured_image_id: null,
      template_data: JSON.stringify({ editor: 'page-builder', view: 'code', language: 'html' }),
      author_id: 1,
    });
    finish();
    expect(await screen.findByText('The pages list')).toBeInTheDocument();
  });

  it('keeps a slug typed by hand when the title changes afterwards', async () => {
    const user = userEvent.setup();
    open('/admin/pages/create');
    await screen.findByRole('heading', { name: 'Create Page' });
    await user.type(titleInput(), 'Tours');
    await user.clear(slugInput());
    await user.type(slugInput(), 'our-tours');
    await user.type(titleInput(), ' 2026');
    expect(slugInput()).toHaveValue('our-tours');
  });

  it('asks for a title before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = open('/admin/pages/create');
    await screen.findByRole('heading', { name: 'Create Page' });
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(titleInput()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("alerts 'Error creating page. Please try again.', shows the server's reason at the field, and stays", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/admin/pages/create', {
      'POST /pages/': () =>
        jsonResponse(409, {
          detail: 'A page with this slug already exists',
          errors: [{ field: 'slug', message: 'This slug is already in use' }],
        }),
    });
    await screen.findByRole('heading', { name: 'Create Page' });
    // A slug the builder itself accepts ('tours' is reserved, which the builder says before sending).
    await user.type(titleInput(), 'Island Tours');
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error creating page. Please try again.');
    expect(screen.getByText('This slug is already in use')).toBeInTheDocument();
    expect(screen.queryByText('Saving page...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create Page' })).toBeInTheDocument();
  });

  it('checks the page with the same rules as the server before sending: a reserved slug is named at its field', async () => {
    const user = userEvent.setup();
    const { calls } = open('/admin/pages/create', { 'POST /pages/': () => jsonResponse(201, SAVED_PAGE) });
    await screen.findByRole('heading', { name: 'Create Page' });
    await user.type(titleInput(), 'Tours');
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByText('The slug "tours" is reserved by the site; choose another')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sets the featured image from the media library: its URL, a preview and the media id', async () => {
    const user = userEvent.setup();
    const { calls } = open('/admin/pages/create', { 'POST /pages/': () => jsonResponse(201, SAVED_PAGE) });
    await screen.findByRole('heading', { name: 'Create Page' });
    await user.type(titleInput(), 'Beach');
    await chooseMedia(user, 'Choose from Media Library', 'beach.jpg');
    const url = `${origin}/${MEDIA[0]!.file_path}`;
    expect(screen.getByLabelText('Featured Image URL')).toHaveValue(url);
    expect(screen.getByRole('img', { name: 'Featured image preview' })).toHaveAttribute('src', url);
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    await screen.findByText('The pages list');
    expect(bodyOf(calls, 'POST')).toMatchObject({ featured_image_url: url, featured_image_id: 1 });
  });

  it('forgets the media id once the featured image URL is edited by hand', async () => {
    const user = userEvent.setup();
    const { calls } = open('/admin/pages/create', { 'POST /pages/': () => jsonResponse(201, SAVED_PAGE) });
    await screen.findByRole('heading', { name: 'Create Page' });
    await user.type(titleInput(), 'Beach');
    await chooseMedia(user, 'Choose from Media Library', 'beach.jpg');
    await user.clear(screen.getByLabelText('Featured Image URL'));
    await user.type(screen.getByLabelText('Featured Image URL'), 'https://cdn.example.com/b.jpg');
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    await screen.findByText('The pages list');
    expect(bodyOf(calls, 'POST')).toMatchObject({
      featured_image_url: 'https://cdn.example.com/b.jpg',
      featured_image_id: null,
    });
  });

  it('appends media chosen with the Media button to the content: image, video player or download link', async () => {
    const user = userEvent.setup();
    open('/admin/pages/create');
    await screen.findByRole('heading', { name: 'Create Page' });
    await user.click(viewButton('Code'));
    await waitFor(() => expect(document.querySelector('.cm-editor')).not.toBeNull());
    await chooseMedia(user, 'Media', 'harbour.mp4');
    await chooseMedia(user, 'Media', 'brochure.pdf');
    await waitFor(() =>
      expect(codeView().state.doc.toString()).toBe(
        `<video src="/${MEDIA[2]!.file_path}" controls style="max-width: 100%;"></video>\n` +
          `<a href="/${MEDIA[1]!.file_path}" download="brochure.pdf">brochure.pdf</a>`,
      ),
    );
  });

  it('offers the language only in Code and Split, a Live Preview in Split, and three widths in Preview', async () => {
    const user = userEvent.setup();
    open('/admin/pages/create');
    await screen.findByRole('heading', { name: 'Create Page' });
    expect(viewButton('Visual')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByLabelText('Language')).not.toBeInTheDocument();
    await user.click(viewButton('Code'));
    expect(screen.getByLabelText('Language')).toHaveValue('html');
    await user.click(viewButton('Split'));
    expect(screen.getByLabelText('Language')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Live Preview' })).toBeInTheDocument();
    expect(screen.getByTitle('Live Preview')).toHaveAttribute(
      'sandbox',
      expect.not.stringContaining('allow-same-origin'),
    );
    await user.click(viewButton('Preview'));
    expect(screen.queryByLabelText('Language')).not.toBeInTheDocument();
    const widths = screen.getByRole('group', { name: 'Preview width' });
    expect(
      within(widths)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mobile', 'Tablet', 'Desktop']);
    const frameBox = () => screen.getByTitle('Page preview').parentElement!;
    expect(frameBox().className).toContain('max-w-full');
    // The page between the site's own header and footer frames, in that order, every one sandboxed.
    const frames = [...frameBox().querySelectorAll('iframe')];
    expect(frames.map((frame) => frame.title)).toEqual(['Site header', 'Page preview', 'Site footer']);
    expect(frames.map((frame) => frame.getAttribute('src'))).toEqual([
      '/frame/site/header',
      '/frame/preview.html',
      '/frame/site/footer',
    ]);
    for (const frame of frames) expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    await user.click(within(widths).getByRole('button', { name: 'Mobile' }));
    expect(within(widths).getByRole('button', { name: 'Mobile' })).toHaveAttribute('aria-pressed', 'true');
    expect(frameBox().className).toContain('max-w-sm');
    await user.click(within(widths).getByRole('button', { name: 'Tablet' }));
    expect(frameBox().className).toContain('max-w-2xl');
  });
});

describe('Edit Page', () => {
  it('loads the page in the view it was left in, with its tour fields, keeps its slug and saves every field', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const { calls } = open('/admin/pages/edit/7', {
      'GET /pages/7': () => SAVED_PAGE,
      'PUT /pages/7': () => new Promise((resolve) => (finish = () => resolve(SAVED_PAGE))),
    });
    expect(await screen.findByRole('heading', { name: 'Edit Page' })).toBeInTheDocument();
    expect(titleInput()).toHaveValue('Greek Islands');
    expect(viewButton('Code')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Status: Published')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tour Details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveValue('1299.5');
    expect(screen.getByLabelText('Calendar Time iFrame')).toHaveAttribute(
      'placeholder',
      'Paste your calendar iframe code here',
    );

    await user.clear(titleInput());
    await user.type(titleInput(), 'Ionian Islands');
    expect(slugInput()).toHaveValue('greek-islands');
    await user.clear(screen.getByLabelText('Duration'));
    await user.type(screen.getByLabelText('Duration'), '12 days');
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByText('Updating page...')).toBeInTheDocument();
    expect(bodyOf(calls, 'PUT')).toEqual({
      publish_at: null,
      title: 'Ionian Islands',
      slug: 'greek-islands',
      status: 'published',
      content: '<h1>Island hopping</h1>',
      seo_title: 'Islands',
      seo_description: null,
      featured_image_url: 'https://images.example.com/islands.jpg',
      featured_image_id: null,
      template_data: JSON.stringify({ editor: 'page-builder', view: 'code', language: 'html', theme: 'mine' }),
      price: 1299.5,
      duration: '12 days',
      age: '12+',
      location: 'Cyclades',
      button_label: 'Book now',
      button_value: 'https://book.example.com',
      calendar_time_iframe: null,
      short_description: 'Sun and sea',
      author_id: 1,
      version: 2,
    });
    finish();
    expect(await screen.findByText('Page updated.')).toBeInTheDocument();
    expect(screen.queryByText('Updating page...')).not.toBeInTheDocument();
  });

  it('shows the media item of a featured image chosen from the library as its URL', async () => {
    const withMedia: Page = {
      ...SAVED_PAGE,
      featured_image_url: null,
      featured_image_id: 1,
      featured_image: {
        id: 1,
        original_name: 'beach.jpg',
        file_path: MEDIA[0]!.file_path,
        thumbnail_path: null,
        mime_type: 'image/jpeg',
        width: 10,
        height: 10,
        alt_text: null,
      },
    };
    open('/admin/pages/edit/7', { 'GET /pages/7': () => withMedia });
    await screen.findByRole('heading', { name: 'Edit Page' });
    expect(screen.getByLabelText('Featured Image URL')).toHaveValue(`${origin}/${MEDIA[0]!.file_path}`);
  });

  it("alerts 'Error updating page. Please try again.' when the save fails", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/admin/pages/edit/7', { 'GET /pages/7': () => SAVED_PAGE, 'PUT /pages/7': () => jsonResponse(500, {}) });
    await screen.findByRole('heading', { name: 'Edit Page' });
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating page. Please try again.');
  });

  it("shows the server's reason in the form when it names no field, as every form does", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/admin/pages/edit/7', {
      'GET /pages/7': () => SAVED_PAGE,
      'PUT /pages/7': () => jsonResponse(403, { detail: 'You do not have permission to do this' }),
    });
    await screen.findByRole('heading', { name: 'Edit Page' });
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(
      expect.arrayContaining(['Error updating page. Please try again.', 'You do not have permission to do this']),
    );
  });

  it("shows 'Page not found' with a way back when the page does not exist", async () => {
    open('/admin/pages/edit/99', { 'GET /pages/99': () => jsonResponse(404, { detail: 'Page not found' }) });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back to pages' })).toHaveAttribute('href', '/admin/pages');
  });

  it("alerts 'Error loading page' and goes back to the list when the page cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/admin/pages/edit/7', { 'GET /pages/7': () => jsonResponse(500, {}) });
    expect(await screen.findByText('The pages list')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading page');
  });
});

describe('Unsaved copy in this browser', () => {
  it('offers the copy left by a closed tab; Restore puts it in the builder, Discard forgets it', async () => {
    const key = 'tours-cms:unsaved:2:page:7';
    localStorage.setItem(
      key,
      JSON.stringify({
        values: { title: 'Typed before the crash' },
        savedAt: '2026-03-02T10:00:00.000Z',
        baseVersion: 2,
      }),
    );
    const first = open('/admin/pages/edit/7', { 'GET /pages/7': () => SAVED_PAGE });
    const offer = await screen.findByRole('region', { name: 'Unsaved changes in this browser' });
    expect(titleInput()).toHaveValue(SAVED_PAGE.title);
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore them' }));
    expect(titleInput()).toHaveValue('Typed before the crash');
    expect(slugInput()).toHaveValue(SAVED_PAGE.slug);
    first.unmount();

    localStorage.setItem(
      key,
      JSON.stringify({
        values: { title: 'Typed before the crash' },
        savedAt: '2026-03-02T10:00:00.000Z',
        baseVersion: 2,
      }),
    );
    open('/admin/pages/edit/7', { 'GET /pages/7': () => SAVED_PAGE });
    await userEvent.click(
      within(await screen.findByRole('region', { name: 'Unsaved changes in this browser' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(titleInput()).toHaveValue(SAVED_PAGE.title);
    expect(localStorage.getItem(key)).toBeNull();
  });
});

describe('Unsaved changes', () => {
  it('asks before leaving an edited page: Cancel keeps the edits, Leave goes to the list', async () => {
    const user = userEvent.setup();
    const { router } = open('/admin/pages/create');
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Harbour Walk');

    await user.click(screen.getByRole('link', { name: 'Back' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('You have unsaved changes. Leave this page and lose them?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/admin/pages/create');
    expect(titleInput()).toHaveValue('Harbour Walk');

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The pages list')).toBeInTheDocument();
  });

  it('lets an untouched page go without asking', async () => {
    const user = userEvent.setup();
    open('/admin/pages/edit/7', { 'GET /pages/7': () => SAVED_PAGE });
    expect(await screen.findByRole('heading', { name: 'Edit Page' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('The pages list')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('goes to the list without asking once a new page is saved', async () => {
    const user = userEvent.setup();
    open('/admin/pages/create', { 'POST /pages/': () => jsonResponse(201, { ...SAVED_PAGE, id: 8 }) });
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Harbour Walk');
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByText('The pages list')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('lets an updated page be left without asking, as it stays on the builder after saving', async () => {
    const user = userEvent.setup();
    open('/admin/pages/edit/7', { 'GET /pages/7': () => SAVED_PAGE, 'PUT /pages/7': () => SAVED_PAGE });
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), ' Tour');
    await user.click(screen.getByRole('button', { name: 'Save Page' }));
    expect(await screen.findByText('Page updated.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('The pages list')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('Page editor language switcher', () => {
  const SETTINGS = { currency: 'EUR', timezone: 'UTC', default_language: 'en', languages: ['en', 'de'] };
  const GERMAN: Page = {
    ...SAVED_PAGE,
    id: 8,
    language: 'de',
    slug: 'greek-islands-de',
    status: 'draft',
    version: 1,
    translations: [
      {
        id: 7,
        language: 'en',
        slug: 'greek-islands',
        status: 'published',
        text_updated_at: '2026-01-02T10:00:00.000Z',
      },
    ],
  };

  it('adds the missing language as a draft copy and opens it, marking it current', async () => {
    const { calls, router } = open('/admin/pages/edit/7', {
      'GET /settings': () => SETTINGS,
      'GET /pages/7': () => SAVED_PAGE,
      'POST /pages/7/translations': () => jsonResponse(201, GERMAN),
      'GET /pages/8': () => GERMAN,
    });
    const nav = within(await screen.findByRole('navigation', { name: 'Languages' }));
    expect(nav.getByText('English (en)')).toHaveAttribute('aria-current', 'page');
    // The slug sits under the page's address in its language: the site's root for the default one.
    expect(await screen.findByText(`${origin}/`)).toBeInTheDocument();
    await userEvent.click(await nav.findByRole('button', { name: 'Add translation: Deutsch (de)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/pages/edit/8'));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.body))).toEqual({ language: 'de' });
    await waitFor(() => expect(slugInput()).toHaveValue('greek-islands-de'));
    expect(screen.getByText(`${origin}/de/`)).toBeInTheDocument();
    expect(screen.getByText(`${origin}/de/greek-islands-de`)).toBeInTheDocument();
    const now = within(screen.getByRole('navigation', { name: 'Languages' }));
    expect(now.getByText('Deutsch (de)')).toHaveAttribute('aria-current', 'page');
    expect(now.getByRole('link', { name: 'English (en)' })).toHaveAttribute('href', '/admin/pages/edit/7');
  });

  it('shows the server’s words when the language is not one of the site’s', async () => {
    open('/admin/pages/edit/7', {
      'GET /settings': () => SETTINGS,
      'GET /pages/7': () => SAVED_PAGE,
      'POST /pages/7/translations': () =>
        jsonResponse(422, {
          detail: 'Language must be one of the site languages',
          errors: [{ field: 'language', message: 'Language must be one of the site languages' }],
        }),
    });
    const nav = within(await screen.findByRole('navigation', { name: 'Languages' }));
    await userEvent.click(await nav.findByRole('button', { name: 'Add translation: Deutsch (de)' }));
    expect(await nav.findByRole('alert')).toHaveTextContent('Language must be one of the site languages');
  });
});

describe('The source beside a page translation', () => {
  it('shows the English page’s text, not its markup, beside the German page’s builder', async () => {
    const english: Page = {
      ...SAVED_PAGE,
      content:
        '<section class="hero"><h1>Island hopping</h1><p>Ten days <b>in the sun</b>.</p></section><script>x()</script>',
      translations: [
        {
          id: 9,
          language: 'de',
          slug: 'griechische-inseln',
          status: 'draft',
          text_updated_at: SAVED_PAGE.updated_at,
        },
      ],
    };
    const german: Page = {
      ...SAVED_PAGE,
      id: 9,
      language: 'de',
      title: 'Griechische Inseln',
      slug: 'griechische-inseln',
      status: 'draft',
      translations: [
        {
          id: 7,
          language: 'en',
          slug: 'greek-islands',
          status: 'published',
          text_updated_at: SAVED_PAGE.updated_at,
        },
      ],
    };
    open('/admin/pages/edit/9', {
      'GET /settings': () => ({ currency: 'EUR', default_language: 'en', languages: ['en', 'de'] }),
      'GET /pages/9': () => german,
      'GET /pages/7': () => english,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show English source' }));
    const panel = await screen.findByRole('region', { name: 'English source' });
    await within(panel).findByText('Greek Islands');
    const content = [...panel.querySelectorAll('dt')].find((dt) => dt.textContent === 'Content')!.nextElementSibling!;
    expect([...content.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Island hopping',
      'Ten days in the sun.',
    ]);
    expect(panel.querySelector('section.hero, b, script')).toBeNull();
    // The layout's JSON is no text to translate; the builder is still there beside it.
    expect(within(panel).queryByText('Layout')).toBeNull();
    expect(titleInput()).toHaveValue('Griechische Inseln');
  });
});
