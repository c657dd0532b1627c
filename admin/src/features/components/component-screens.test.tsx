import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FRAME_PROTOCOL, type Component } from '@tours-cms/contract';
import { jsonResponse, renderRoutes, stubApi } from '../../test/render';
import { ComponentManagerPage } from './component-manager-page';
import { ComponentBuilderPage } from './component-builder-page';
import { ComponentViewerPage } from './component-viewer-page';

const EDITOR = { id: 2, username: 'eddie', full_name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };
const READER = { ...EDITOR, id: 3, username: 'uma', role: 'user' };
const component = (id: number, name: string, extra: Partial<Component> = {}): Component => ({
  id,
  name,
  version: 1,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  type: 'header',
  content: `<header>${name}</header>`,
  description: null,
  is_common: true,
  is_active: true,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  text_updated_at: '2026-01-02T10:00:00.000Z',
  language: 'en',
  translations: [],
  ...extra,
});
const HEADER = component(1, 'Main Header', { description: 'On every page' });
const FOOTER = component(2, 'Site Footer', { type: 'footer', is_common: false, is_active: false });

const ROUTES = [
  { path: '/admin/commoncomp', element: <ComponentManagerPage /> },
  { path: '/admin/components/create', element: <ComponentBuilderPage /> },
  { path: '/admin/components/edit/:id', element: <ComponentBuilderPage /> },
  { path: '/admin/components/view/:id', element: <ComponentViewerPage /> },
];

function setup(path: string, handlers: Parameters<typeof stubApi>[0] = {}, me: object = EDITOR) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({ 'GET /auth/me': () => me, ...handlers });
  const view = renderRoutes(ROUTES, path);
  return { calls, ...view };
}

