import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageListItem } from '@tours-cms/contract';
import { PagesPage } from './pages-page';
import { jsonResponse, renderRoutes, renderWithProviders, stubApi } from '../../test/render';
import { fakeListPage } from '../../test/fake-list-page';
import { SERVER_LIST_PAGE } from '../../lib/use-server-list';

const EDITOR = { id: 2, username: 'eddie', full_name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };
const VIEWER = { ...EDITOR, id: 3, username: 'una', role: 'user' };
const page = (id: number, title: string, status: string, richEditor = false): PageListItem => ({
  id,
  language: 'en',
  translations: [],
  title,
  publish_at: null,
  slug: title.toLowerCase().replace(/\s+/g, '-'),
  status: status as PageListItem['status'],
  has_template_data: richEditor,
  created_at: '2026-03-04T10:00:00.000Z',
  updated_at: '2026-03-04T10:00:00.000Z',
  text_updated_at: '2026-03-04T10:00:00.000Z',
});
const PAGES = [
  page(3, 'Greek Islands', 'published', true),
  page(2, 'About Us', 'draft'),
  page(1, 'Winter Offers', 'pending'),
];

/** GET /pages/?… answered from `list` as the server does (searched in the title). */
const pagedPages =
  (list: () => PageListItem[]) =>
  ({ url }: { url: string }) =>
    fakeListPage(list(), url, (p) => p.title);

function setup(extra: Parameters<typeof stubApi>[0] = {}, me: object = EDITOR, pages: PageListItem[] = PAGES) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({ 'GET /auth/me': () => me, 'GET /pages/': pagedPages(() => pages), ...extra });
  renderWithProviders(<PagesPage />);
  return calls;
}

