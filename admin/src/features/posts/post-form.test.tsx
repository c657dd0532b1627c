import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../test/render';
import { HISTORY, POST, bodyOf, setup } from './post-form-fixtures';
import { mediaItem, mediaLibraryApi } from '../../test/media-test-data';

describe('Create Post', () => {
  it('generates the slug while the title is typed, including accents and punctuation', async () => {
    setup('/admin/posts/create');
    expect(await screen.findByRole('heading', { name: 'Create New Post' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Café Tour: Old Town!');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('cafe-tour-old-town');
  });

  it('stops following the title once the slug is edited by hand', async () => {
    setup('/admin/posts/create');
    const title = await screen.findByLabelText(/^Title/);
    await userEvent.type(title, 'Boat');
    const slug = screen.getByLabelText(/^Slug/);
    await userEvent.clear(slug);
    await userEvent.type(slug, 'my-boat');
    await userEvent.type(title, ' Tour');
    expect(slug).toHaveValue('my-boat');
  });

  it('sends every field with price as a number and category_id as an integer, then goes back to the list', async () => {
    const { calls } = setup('/admin/posts/create', { 'POST /posts/': () => jsonResponse(201, { ...POST, id: 9 }) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Night Kayak');
    await userEvent.type(screen.getByLabelText('Price'), '35.50');
    await userEvent.type(screen.getByLabelText('Duration'), '2 hours');
    await userEvent.type(screen.getByLabelText('SEO Title'), 'Night Kayak | Tours');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    const category = screen.getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select Category', 'Boat', 'Boat > Sunset']);
    await userEvent.selectOptions(category, '2');
    const tags = screen.getByRole('group', { name: 'Tags' });
    await userEvent.click(within(tags).getByRole('checkbox', { name: 'Family friendly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('The posts list')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST')).toMatchObject({
      title: 'Night Kayak',
      slug: 'night-kayak',
      status: 'pending',
      price: 35.5,
      duration: '2 hours',
      age: '',
      seo_title: 'Night Kayak | Tours',
      category_id: 2,
      tag_ids: [4],
      author_id: 1,
    });
  });

  it('sends null for an empty price and no category', async () => {
    const { calls } = setup('/admin/posts/create', { 'POST /posts/': () => jsonResponse(201, POST) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Walk');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    await screen.findByText('The posts list');
    expect(bodyOf(calls, 'POST')).toMatchObject({ price: null, category_id: null, status: 'draft' });
  });

  it('reads a price typed with a decimal comma or thousands separators, shows what it saves in the site currency, and sends the number', async () => {
    const { calls } = setup('/admin/posts/create', { 'POST /posts/': () => jsonResponse(201, POST) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Walk');
    const price = screen.getByLabelText('Price');
    await userEvent.type(price, '1.234,50');
    expect(price).toHaveAccessibleDescription('Will be saved as €1,234.50');
    await userEvent.clear(price);
    await userEvent.type(price, '35,50');
    expect(price).toHaveAccessibleDescription('Will be saved as €35.50');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    await screen.findByText('The posts list');
    expect(bodyOf(calls, 'POST')).toMatchObject({ price: 35.5 });
  });

  it('refuses a price that could be read two ways or is malformed, at the field, and sends nothing', async () => {
    const { calls } = setup('/admin/posts/create', { 'POST /posts/': () => jsonResponse(201, POST) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Walk');
    const price = screen.getByLabelText('Price');
    await userEvent.type(price, '1.234');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(
      '"1.234" could mean 1234 or 1.234: type 1234, or a price with at most two decimals',
    );
    await userEvent.clear(price);
    await userEvent.type(price, '1.234,5,6');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(price).toHaveAccessibleDescription('Type the price as a number, such as 35.50 or 35,50');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows 'Creating...' on a disabled button while saving", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    setup('/admin/posts/create', {
      'POST /posts/': async () => {
        await gate;
        return jsonResponse(201, POST);
      },
    });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Walk');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    expect(await screen.findByText('The posts list')).toBeInTheDocument();
  });

  it("alerts 'Error creating post. Please try again.' and shows the field at fault when the server refuses", async () => {
    setup('/admin/posts/create', {
      'POST /posts/': () =>
        jsonResponse(409, {
          detail: 'A post with this slug already exists',
          errors: [{ field: 'slug', message: 'This slug is already in use' }],
        }),
    });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Walk');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error creating post. Please try again.');
    expect(screen.getByText('This slug is already in use')).toBeInTheDocument();
    // The field says why; the reason is not repeated beside the button.
    expect(screen.queryByText('A post with this slug already exists')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Slug/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeEnabled();
  });

  it('checks the slug rule before sending anything', async () => {
    const { calls } = setup('/admin/posts/create');
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Walk');
    const slug = screen.getByLabelText(/^Slug/);
    await userEvent.clear(slug);
    await userEvent.type(slug, 'Bad Slug');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(
      await screen.findByText('Slug may contain only lowercase letters, digits and single hyphens'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('Edit Post', () => {
  it('opens the content in the rich text editor with the spec toolbar', async () => {
    setup('/admin/posts/edit/7');
    const editor = await screen.findByRole('textbox', { name: 'Content' });
    expect(editor).toHaveTextContent('Three hours on the bay.');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const style = within(toolbar).getByLabelText('Text style');
    expect(
      within(style)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Paragraph', 'Heading 1', 'Heading 2', 'Heading 3', 'Heading 4', 'Heading 5', 'Heading 6']);
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Align left',
      'Align center',
      'Align right',
      'Justify',
      'Numbered list',
      'Bullet list',
      'Quote',
      'Code block',
      'Link',
      'Image',
      'Clear formatting',
    ]) {
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    }
    // Formats are toggles; inserting an image or clearing formatting is an action, not a state.
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(toolbar).getByRole('button', { name: 'Image' })).not.toHaveAttribute('aria-pressed');
    expect(within(toolbar).getByRole('button', { name: 'Clear formatting' })).not.toHaveAttribute('aria-pressed');
  });

  it("inserts a link with its text that opens a new tab and shows as the site's button", async () => {
    // jsdom lays nothing out: the editor's scroll to the caret asks a Range for rectangles jsdom does not have.
    Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
    setup('/admin/posts/edit/7');
    const content = await screen.findByRole('textbox', { name: 'Content' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert Link' });
    await userEvent.type(within(dialog).getByLabelText('URL'), 'https://book.example.com/sunset');
    await userEvent.type(within(dialog).getByLabelText('Text'), 'Book the sunset tour');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Open in a new tab' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show as a button' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    const link = await within(content).findByRole('link', { name: 'Book the sunset tour' });
    expect(link).toHaveAttribute('href', 'https://book.example.com/sunset');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveClass('tcms-button');
  });

  it('refuses a link address outside http, https, mailto and tel', async () => {
    setup('/admin/posts/edit/7');
    await screen.findByRole('textbox', { name: 'Content' });
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insert Link' });
    await userEvent.type(within(dialog).getByPlaceholderText('Enter URL'), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText('Links may use only http, https, mailto or tel addresses.')).toBeInTheDocument();
  });

  it('loads the post by id and never regenerates the slug from the title', async () => {
    setup('/admin/posts/edit/7');
    expect(await screen.findByRole('heading', { name: 'Edit Post' })).toBeInTheDocument();
    const title = await screen.findByLabelText(/^Title/);
    expect(title).toHaveValue('Sunset Boat Tour');
    expect(screen.getByLabelText('Price')).toHaveValue('49.5');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('2'));
    expect(screen.getByRole('heading', { name: 'Update' })).toBeInTheDocument();
    await userEvent.clear(title);
    await userEvent.type(title, 'Sunrise Boat Tour');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('sunset-cruise');
  });

  it("'Save' keeps the editor open, says it is saved, and the next save names the version the first one made", async () => {
    let version = 3;
    const { calls } = setup('/admin/posts/edit/7', { 'PUT /posts/7': () => ({ ...POST, version: ++version }) });
    const title = await screen.findByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Sunrise Boat Tour');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Saved at /)).toBeInTheDocument();
    expect(screen.queryByText('The posts list')).not.toBeInTheDocument();
    expect(title).toHaveValue('Sunrise Boat Tour');
    await userEvent.type(title, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const puts = calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(String(c.body)));
    expect(puts.map((body) => body.version)).toEqual([3, 4]);
  });

  it("'Save' on a new post opens it for editing, saved", async () => {
    setup('/admin/posts/create', { 'POST /posts/': () => jsonResponse(201, { ...POST, id: 7 }) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Night Kayak');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Edit Post' })).toBeInTheDocument();
    expect(await screen.findByText(/^Saved at /)).toBeInTheDocument();
  });

  it('puts the whole post back and returns to the list', async () => {
    const { calls } = setup('/admin/posts/edit/7', { 'PUT /posts/7': () => POST });
    const title = await screen.findByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Sunrise Boat Tour');
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('The posts list')).toBeInTheDocument();
    expect(bodyOf(calls, 'PUT')).toMatchObject({
      title: 'Sunrise Boat Tour',
      slug: 'sunset-cruise',
      status: 'published',
      price: 49.5,
      location: 'Marina',
      age: '',
      category_id: 2,
      content: '<p>Three hours on the bay.</p>',
      featured_image_id: 31,
      tag_ids: [5],
      version: 3,
    });
  });

  it('lists the earlier versions; one shows what changed against the current version and can be restored', async () => {
    let restored = false;
    const { calls } = setup('/admin/posts/edit/7', {
      'GET /posts/7': () => (restored ? { ...POST, title: 'Sunset Cruise', version: 4 } : POST),
      'GET /posts/7/revisions/12': () => ({
        ...HISTORY.items[0],
        data: {
          title: 'Sunset Cruise',
          slug: 'sunset-cruise',
          price: 45,
          tag_ids: [5],
          status: 'published',
          content: '<p>Three hours on the bay.</p>',
          location: 'Marina',
          duration: '3 hours',
          category_id: 2,
          featured_image_id: 31,
        },
      }),
      'POST /posts/7/revisions/12/restore': () => {
        restored = true;
        return { ...POST, title: 'Sunset Cruise', version: 4 };
      },
    });
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByText('Current version: 3')).toBeInTheDocument();
    await userEvent.click(await within(history).findByRole('button', { name: /Version 2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Version 2' });
    await within(dialog).findByText('Title');
    // Title and price changed; the rest is the same and not listed.
    expect(
      within(dialog)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Title', 'Price']);
    expect(within(dialog).getByText('Cruise', { selector: 'del' })).toBeInTheDocument();
    expect(within(dialog).getByText('Boat Tour', { selector: 'ins' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/posts/7/revisions/12/restore')).toBe(true);
    expect(await screen.findByText('Version 2 restored.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Sunset Cruise'));
  });

  it('makes a preview link, shows its address once, and revokes it', async () => {
    let links = [] as {
      id: number;
      expires_at: string;
      revoked: boolean;
      created_by: { id: number; name: string } | null;
      created_at: string;
    }[];
    const calls = setup('/admin/posts/edit/7', {
      'GET /posts/7/previews': () => links,
      'POST /posts/7/previews': () => {
        links = [
          {
            id: 3,
            expires_at: '2099-01-08T10:00:00.000Z',
            revoked: false,
            created_by: { id: 2, name: 'Eddie Editor' },
            created_at: '2099-01-01T10:00:00.000Z',
          },
        ];
        return jsonResponse(201, { ...links[0], url: '/preview/abc' });
      },
      'DELETE /posts/7/previews/3': () => {
        links = [{ ...links[0]!, revoked: true }];
        return new Response(null, { status: 204 });
      },
    }).calls;
    const panel = await screen.findByRole('region', { name: 'Preview Links' });
    expect(await within(panel).findByText('No active preview links.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Create preview link' }));
    expect(await within(panel).findByLabelText('New preview link (shown once)')).toHaveValue(
      `${window.location.origin}/preview/abc`,
    );
    await userEvent.click(await within(panel).findByRole('button', { name: /^Revoke/ }));
    expect(await within(panel).findByText('No active preview links.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/posts/7/previews/3')).toBe(true);
  });

  it('offers to compare, reload or save anyway when someone saved a newer version', async () => {
    let puts = 0;
    const { calls } = setup('/admin/posts/edit/7', {
      'PUT /posts/7': () => {
        puts += 1;
        return puts === 1
          ? jsonResponse(409, {
              detail: 'This post was changed by Ada Admin since you opened it.',
              current_version: 4,
              updated_by: { id: 1, name: 'Ada Admin' },
              updated_at: '2026-01-03T10:00:00.000Z',
            })
          : { ...POST, version: 5 };
      },
    });
    const title = await screen.findByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    const alert = await screen.findByText('Not saved: this post was changed since you opened it.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Ada Admin saved version 4');
    expect(bodyOf(calls, 'PUT')).toMatchObject({ title: 'Mine', version: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Save mine anyway' }));
    expect(await screen.findByText('The posts list')).toBeInTheDocument();
    const second = calls.filter((c) => c.method === 'PUT')[1]!;
    expect(JSON.parse(String(second.body))).toMatchObject({ title: 'Mine', version: 4 });
  });

  it('shows the post’s tags checked; unchecking one takes it off', async () => {
    const { calls } = setup('/admin/posts/edit/7', { 'PUT /posts/7': () => POST });
    const sunset = await screen.findByRole('checkbox', { name: 'Sunset' });
    expect(sunset).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Family friendly' })).not.toBeChecked();
    await userEvent.click(sunset);
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('The posts list')).toBeInTheDocument();
    expect(bodyOf(calls, 'PUT')).toMatchObject({ tag_ids: [] });
  });

  it('links a published post to its page on the site', async () => {
    setup('/admin/posts/edit/7');
    const link = await screen.findByRole('link', { name: /^View on site/ });
    expect(link).toHaveAttribute('href', '/tours/sunset-cruise');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('has no View on site link for a draft', async () => {
    setup('/admin/posts/edit/7', { 'GET /posts/7': () => ({ ...POST, status: 'draft' }) });
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Sunset Boat Tour');
    expect(screen.queryByRole('link', { name: /View on site/ })).toBeNull();
  });

  it('says while editing when the booking calendar cannot be shown on the tour page', async () => {
    setup('/admin/posts/edit/7');
    const field = await screen.findByLabelText('Calendar Time iFrame');
    await userEvent.type(field, '<script src="https://book.example.com/embed.js"></script>');
    expect(screen.getByRole('status')).toHaveTextContent('The tour page cannot show this booking calendar');
    expect(field).toHaveAccessibleDescription(/The tour page cannot show this booking calendar/);
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('<iframe src="https://book.example.com/widget"></iframe>');
    expect(screen.queryByText(/The tour page cannot show this booking calendar/)).toBeNull();
  });

  it('says the same of a booking frame from an address, an internal name or the site’s own host', async () => {
    setup('/admin/posts/edit/7');
    const field = await screen.findByLabelText('Calendar Time iFrame');
    for (const src of [
      'https://10.0.0.5/widget',
      'https://booking.internal/widget',
      `https://${window.location.hostname}/tours/sail`,
    ]) {
      await userEvent.clear(field);
      await userEvent.click(field);
      await userEvent.paste(`<iframe src="${src}"></iframe>`);
      expect(screen.getByRole('status'), src).toHaveTextContent('The tour page cannot show this booking calendar');
    }
  });

  it('keeps, changes and removes the featured image, chosen from the media library', async () => {
    const { calls } = setup('/admin/posts/edit/7', {
      'PUT /posts/7': () => POST,
      ...mediaLibraryApi(() => [mediaItem(40, 'harbour.png'), mediaItem(41, 'brochure.pdf')]),
    });
    expect(await screen.findByRole('img', { name: 'Featured image: bay.jpg' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose from Media Library' }));
    let dialog = await screen.findByRole('dialog', { name: 'Select Media' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /brochure\.pdf/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select File' }));
    expect(await screen.findByText('"brochure.pdf" is not an image. Choose an image file.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose from Media Library' }));
    dialog = await screen.findByRole('dialog', { name: 'Select Media' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /harbour\.png/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select File' }));
    expect(await screen.findByRole('img', { name: 'Featured image: harbour.png' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    await screen.findByText('The posts list');
    expect(bodyOf(calls, 'PUT')).toMatchObject({ featured_image_id: 40 });
  });

  it('sends no featured image once it is removed', async () => {
    const { calls } = setup('/admin/posts/edit/7', { 'PUT /posts/7': () => POST });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove featured image' }));
    expect(screen.queryByRole('img', { name: /Featured image/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    await screen.findByText('The posts list');
    expect(bodyOf(calls, 'PUT')).toMatchObject({ featured_image_id: null });
  });

  it("alerts 'Error updating post. Please try again.' when the update fails", async () => {
    setup('/admin/posts/edit/7', {
      'PUT /posts/7': () => jsonResponse(500, { detail: 'Something went wrong on our side. Please try again.' }),
    });
    await screen.findByLabelText(/^Title/);
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(
      expect.arrayContaining([
        'Error updating post. Please try again.',
        'Something went wrong on our side. Please try again.',
      ]),
    );
  });

  it('says why a save was refused beside the button, when the server names no field', async () => {
    setup('/admin/posts/edit/7', {
      'PUT /posts/7': () => jsonResponse(403, { detail: 'You do not have permission to do this' }),
    });
    await screen.findByLabelText(/^Title/);
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    const publish = screen.getByRole('region', { name: 'Update' });
    expect(await within(publish).findByRole('alert')).toHaveTextContent('You do not have permission to do this');
  });

  it("says 'Post updated.' on the way back to the list", async () => {
    setup('/admin/posts/edit/7', { 'PUT /posts/7': () => POST });
    await screen.findByLabelText(/^Title/);
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('The posts list')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Post updated.');
  });

  it("says 'Post not found' for an unknown id", async () => {
    setup('/admin/posts/edit/8', { 'GET /posts/8': () => jsonResponse(404, { detail: 'Post not found' }) });
    expect(await screen.findByText('Post not found')).toBeInTheDocument();
  });
});

describe('Scheduled publishing', () => {
  const SETTINGS = {
    site_name: 'Tours',
    currency: 'EUR',
    contact_email: null,
    contact_phone: null,
    social_image_url: null,
    timezone: 'Europe/Lisbon',
    revisions_keep: null,
    updated_at: null,
  };

  it("asks for 'Publish at' in the site's time zone and sends the moment in UTC", async () => {
    const { calls } = setup('/admin/posts/edit/7', {
      'GET /settings': () => SETTINGS,
      'PUT /posts/7': () => ({ ...POST, status: 'scheduled' }),
    });
    await screen.findByDisplayValue('Sunset Boat Tour');
    expect(screen.queryByLabelText(/^Publish at/)).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'scheduled');
    const publishAt = screen.getByLabelText(/^Publish at/);
    expect(await screen.findByText(/In the site's time zone \(Europe\/Lisbon\)/)).toBeInTheDocument();
    // Without a time nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(publishAt).toHaveAccessibleDescription('Publish at is required when the status is Scheduled');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(publishAt, { target: { value: '2030-07-01T09:30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('The posts list')).toBeInTheDocument();
    // 09:30 in Lisbon in July is 08:30 UTC.
    expect(bodyOf(calls, 'PUT')).toMatchObject({ status: 'scheduled', publish_at: '2030-07-01T08:30:00.000Z' });
  });

  it('shows a scheduled post’s time in the site’s zone, and sends no time once it goes back to draft', async () => {
    const scheduled = { ...POST, status: 'scheduled' as const, publish_at: '2030-01-15T17:00:00.000Z' };
    const { calls } = setup('/admin/posts/edit/7', {
      'GET /settings': () => SETTINGS,
      'GET /posts/7': () => scheduled,
      'PUT /posts/7': () => ({ ...POST, status: 'draft' }),
    });
    expect(await screen.findByLabelText(/^Publish at/)).toHaveValue('2030-01-15T17:00');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'draft');
    expect(screen.queryByLabelText(/^Publish at/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    await screen.findByText('The posts list');
    expect(bodyOf(calls, 'PUT')).toMatchObject({ status: 'draft', publish_at: null });
  });
});

describe('Unsaved copy in this browser', () => {
  const KEY = 'tours-cms:unsaved:2:post:7';
  const typeTitleAndLeave = async () => {
    const view = setup('/admin/posts/edit/7');
    const title = await screen.findByDisplayValue('Sunset Boat Tour');
    await userEvent.clear(title);
    await userEvent.type(title, 'Sunset Boat Tour at dusk');
    await waitFor(() => expect(localStorage.getItem(KEY)).toContain('Sunset Boat Tour at dusk'));
    view.unmount(); // the tab closes, or the browser crashes
  };

  it('keeps what was typed and offers it back when the editor is opened again; Restore fills the form', async () => {
    await typeTitleAndLeave();
    const { calls } = setup('/admin/posts/edit/7', {
      'PUT /posts/7': () => ({ ...POST, title: 'Sunset Boat Tour at dusk', version: 4 }),
    });
    const offer = await screen.findByRole('region', { name: 'Unsaved changes in this browser' });
    expect(offer).toHaveTextContent(/You have unsaved changes to this post from .+, kept in this browser\./);
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Sunset Boat Tour');
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore them' }));
    expect(screen.queryByRole('region', { name: 'Unsaved changes in this browser' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Sunset Boat Tour at dusk');
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    await screen.findByText('The posts list');
    expect(bodyOf(calls, 'PUT')).toMatchObject({ title: 'Sunset Boat Tour at dusk', version: 3 });
    expect(localStorage.getItem(KEY)).toBeNull(); // saved: nothing more to offer
  });

  it('forgets the copy when it is discarded, and keeps the saved post in the form', async () => {
    await typeTitleAndLeave();
    setup('/admin/posts/edit/7');
    const offer = await screen.findByRole('region', { name: 'Unsaved changes in this browser' });
    await userEvent.click(within(offer).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'Unsaved changes in this browser' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Sunset Boat Tour');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('warns when the post was saved since the copy was made', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ values: { title: 'An older draft' }, savedAt: '2026-01-02T09:00:00.000Z', baseVersion: 2 }),
    );
    setup('/admin/posts/edit/7');
    const offer = await screen.findByRole('region', { name: 'Unsaved changes in this browser' });
    expect(offer).toHaveTextContent(
      'The post was saved since; restoring puts your unsaved values over the newer ones.',
    );
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore them' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('An older draft');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('sunset-cruise'); // fields the copy lacks stay as loaded
  });

  it('keeps the form as it was and says so when the connection drops during a save', async () => {
    setup('/admin/posts/edit/7', {
      'PUT /posts/7': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const title = await screen.findByDisplayValue('Sunset Boat Tour');
    await userEvent.type(title, ' (new)');
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(
      await screen.findByText(
        'Cannot reach the server, so nothing was saved. Your changes are still here: check your connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(title).toHaveValue('Sunset Boat Tour (new)');
    await waitFor(() => expect(localStorage.getItem(KEY)).toContain('Sunset Boat Tour (new)'));
  });
});

describe('Unsaved changes', () => {
  const leaveDialog = () => screen.findByRole('alertdialog');

  it('asks before leaving an edited post: Cancel keeps the edits, Leave goes to the list', async () => {
    const { router } = setup('/admin/posts/edit/7');
    const title = await screen.findByLabelText(/^Title/);
    await waitFor(() => expect(title).toHaveValue(POST.title));
    await userEvent.type(title, ' (draft)');

    await userEvent.click(screen.getByRole('link', { name: 'Back to Posts' }));
    const dialog = await leaveDialog();
    expect(dialog).toHaveTextContent('You have unsaved changes. Leave this page and lose them?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/admin/posts/edit/7');
    expect(screen.getByLabelText(/^Title/)).toHaveValue(`${POST.title} (draft)`);

    await userEvent.click(screen.getByRole('link', { name: 'Back to Posts' }));
    await userEvent.click(within(await leaveDialog()).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The posts list')).toBeInTheDocument();
  });

  it('lets an untouched post form go without asking', async () => {
    setup('/admin/posts/edit/7');
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue(POST.title));
    await userEvent.click(screen.getByRole('link', { name: 'Back to Posts' }));
    expect(await screen.findByText('The posts list')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('goes to the list without asking once the post is saved', async () => {
    setup('/admin/posts/create', { 'POST /posts/': () => jsonResponse(201, POST) });
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Walk');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('The posts list')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
