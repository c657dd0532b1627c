import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostListItem } from '@tours-cms/contract';
import { fakeListPage } from '../../test/fake-list-page';
import { PostsPage } from './posts-page';
import { SERVER_LIST_PAGE } from '../../lib/use-server-list';
import { jsonResponse, renderRoutes, renderWithProviders, stubApi } from '../../test/render';

const EDITOR = { id: 2, username: 'eddie', full_name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };
const post = (id: number, title: string, status: string, extra: Partial<PostListItem> = {}): PostListItem => ({
  id,
  language: 'en',
  translations: [],
  title,
  publish_at: null,
  slug: title.toLowerCase().replace(/\s+/g, '-'),
  status: status as PostListItem['status'],
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  text_updated_at: '2026-01-02T10:00:00.000Z',
  category_id: null,
  ...extra,
});
const POSTS = [
  post(3, 'Sunset Boat Tour', 'published'),
  post(2, 'Old Town Walk', 'draft'),
  post(1, 'Wine Tasting', 'pending'),
  post(4, 'Legacy Import', 'archived'),
];

/** GET /posts/?… answered from `list` as the server does (searched in title and slug). */
const pagedPosts =
  (list: () => PostListItem[]) =>
  ({ url }: { url: string }) =>
    fakeListPage(list(), url, (p) => `${p.title} ${p.slug}`);

function setup(extra: Parameters<typeof stubApi>[0] = {}, me: object = EDITOR, path = '/') {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({ 'GET /auth/me': () => me, 'GET /posts/': pagedPosts(() => POSTS), ...extra });
  if (path === '/') renderWithProviders(<PostsPage />);
  else renderRoutes([{ path: '*', element: <PostsPage /> }], path);
  return calls;
}

// The table found by its role, its rows read from the DOM: 100 rows found by role each time a waitFor polls kept the
// thread so busy on a loaded machine that the search's debounce fired seconds late and the wait ran out.
const rows = () => Array.from((screen.getByRole('table') as HTMLTableElement).tBodies[0]!.rows);
const titles = () => rows().map((row) => row.cells[0]!.querySelector('p')!.textContent);

