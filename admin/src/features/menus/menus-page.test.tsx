import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Menu } from '@tours-cms/contract';
import { jsonResponse, renderSignedIn, stubApi } from '../../test/render';
import { MenusPage } from './menus-page';

const HEADER: Menu = {
  location: 'header',
  updated_at: '2026-11-01T10:00:00.000Z',
  items: [
    {
      id: 1,
      kind: 'page',
      target_id: 3,
      label: null,
      labels: {},
      url: null,
      parent: null,
      target_title: 'About',
      href: '/about',
    },
    {
      id: 2,
      kind: 'page',
      target_id: 4,
      label: null,
      labels: {},
      url: null,
      parent: null,
      target_title: null,
      href: null,
    },
  ],
};
const FOOTER: Menu = { location: 'footer', updated_at: null, items: [] };
const TARGETS = {
  'GET /pages/': () => [],
  'GET /posts/': () => [],
  'GET /categories/': () => [],
};

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('MenusPage', () => {
  it('shows a viewer the menu without ways to change it, and says which items the site leaves out', async () => {
    stubApi({ 'GET /menus/': () => [HEADER, FOOTER] });
    renderSignedIn(<MenusPage />, 'user');
    const list = await screen.findByRole('list', { name: 'Header menu items' });
    expect(within(list).getByText('About')).toBeInTheDocument();
    expect(within(list).getByText('Not shown: in the Trash or deleted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Header menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to menu' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Footer menu' }));
    expect(await screen.findByText('This menu has no items yet.')).toBeInTheDocument();
  });

  it('adds a custom link and shows a refusal at the item the server names', async () => {
    const calls = stubApi({
      ...TARGETS,
      'GET /menus/': () => [HEADER, FOOTER],
      'PUT /menus/header': () =>
        jsonResponse(422, {
          detail: 'A link may use https:, http:, mailto: or tel: only',
          errors: [{ field: 'items[2].url', message: 'A link may use https:, http:, mailto: or tel: only' }],
        }),
    });
    renderSignedIn(<MenusPage />);
    await screen.findByRole('list', { name: 'Header menu items' });
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'custom');
    await userEvent.type(screen.getByLabelText('Link text'), 'Bad');
    await userEvent.type(screen.getByLabelText('Address'), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Add to menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Make Bad a sub-item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Header menu' }));
    const address = await screen.findByRole('textbox', { name: 'Address of Bad' });
    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
    expect(address).toHaveAccessibleDescription('A link may use https:, http:, mailto: or tel: only');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(String(put.body)).items[2]).toEqual({
      kind: 'custom',
      target_id: null,
      label: 'Bad',
      labels: {},
      url: 'javascript:alert(1)',
      parent: 1,
    });
  });

  it('on a site in more than one language, gives each item a label per other language and saves them', async () => {
    const tours = {
      id: 5,
      kind: 'custom' as const,
      target_id: null,
      label: 'Tours',
      labels: { de: 'Touren' },
      url: '/tours',
      parent: null,
      target_title: null,
      href: '/tours',
    };
    const calls = stubApi({
      ...TARGETS,
      'GET /settings': () => ({ currency: 'EUR', timezone: 'UTC', default_language: 'en', languages: ['en', 'de'] }),
      'GET /menus/': () => [{ ...HEADER, items: [HEADER.items[0]!, tours] }, FOOTER],
      'PUT /menus/header': () => ({ ...HEADER, items: [HEADER.items[0]!, tours] }),
    });
    renderSignedIn(<MenusPage />);
    const german = await screen.findByRole('textbox', { name: 'Label of Tours in Deutsch (de)' });
    expect(german).toHaveValue('Touren');
    expect(german).toHaveAttribute('lang', 'de');
    // A page's label in German reads as its German title until one is given.
    const about = screen.getByRole('textbox', { name: 'Label of About in Deutsch (de)' });
    expect(about).toHaveAttribute('placeholder', 'Its title in Deutsch (de)');
    await userEvent.type(about, 'Über uns');
    await userEvent.clear(german);
    await userEvent.type(german, 'Alle Touren');
    await userEvent.click(screen.getByRole('button', { name: 'Save Header menu' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(String(put.body)).items.map((item: { labels: object }) => item.labels)).toEqual([
      { de: 'Über uns' },
      { de: 'Alle Touren' },
    ]);
  });
});
