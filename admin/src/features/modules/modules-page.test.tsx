import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Module } from '@tours-cms/contract';
import { renderSignedIn } from '../../test/render';
import { ModulesPage } from './modules-page';

const empty = {
  heading: null,
  subtitle: null,
  description: null,
  video_url: null,
  button_label: null,
  button_link: null,
};
const stamp = { created_at: '2025-05-01T10:00:00.000Z', updated_at: '2025-05-01T10:00:00.000Z' };
let modules: Module[];
let requests: { method: string; url: string; body: unknown }[];
let failSaves: boolean;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

// A tiny in-memory modules API; the real one is covered by the server and e2e tests.
beforeEach(() => {
  modules = [
    { ...empty, ...stamp, id: 1, name: 'Summer hero', type: 'banner', heading: 'Island hopping' },
    { ...empty, ...stamp, id: 2, name: 'Intro film', type: 'video', video_url: 'https://videos.example.com/intro.mp4' },
    {
      ...empty,
      ...stamp,
      id: 3,
      name: 'Book today',
      type: 'button',
      button_label: 'Book',
      button_link: 'https://example.com/book',
    },
    { ...empty, ...stamp, id: 4, name: 'About us', type: 'text', description: 'Family run since 1982.' },
  ];
  requests = [];
  failSaves = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = new URL(input, 'http://admin.test').pathname;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url, body });
      if (method === 'GET' && url === '/api/modules/') return json(modules);
      if (failSaves && (method === 'POST' || method === 'PUT')) {
        return json(
          {
            detail: 'Button link must be a web address',
            errors: [{ field: 'button_link', message: 'Button link must be a web address' }],
          },
          422,
        );
      }
      if (method === 'POST' && url === '/api/modules/') {
        const created = { ...empty, ...stamp, ...body, id: 99 } as Module;
        modules = [created, ...modules];
        return json(created, 201);
      }
      const id = Number(/^\/api\/modules\/(\d+)$/.exec(url)?.[1]);
      if (method === 'PUT' && id) {
        modules = modules.map((m) => (m.id === id ? { ...m, ...body } : m));
        return json(modules.find((m) => m.id === id));
      }
      if (method === 'DELETE' && id) {
        modules = modules.filter((m) => m.id !== id);
        return new Response(null, { status: 204 });
      }
      return json({ detail: 'Not found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return renderSignedIn(<ModulesPage />);
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Modules' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('ModulesPage search', () => {
  it('shows a card per module', async () => {
    renderPage();
    await screen.findByText('Summer hero');
    expect(cardNames()).toEqual(['Summer hero', 'Intro film', 'Book today', 'About us']);
  });

  it.each([
    ['a name, whatever the case', 'INTRO', ['Intro film']],
    ['a type', 'button', ['Book today']],
    ['part of a type', 'vid', ['Intro film']],
    ['a letter found in some names and some types', 'b', ['Summer hero', 'Book today', 'About us']],
  ])('searches by %s', async (_case, text, expected) => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Summer hero');
    await user.type(screen.getByRole('searchbox', { name: 'Search modules' }), text);
    expect(cardNames()).toEqual(expected);
  });

  it('does not search the description', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Summer hero');
    await user.type(screen.getByRole('searchbox', { name: 'Search modules' }), 'family');
    expect(screen.getByText('No modules found.')).toBeInTheDocument();
  });
});

describe('ModulesPage editing', () => {
  it('adds a module with the banner type by default', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add New Module' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Module' });
    expect(within(dialog).getByLabelText(/Type/)).toHaveValue('banner');
    await user.type(within(dialog).getByLabelText(/Name/), 'Autumn hero');
    await user.click(within(dialog).getByRole('button', { name: 'Create Module' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ name: 'Autumn hero', type: 'banner' });
    expect(await screen.findByText('Autumn hero')).toBeInTheDocument();
  });

  it("shows the spec's alert and the field's message when saving fails", async () => {
    failSaves = true;
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Book today' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Module' });
    expect(within(dialog).getByLabelText('Button Link')).toHaveValue('https://example.com/book');
    await user.click(within(dialog).getByRole('button', { name: 'Update Module' }));
    expect(await screen.findByText('Error saving module. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Button link must be a web address').length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'Edit Module' })).toBeInTheDocument();
  });

  it('deletes only after the confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete About us' }));
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete this module?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('About us')).not.toBeInTheDocument());
    expect(requests).toContainEqual({ method: 'DELETE', url: '/api/modules/4', body: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Module deleted.');
  });
});