describe('Component manager', () => {
  it('says it is loading, then shows cards with type, Common and Inactive badges and a sandboxed live preview', async () => {
    setup('/admin/commoncomp', { 'GET /components/': () => [HEADER, FOOTER] });
    await screen.findByText('Loading components…');
    const header = await screen.findByRole('article', { name: 'Main Header' });
    expect(within(header).getByText('Header')).toBeInTheDocument();
    expect(within(header).getByText('Common')).toBeInTheDocument();
    expect(within(header).getByText('On every page')).toBeInTheDocument();
    const preview = within(header).getByTitle('Preview of Main Header');
    expect(preview).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-modals');
    expect(preview).toHaveAttribute('src', '/frame/preview.html');
    expect(within(header).getByRole('link', { name: /View Main Header/ })).toHaveAttribute(
      'href',
      '/admin/components/view/main-header',
    );
    expect(within(header).getByRole('link', { name: /View Main Header/ })).toHaveAttribute('target', '_blank');
    expect(within(header).getByRole('link', { name: 'Edit Main Header' })).toHaveAttribute(
      'href',
      '/admin/components/edit/1',
    );
    const footer = screen.getByRole('article', { name: 'Site Footer' });
    expect(within(footer).queryByText('Common')).toBeNull();
    expect(within(footer).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+ Create New Component' })).toHaveAttribute(
      'href',
      '/admin/components/create',
    );
  });

  it('shows the empty text', async () => {
    setup('/admin/commoncomp', { 'GET /components/': () => [] });
    expect(await screen.findByText('No components found. Create one to get started!')).toBeInTheDocument();
  });

  it('shows the server\'s detail, else "Failed to load components." in a red box', async () => {
    setup('/admin/commoncomp', {
      'GET /components/': () => jsonResponse(403, { detail: 'You do not have permission to do this' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this');
  });

  it('deletes only after the confirmation naming the component, and shows "Delete failed." when it fails', async () => {
    let list = [HEADER, FOOTER];
    let fail = true;
    const { calls } = setup('/admin/commoncomp', {
      'GET /components/': () => list,
      'DELETE /components/2': () => {
        if (fail) return new Response('oops', { status: 500 });
        list = [HEADER];
        return new Response(null, { status: 204 });
      },
    });
    const del = await screen.findByRole('button', { name: 'Delete Site Footer' });
    await userEvent.click(del);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete "Site Footer"?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(del);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Request failed (500)')).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Site Footer' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Site Footer' })).toBeNull());
  });

  it('duplicates a component', async () => {
    let list = [HEADER];
    const { calls } = setup('/admin/commoncomp', {
      'GET /components/': () => list,
      'POST /components/1/duplicate': () => {
        const copy = component(3, 'Main Header (copy)', { slug: 'main-header-copy', is_active: false });
        list = [copy, HEADER];
        return jsonResponse(201, copy);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate Main Header' }));
    expect(await screen.findByRole('article', { name: 'Main Header (copy)' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/components/1/duplicate')).toBe(true);
  });

  it('offers no write actions to a plain user', async () => {
    setup('/admin/commoncomp', { 'GET /components/': () => [HEADER] }, READER);
    const card = await screen.findByRole('article', { name: 'Main Header' });
    expect(within(card).queryByRole('button', { name: /Delete|Duplicate/ })).toBeNull();
    expect(within(card).queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(within(card).getByRole('link', { name: /View/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '+ Create New Component' })).toBeNull();
  });
});

describe('Common component builder', () => {
  it("starts with the spec's defaults; Save stays disabled until name and content are there, and says why", async () => {
    const { calls, router } = setup('/admin/components/create');
    expect(await screen.findByRole('heading', { name: 'Create Common Component' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('header');
    // The red asterisk is not read out as part of the name.
    expect(screen.getByRole('textbox', { name: 'Component Name' })).toBeRequired();
    expect(screen.getByLabelText('Mark as common component')).toBeChecked();
    expect(screen.getByLabelText('Active (used on the public site)')).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save Component' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await userEvent.type(screen.getByLabelText(/Component Name/), 'Main Header');
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Component Name and Content are required');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/admin/components/create');
  });

  it('creates a component from what was written in the canvas, then goes back to the manager', async () => {
    const { calls, router } = setup('/admin/components/create', {
      'POST /components/': () => jsonResponse(201, HEADER),
      'GET /components/': () => [HEADER],
    });
    await userEvent.type(await screen.findByLabelText(/Component Name/), 'Main Header');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Navigation');
    await userEvent.type(screen.getByLabelText('Description'), 'Top menu');
    await userEvent.click(screen.getByLabelText('Mark as common component'));
    // The canvas (a sandboxed frame, not loaded by jsdom) reports an edit as its runtime would.
    const canvas = (await screen.findByTitle('Rich text editing area')) as HTMLIFrameElement;
    act(() => {
      const data = { protocol: FRAME_PROTOCOL, type: 'change', html: '<nav data-dropdown><b>Tours</b></nav>' };
      window.dispatchEvent(new MessageEvent('message', { data, source: canvas.contentWindow }));
    });
    const save = screen.getByRole('button', { name: 'Save Component' });
    expect(save).toHaveAttribute('aria-disabled', 'false');
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/commoncomp'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({
      name: 'Main Header',
      type: 'navigation',
      description: 'Top menu',
      is_common: false,
      is_active: true,
      content: '<nav data-dropdown><b>Tours</b></nav>',
    });
  });

  it("loads the component to edit, and shows the server's detail in a red box when saving fails", async () => {
    const { calls } = setup('/admin/components/edit/1', {
      'GET /components/1': () => HEADER,
      'PUT /components/1': () =>
        jsonResponse(409, {
          detail: 'A component with this slug already exists',
          errors: [{ field: 'slug', message: 'Another component already uses this slug: choose another name' }],
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Edit Common Component' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Main Header')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveValue('On every page');
    const update = screen.getByRole('button', { name: 'Update Component' });
    await waitFor(() => expect(update).toBeEnabled());
    await userEvent.click(update);
    expect(await screen.findByRole('alert')).toHaveTextContent('A component with this slug already exists');
    expect(screen.getByText('Another component already uses this slug: choose another name')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({
      name: 'Main Header',
      type: 'header',
      description: 'On every page',
      is_common: true,
      is_active: true,
      content: '<header>Main Header</header>',
      version: 1,
    });
  });

  it('says so when the component to edit does not exist', async () => {
    setup('/admin/components/edit/99', {
      'GET /components/99': () => jsonResponse(404, { detail: 'Component not found' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Component not found');
  });
});

describe('Component viewer', () => {
  it('renders the component full screen in a sandboxed frame, by slug', async () => {
    setup('/admin/components/view/main-header', { 'GET /components/main-header': () => HEADER });
    const frame = await screen.findByTitle('Main Header');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-modals');
    expect(frame).toHaveAttribute('src', '/frame/preview.html');
    expect(frame).toHaveClass('h-screen');
  });

  it('shows the 404 screen with a way back for a component that does not exist', async () => {
    setup('/admin/components/view/nope', {
      'GET /components/nope': () => jsonResponse(404, { detail: 'Component not found' }),
    });
    expect(await screen.findByRole('heading', { name: '404 - Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Component not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Component Manager' })).toHaveAttribute(
      'href',
      '/admin/commoncomp',
    );
  });
});

describe('Unsaved copy in the component builder', () => {
  it('keeps what was typed in this browser, offers it when the component is opened again, and saves it on request', async () => {
    const first = setup('/admin/components/edit/1', { 'GET /components/1': () => HEADER });
    const description = await screen.findByLabelText('Description');
    await userEvent.clear(description);
    await userEvent.type(description, 'Changed before the tab closed');
    await waitFor(() =>
      expect(localStorage.getItem('tours-cms:unsaved:2:component:1')).toContain('Changed before the tab closed'),
    );
    first.unmount();

    const { calls } = setup('/admin/components/edit/1', {
      'GET /components/1': () => HEADER,
      'PUT /components/1': () => ({ ...HEADER, version: 2 }),
      'GET /components/': () => [HEADER],
    });
    const offer = await screen.findByRole('region', { name: 'Unsaved changes in this browser' });
    expect(screen.getByLabelText('Description')).toHaveValue('On every page');
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore them' }));
    expect(screen.getByLabelText('Description')).toHaveValue('Changed before the tab closed');
    const update = screen.getByRole('button', { name: 'Update Component' });
    await waitFor(() => expect(update).toBeEnabled());
    await userEvent.click(update);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.body))).toMatchObject({
      description: 'Changed before the tab closed',
      version: 1,
    });
    await waitFor(() => expect(localStorage.getItem('tours-cms:unsaved:2:component:1')).toBeNull());
  });
});

describe('Unsaved changes in the component builder', () => {
  const editHeader = (handlers: Parameters<typeof stubApi>[0] = {}) =>
    setup('/admin/components/edit/1', {
      'GET /components/1': () => HEADER,
      'GET /components/': () => [HEADER],
      ...handlers,
    });

  it('asks before leaving an edited component: Cancel keeps the edits, Leave goes to the manager', async () => {
    const { router } = editHeader();
    const name = await screen.findByDisplayValue('Main Header');
    await userEvent.type(name, ' v2');

    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('You have unsaved changes. Leave this page and lose them?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/admin/components/edit/1');
    expect(screen.getByLabelText(/Component Name/)).toHaveValue('Main Header v2');

    await userEvent.click(screen.getByRole('link', { name: 'Back to Component Manager' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/commoncomp'));
  });

  it('lets an untouched component go without asking', async () => {
    const { router } = editHeader();
    await screen.findByDisplayValue('Main Header');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/commoncomp'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('goes back to the manager without asking once the component is saved', async () => {
    const { router } = editHeader({ 'PUT /components/1': () => ({ ...HEADER, name: 'Main Header v2' }) });
    await userEvent.type(await screen.findByDisplayValue('Main Header'), ' v2');
    const update = screen.getByRole('button', { name: 'Update Component' });
    await waitFor(() => expect(update).toBeEnabled());
    await userEvent.click(update);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/commoncomp'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
