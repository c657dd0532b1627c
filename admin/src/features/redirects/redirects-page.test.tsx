import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Redirect } from '@tours-cms/contract';
import { jsonResponse, renderSignedIn, stubApi } from '../../test/render';
import { RedirectsPage } from './redirects-page';

const AUTO: Redirect = {
  id: 1,
  from_path: '/about',
  to: '/about-us',
  status_code: 301,
  hits: 12,
  automatic: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('RedirectsPage', () => {
  it('lists redirects with where they lead, their type and hits, automatic ones marked', async () => {
    stubApi({ 'GET /redirects/': () => [AUTO] });
    renderSignedIn(<RedirectsPage />, 'admin');
    const row = (await screen.findByText('/about')).closest('tr')!;
    expect(within(row).getByText('/about-us')).toBeInTheDocument();
    expect(within(row).getByText('Automatic')).toBeInTheDocument();
    expect(within(row).getByText('301 permanent')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
  });

  it('adds a redirect, checking it before sending, and shows the server’s refusal on its field', async () => {
    let created = 0;
    const calls = stubApi({
      'GET /redirects/': () => [],
      'POST /redirects/': () => {
        created += 1;
        return created === 1
          ? jsonResponse(422, {
              detail: '/b itself redirects to /c',
              errors: [{ field: 'to', message: '/b itself redirects to /c: point this redirect there instead' }],
            })
          : jsonResponse(201, { ...AUTO, id: 2, from_path: '/old', to: '/c', automatic: false });
      },
    });
    renderSignedIn(<RedirectsPage />, 'admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Redirect' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Redirect' });
    await userEvent.type(within(dialog).getByLabelText(/^From path/), '/admin/secret');
    await userEvent.type(within(dialog).getByLabelText(/^To/), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Redirect' }));
    expect(
      within(dialog).getByText('To must be a path on this site (starting with /) or an http(s) URL'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText(/^From path/));
    await userEvent.type(within(dialog).getByLabelText(/^From path/), '/old');
    await userEvent.clear(within(dialog).getByLabelText(/^To/));
    await userEvent.type(within(dialog).getByLabelText(/^To/), '/b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Redirect' }));
    expect(
      await within(dialog).findByText('/b itself redirects to /c: point this redirect there instead'),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^To/));
    await userEvent.type(within(dialog).getByLabelText(/^To/), '/c');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Redirect' }));
    expect(await screen.findByText('Redirect created.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.filter((c) => c.method === 'POST')[1]!.body))).toEqual({
      from_path: '/old',
      to: '/c',
      status_code: 301,
    });
  });
});