const rows = () => screen.getAllByRole('row').slice(1);
const titles = () => rows().map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')!.textContent);
const origin = window.location.origin;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Pages screen', () => {
  it('shows a spinner, then each page with its public URL, status, type, date and actions', async () => {
    setup();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('Greek Islands')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Title & URL' })).toBeInTheDocument();
    const first = within(rows()[0]!);
    expect(first.getByText(`${origin}/greek-islands`)).toBeInTheDocument();
    expect(first.getByText('Published')).toBeInTheDocument();
    expect(first.getByText('Rich Editor')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('Basic Content')).toBeInTheDocument();
    expect(first.getByText(new Date('2026-03-04T10:00:00.000Z').toLocaleDateString())).toBeInTheDocument();
    const live = first.getByRole('link', { name: 'View Greek Islands live' });
    expect(live).toHaveAttribute('href', `${origin}/greek-islands`);
    expect(live).toHaveAttribute('target', '_blank');
    expect(first.getByRole('link', { name: 'Edit Greek Islands' })).toHaveAttribute('href', '/admin/pages/edit/3');
    expect(screen.getByRole('link', { name: 'Add New Page' })).toHaveAttribute('href', '/admin/pages/create');
  });

  it('colours the status badges: green published, grey draft, yellow anything else', async () => {
    setup();
    await screen.findByText('Greek Islands');
    expect(within(rows()[0]!).getByText('Published').className).toContain('green');
    expect(within(rows()[1]!).getByText('Draft').className).toContain('slate');
    expect(within(rows()[2]!).getByText('Pending').className).toContain('yellow');
  });

  it('searches titles without regard to case, filters by status, and says so when nothing matches', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByText('Greek Islands');
    await user.type(screen.getByRole('searchbox', { name: 'Search pages' }), 'ABOUT');
    await waitFor(() => expect(titles()).toEqual(['About Us']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search pages' }));
    const filter = screen.getByLabelText('Filter by status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Status', 'Published', 'Draft', 'Pending']);
    await user.selectOptions(filter, 'pending');
    await waitFor(() => expect(titles()).toEqual(['Winter Offers']));
    await user.type(screen.getByRole('searchbox', { name: 'Search pages' }), 'islands');
    expect(await screen.findByText('No pages found.')).toBeInTheDocument();
  });

  it("shows the 'Public Page URLs' box when pages exist", async () => {
    setup();
    await screen.findByText('Greek Islands');
    expect(screen.getByRole('heading', { name: 'Public Page URLs' })).toBeInTheDocument();
    expect(screen.getByText(`${origin}/[page-slug]`).parentElement).toHaveTextContent(
      `Published pages are accessible at: ${origin}/[page-slug]`,
    );
  });

  it('has no Public Page URLs box on an empty site', async () => {
    setup({}, EDITOR, []);
    expect(await screen.findByText('No pages found.')).toBeInTheDocument();
    expect(screen.queryByText('Public Page URLs')).not.toBeInTheDocument();
  });

  it("copies the public URL with the clipboard and says 'Copied!' for two seconds", async () => {
    vi.stubGlobal('isSecureContext', true);
    setup();
    await screen.findByText('Greek Islands');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // user-event puts a clipboard of its own on navigator, which the page then writes to.
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Copy URL of Greek Islands' }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/greek-islands`);
    expect(within(rows()[0]!).getByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_900));
    expect(within(rows()[0]!).getByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(within(rows()[0]!).queryByText('Copied!')).not.toBeInTheDocument();
  });

  it('falls back to the legacy copy when the clipboard is unavailable', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    setup();
    await screen.findByText('About Us');
    await userEvent.click(screen.getByRole('button', { name: 'Copy URL of About Us' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(within(rows()[1]!).getByText('Copied!')).toBeInTheDocument();
  });

  it('deletes a page after the confirmation, says so as a post delete does, and reloads the list', async () => {
    const user = userEvent.setup();
    let current = PAGES;
    const calls = setup({
      'GET /pages/': pagedPages(() => current),
      'DELETE /pages/2': () => {
        current = PAGES.filter((p) => p.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    await screen.findByText('About Us');
    await user.click(screen.getByRole('button', { name: 'Delete About Us' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this page?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete About Us' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).toEqual(['Greek Islands', 'Winter Offers']));
    expect(await screen.findByRole('status')).toHaveTextContent('Page deleted.');
    expect(screen.getByRole('heading', { name: 'Pages', level: 1 })).toHaveFocus();
  });

  it('tells the user when a delete fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({ 'DELETE /pages/2': () => jsonResponse(500, {}) });
    await screen.findByText('About Us');
    await user.click(screen.getByRole('button', { name: 'Delete About Us' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The page could not be deleted. Please try again.');
  });

  it('shows a plain user the pages and their live links, without add, edit or delete', async () => {
    setup({}, VIEWER);
    await screen.findByText('Greek Islands');
    expect(screen.getByRole('link', { name: 'View Greek Islands live' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add New Page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Greek Islands' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Greek Islands' })).not.toBeInTheDocument();
  });

  it('asks the server a page at a time with the total, sorts there, and opens the view a link names', async () => {
    const many = Array.from({ length: SERVER_LIST_PAGE + 3 }, (_, i) => page(100 - i, `Page ${i + 1}`, 'draft'));
    const calls = setup({}, EDITOR, many);
    await screen.findByText('Page 1');
    expect(rows()).toHaveLength(SERVER_LIST_PAGE);
    expect(screen.getByText(`Showing ${SERVER_LIST_PAGE} of ${many.length} pages`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rows()).toHaveLength(many.length));
    expect(calls.at(-1)!.url).toBe(`/pages/?sort=-created_at&limit=${SERVER_LIST_PAGE}&cursor=${SERVER_LIST_PAGE}`);
    await userEvent.selectOptions(screen.getByLabelText('Sort pages'), 'title');
    await waitFor(() => expect(titles().slice(0, 3)).toEqual(['Page 1', 'Page 10', 'Page 11']));
  });

  it('opens the view a link names: search, status and sort from the URL', async () => {
    localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
    stubApi({ 'GET /auth/me': () => EDITOR, 'GET /pages/': pagedPages(() => PAGES) });
    renderRoutes([{ path: '*', element: <PagesPage /> }], '/?q=s&status=draft&sort=-title');
    await waitFor(() => expect(titles()).toEqual(['About Us']));
    expect(screen.getByRole('searchbox', { name: 'Search pages' })).toHaveValue('s');
    expect(screen.getByLabelText('Filter by status')).toHaveValue('draft');
    expect(screen.getByLabelText('Sort pages')).toHaveValue('-title');
  });
  it('on a site in more than one language, shows each row’s language and translations and filters by language', async () => {
    const settings = { currency: 'EUR', timezone: 'UTC', default_language: 'en', languages: ['en', 'de'] };
    // The English page was saved after its German translation: the German one is out of date.
    const about = {
      ...page(2, 'About Us', 'published'),
      updated_at: '2026-03-05T09:00:00.000Z',
      text_updated_at: '2026-03-05T09:00:00.000Z',
      translations: [
        {
          id: 5,
          language: 'de',
          slug: 'about-us-de',
          status: 'draft' as const,
          updated_at: '2026-03-04T10:00:00.000Z',
          text_updated_at: '2026-03-04T10:00:00.000Z',
        },
      ],
    };
    const ueber = {
      ...page(5, 'Über uns', 'draft'),
      language: 'de',
      translations: [
        {
          id: 2,
          language: 'en',
          slug: 'about-us',
          status: 'published' as const,
          updated_at: '2026-03-05T09:00:00.000Z',
          text_updated_at: '2026-03-05T09:00:00.000Z',
        },
      ],
    };
    const calls = setup({ 'GET /settings': () => settings }, EDITOR, [
      ueber,
      about,
      page(1, 'Winter Offers', 'pending'),
    ]);
    expect(await screen.findByRole('columnheader', { name: 'Language' })).toBeInTheDocument();
    const aboutRow = within(rows().find((row) => within(row).queryByText('About Us'))!);
    expect(aboutRow.getByText('English (en)')).toBeInTheDocument();
    const germanLink = aboutRow.getByRole('link', { name: 'Edit the de translation: Deutsch (de) (out of date)' });
    expect(germanLink).toHaveAttribute('href', '/admin/pages/edit/5');
    expect(germanLink).toHaveAttribute(
      'title',
      'Deutsch (de): draft, out of date (English (en) text changed after it was last saved)',
    );
    // The German row says so beside its language; the source itself is never out of date.
    const ueberRow = within(rows().find((row) => within(row).queryByText('Über uns'))!);
    expect(ueberRow.getByText('Deutsch (de)')).toHaveTextContent('Deutsch (de)out of date');
    // Each page's address is its language's: the German one under /de/, where it is served (not a redirect to it).
    expect(ueberRow.getByRole('link', { name: 'View Über uns live' })).toHaveAttribute('href', `${origin}/de/über-uns`);
    expect(ueberRow.getByText(`${origin}/de/über-uns`)).toBeInTheDocument();
    expect(aboutRow.getByRole('link', { name: 'View About Us live' })).toHaveAttribute('href', `${origin}/about-us`);
    expect(aboutRow.queryByText('out of date')).not.toBeInTheDocument();
    const winter = within(rows().find((row) => within(row).queryByText('Winter Offers'))!);
    expect(winter.getByRole('list', { name: 'Translations' })).toHaveTextContent('de (missing)');
    await userEvent.selectOptions(screen.getByLabelText('Filter by language'), 'de');
    await waitFor(() => expect(titles()).toEqual(['Über uns']));
    expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('language')).toBe('de');
    expect(within(rows()[0]!).getByRole('link', { name: 'Edit the en translation: English (en)' })).toHaveAttribute(
      'href',
      '/admin/pages/edit/2',
    );
  });

  it('has no Language column or filter on a site in one language', async () => {
    setup({ 'GET /settings': () => ({ currency: 'EUR', default_language: 'en', languages: ['en'] }) });
    await screen.findByText('Greek Islands');
    await waitFor(() =>
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
        'Title & URL',
        'Status',
        'Type',
        'Created At',
        'Actions',
      ]),
    );
    expect(screen.queryByLabelText('Filter by language')).not.toBeInTheDocument();
  });
});