describe('Posts screen', () => {
  it("shows a scheduled post with the pending style and its time in the site's time zone", async () => {
    const settings = {
      site_name: 'Tours',
      currency: 'EUR',
      contact_email: null,
      contact_phone: null,
      social_image_url: null,
      timezone: 'Europe/Lisbon',
      revisions_keep: null,
      updated_at: null,
    };
    setup({
      'GET /posts/': pagedPosts(() => [
        post(5, 'Winter Lights', 'scheduled', { publish_at: '2030-07-01T08:30:00.000Z' }),
      ]),
      'GET /settings': () => settings,
    });
    const row = (await screen.findByText('Winter Lights')).closest('tr')!;
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    expect(await within(row).findByText('Scheduled for 1 Jul 2030, 09:30 (Europe/Lisbon)')).toBeInTheDocument();
  });

  it('shows a spinner, then the posts with slug, status badge, date and actions', async () => {
    setup();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('Sunset Boat Tour')).toBeInTheDocument();
    expect(rows()).toHaveLength(4);
    const first = within(rows()[0]!);
    expect(first.getByText('sunset-boat-tour')).toBeInTheDocument();
    expect(first.getByText('Published')).toBeInTheDocument();
    expect(first.getByText(new Date('2026-01-02T10:00:00.000Z').toLocaleDateString())).toBeInTheDocument();
    const view = first.getByRole('link', { name: 'View Sunset Boat Tour' });
    expect(view).toHaveAttribute('href', '/admin/posts/view/sunset-boat-tour');
    expect(view).toHaveAttribute('target', '_blank');
    expect(first.getByRole('link', { name: 'Edit Sunset Boat Tour' })).toHaveAttribute('href', '/admin/posts/edit/3');
    expect(screen.getByRole('link', { name: 'Add New Post' })).toHaveAttribute('href', '/admin/posts/create');
  });

  it('shows statuses other than draft and published in the pending style', async () => {
    setup();
    await screen.findByText('Legacy Import');
    expect(within(rows()[3]!).getByText('Archived').className).toBe(within(rows()[2]!).getByText('Pending').className);
  });

  it('searches titles without regard to case', async () => {
    setup();
    await screen.findByText('Sunset Boat Tour');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'TOUR');
    await waitFor(() => expect(titles()).toEqual(['Sunset Boat Tour']));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search posts' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'wa');
    await waitFor(() => expect(titles()).toEqual(['Old Town Walk']));
  });

  it("filters by exact status, combines with search, and says 'No posts found.' when nothing matches", async () => {
    setup();
    await screen.findByText('Sunset Boat Tour');
    const filter = screen.getByLabelText('Filter by status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Status', 'Published', 'Draft', 'Pending']);
    await userEvent.selectOptions(filter, 'pending');
    await waitFor(() => expect(titles()).toEqual(['Wine Tasting']));
    await userEvent.selectOptions(filter, 'draft');
    await waitFor(() => expect(titles()).toEqual(['Old Town Walk']));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'sunset');
    expect(await screen.findByText('No posts found.')).toBeInTheDocument();
  });

  it('asks the server a page at a time, shows the total, and more on request; searches on the server', async () => {
    const many = Array.from({ length: SERVER_LIST_PAGE * 2 + 5 }, (_, i) => post(i + 1, `Tour ${i + 1}`, 'draft'));
    const calls = setup({ 'GET /posts/': pagedPosts(() => many) });
    await screen.findByText('Tour 1');
    expect(rows()).toHaveLength(SERVER_LIST_PAGE);
    expect(screen.getByText(`Showing ${SERVER_LIST_PAGE} of ${many.length} posts`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rows()).toHaveLength(SERVER_LIST_PAGE * 2));
    expect(calls.at(-1)!.url).toBe(`/posts/?sort=-created_at&limit=${SERVER_LIST_PAGE}&cursor=${SERVER_LIST_PAGE}`);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'Tour 10');
    await waitFor(() => expect(titles()).toEqual(['Tour 10', ...[0, 1, 2, 3, 4, 5].map((n) => `Tour 10${n}`)]));
    expect(screen.getByText('Showing 7 of 7 posts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    // Typing waits for a pause: one request for the whole word, not one per key.
    expect(
      calls.filter((c) => c.url.includes('q=')).map((c) => new URL(c.url, 'http://x').searchParams.get('q')),
    ).toEqual(['Tour 10']);
  });

  it('opens the view a link names: search, status and sort from the URL', async () => {
    setup({}, EDITOR, '/?q=o&status=draft&sort=title');
    await waitFor(() => expect(titles()).toEqual(['Old Town Walk']));
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('o');
    expect(screen.getByLabelText('Filter by status')).toHaveValue('draft');
    expect(screen.getByLabelText('Sort posts')).toHaveValue('title');
  });

  it('sorts on the server by title both ways and oldest first', async () => {
    setup();
    await screen.findByText('Sunset Boat Tour');
    await userEvent.selectOptions(screen.getByLabelText('Sort posts'), 'title');
    await waitFor(() =>
      expect(titles()).toEqual(['Legacy Import', 'Old Town Walk', 'Sunset Boat Tour', 'Wine Tasting']),
    );
    await userEvent.selectOptions(screen.getByLabelText('Sort posts'), '-title');
    await waitFor(() =>
      expect(titles()).toEqual(['Wine Tasting', 'Sunset Boat Tour', 'Old Town Walk', 'Legacy Import']),
    );
  });

  it('deletes a post after the confirmation and reloads the list; declining does nothing', async () => {
    let remaining = POSTS;
    const calls = setup({
      'GET /posts/': pagedPosts(() => remaining),
      'DELETE /posts/2': () => {
        remaining = POSTS.filter((p) => p.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    await screen.findByText('Old Town Walk');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Old Town Walk' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this post?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Old Town Walk' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Old Town Walk')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/posts/?'))).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Post deleted.');
    expect(screen.getByRole('heading', { level: 1, name: 'Posts' })).toHaveFocus();
  });

  it('hides the write actions from a user who may only read', async () => {
    setup({}, { ...EDITOR, role: 'user' });
    await screen.findByText('Sunset Boat Tour');
    expect(screen.queryByRole('link', { name: 'Add New Post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Sunset Boat Tour' })).toBeInTheDocument();
  });

  describe('on a site in more than one language', () => {
    const SETTINGS = { currency: 'EUR', timezone: 'UTC', default_language: 'en', languages: ['en', 'de', 'pt-PT'] };
    const GROUP = [
      post(3, 'Sunset Boat Tour', 'published', {
        translations: [
          {
            id: 8,
            language: 'de',
            slug: 'sonnenuntergang',
            status: 'draft',
            text_updated_at: '2026-01-02T10:00:00.000Z',
          },
        ],
      }),
      post(8, 'Sonnenuntergang', 'draft', {
        language: 'de',
        translations: [
          {
            id: 3,
            language: 'en',
            slug: 'sunset-boat-tour',
            status: 'published',
            text_updated_at: '2026-01-02T10:00:00.000Z',
          },
        ],
      }),
      post(2, 'Old Town Walk', 'draft'),
    ];

    it('shows each row’s language, links to its translations and marks the missing ones', async () => {
      setup({ 'GET /posts/': pagedPosts(() => GROUP), 'GET /settings': () => SETTINGS });
      expect(await screen.findByRole('columnheader', { name: 'Language' })).toBeInTheDocument();
      const english = within(rows().find((row) => within(row).queryByText('Sunset Boat Tour'))!);
      expect(english.getByText('English (en)')).toBeInTheDocument();
      const translations = within(english.getByRole('list', { name: 'Translations' }));
      expect(translations.getByRole('link', { name: 'Edit the de translation: Deutsch (de)' })).toHaveAttribute(
        'href',
        '/admin/posts/edit/8',
      );
      expect(translations.getByText('pt-PT').parentElement).toHaveTextContent('pt-PT (missing)');
      // Saved at the same time as its source: up to date, so nothing is marked.
      expect(screen.queryByText('out of date')).not.toBeInTheDocument();
      const german = within(rows().find((row) => within(row).queryByText('Sonnenuntergang'))!);
      expect(german.getByText('Deutsch (de)')).toBeInTheDocument();
      expect(german.getByRole('link', { name: 'Edit the en translation: English (en)' })).toHaveAttribute(
        'href',
        '/admin/posts/edit/3',
      );
      const alone = within(rows().find((row) => within(row).queryByText('Old Town Walk'))!);
      expect(alone.queryAllByRole('link', { name: /^Edit the / })).toHaveLength(0);
      expect(alone.getByRole('list', { name: 'Translations' })).toHaveTextContent('de (missing)pt-PT (missing)');
    });

    it('asks whether to delete one translation or the whole group, and sends what was chosen', async () => {
      const calls = setup({
        'GET /posts/': pagedPosts(() => GROUP),
        'GET /settings': () => SETTINGS,
        'DELETE /posts/3?group=true': () => new Response(null, { status: 204 }),
        'DELETE /posts/8': () => new Response(null, { status: 204 }),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Delete Sunset Boat Tour' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(
        within(dialog).getByText(
          'Are you sure you want to delete this post? It is the English (en) translation; the same post is also in Deutsch (de). Delete only this translation, or all 2 languages?',
        ),
      ).toBeInTheDocument();
      expect(
        within(dialog)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(expect.arrayContaining(['Cancel', 'All 2 Languages', 'Only This Translation']));
      await userEvent.click(within(dialog).getByRole('button', { name: 'All 2 Languages' }));
      expect(await screen.findByText('Post deleted in all 2 languages.')).toBeInTheDocument();
      // The other choice: the German translation alone, by the spec's request.
      await userEvent.click(screen.getByRole('button', { name: 'Delete Sonnenuntergang' }));
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Only This Translation' }),
      );
      expect(await screen.findByText('Post deleted.')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        '/posts/3?group=true',
        '/posts/8',
      ]);
      // A post without translations is asked the spec's question.
      await userEvent.click(screen.getByRole('button', { name: 'Delete Old Town Walk' }));
      expect(
        within(await screen.findByRole('alertdialog')).getByText('Are you sure you want to delete this post?'),
      ).toBeInTheDocument();
    });

    it('filters by language on the server and keeps the filter in the URL', async () => {
      localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
      const calls = stubApi({
        'GET /auth/me': () => EDITOR,
        'GET /posts/': pagedPosts(() => GROUP),
        'GET /settings': () => SETTINGS,
      });
      const { router } = renderRoutes([{ path: '*', element: <PostsPage /> }], '/?status=draft');
      const filter = await screen.findByLabelText('Filter by language');
      expect(
        within(filter)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All Languages', 'English (en)', 'Deutsch (de)', 'Português europeu (pt-PT)']);
      await waitFor(() => expect(titles()).toEqual(['Sonnenuntergang', 'Old Town Walk']));
      await userEvent.selectOptions(filter, 'de');
      await waitFor(() => expect(titles()).toEqual(['Sonnenuntergang']));
      expect(router.state.location.search).toBe('?status=draft&language=de');
      expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('language')).toBe('de');
      await userEvent.selectOptions(filter, '');
      await waitFor(() => expect(titles()).toEqual(['Sonnenuntergang', 'Old Town Walk']));
      expect(router.state.location.search).toBe('?status=draft');
    });

    it('opens the language a link names', async () => {
      setup({ 'GET /posts/': pagedPosts(() => GROUP), 'GET /settings': () => SETTINGS }, EDITOR, '/?language=de');
      await waitFor(() => expect(titles()).toEqual(['Sonnenuntergang']));
      expect(screen.getByLabelText('Filter by language')).toHaveValue('de');
    });

    it('shows a reader which translations exist without links to editors', async () => {
      setup({ 'GET /posts/': pagedPosts(() => GROUP), 'GET /settings': () => SETTINGS }, { ...EDITOR, role: 'user' });
      await screen.findByText('Sonnenuntergang');
      expect(screen.queryByRole('link', { name: /^Edit the / })).not.toBeInTheDocument();
      const english = within(rows().find((row) => within(row).queryByText('Sunset Boat Tour'))!);
      expect(english.getByRole('list', { name: 'Translations' })).toHaveTextContent('de (translated)pt-PT (missing)');
    });
  });

  it('has no Language column or filter on a site in one language', async () => {
    setup({ 'GET /settings': () => ({ currency: 'EUR', default_language: 'en', languages: ['en'] }) });
    await screen.findByText('Sunset Boat Tour');
    await waitFor(() =>
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
        'Title',
        'Status',
        'Created At',
        'Actions',
      ]),
    );
    expect(screen.queryByLabelText('Filter by language')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Translations' })).not.toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    setup({ 'GET /posts/': () => jsonResponse(403, { detail: 'You do not have permission to do this' }) });
    expect(await screen.findByText('The posts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
