import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { Component } from '@tours-cms/contract';
import { jsonResponse, renderRoutes, stubApi } from '../../test/render';
import { ComponentManagerPage } from './component-manager-page';
import { ComponentBuilderPage } from './component-builder-page';

/**
 * The languages of common components in the admin (issue 30), on a site in English, German and European Portuguese:
 * each card's language and translations, a filter, and a switcher in the builder.
 */
const SETTINGS = { currency: 'EUR', timezone: 'UTC', default_language: 'en', languages: ['en', 'de', 'pt-PT'] };
const EDITOR = { id: 2, username: 'eddie', full_name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };
const STAMP = {
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  text_updated_at: '2026-01-02T10:00:00.000Z',
};

function setup(routes: RouteObject[], path: string, handlers: Parameters<typeof stubApi>[0]) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({ 'GET /auth/me': () => EDITOR, 'GET /settings': () => SETTINGS, ...handlers });
  return { calls, ...renderRoutes(routes, path) };
}

const ROUTES = [
  { path: '/admin/commoncomp', element: <ComponentManagerPage /> },
  { path: '/admin/components/edit/:id', element: <ComponentBuilderPage /> },
];

describe('Common components in several languages', () => {
  const component = (id: number, name: string, language: string, translations: Component['translations']) =>
    ({
      id,
      name,
      version: 1,
      slug: name.toLowerCase().replace(/\W+/g, '-'),
      type: 'header',
      content: `<header>${name}</header>`,
      description: null,
      is_common: true,
      is_active: language === 'en',
      language,
      translations,
      ...STAMP,
    }) satisfies Component;
  const HEADER = component(1, 'Main Header', 'en', [
    { id: 2, language: 'de', slug: 'kopfzeile', status: 'inactive', text_updated_at: STAMP.updated_at },
  ]);
  const KOPFZEILE = component(2, 'Kopfzeile', 'de', [
    { id: 1, language: 'en', slug: 'main-header', status: 'active', text_updated_at: STAMP.updated_at },
  ]);

  it('says each card’s language and links its translations; the filter keeps one language', async () => {
    setup(ROUTES, '/admin/commoncomp', { 'GET /components/': () => [HEADER, KOPFZEILE] });
    const card = within(await screen.findByRole('article', { name: 'Main Header' }));
    expect(card.getByText('English (en)')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Edit the de translation: Deutsch (de)' })).toHaveAttribute(
      'href',
      '/admin/components/edit/2',
    );
    await userEvent.selectOptions(screen.getByLabelText('Filter by language'), 'de');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Main Header' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Kopfzeile' })).toBeInTheDocument();
  });

  it('adds a translation from the builder’s switcher and opens it', async () => {
    const PORTUGUESE = component(3, 'Main Header', 'pt-PT', [
      { id: 1, language: 'en', slug: 'main-header', status: 'active', text_updated_at: STAMP.updated_at },
      { id: 2, language: 'de', slug: 'kopfzeile', status: 'inactive', text_updated_at: STAMP.updated_at },
    ]);
    const { router, calls } = setup(ROUTES, '/admin/components/edit/1', {
      'GET /components/1': () => HEADER,
      'GET /components/2': () => KOPFZEILE,
      'GET /components/3': () => PORTUGUESE,
      'POST /components/1/translations': () => jsonResponse(201, PORTUGUESE),
    });
    const nav = within(await screen.findByRole('navigation', { name: 'Languages' }));
    expect(nav.getByText('English (en)')).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Deutsch (de)' })).toHaveAttribute('href', '/admin/components/edit/2');
    await userEvent.click(nav.getByRole('button', { name: 'Add translation: Português europeu (pt-PT)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/components/edit/3'));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.body))).toEqual({ language: 'pt-PT' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Languages' })).getByText('Português europeu (pt-PT)'),
      ).toHaveAttribute('aria-current', 'page'),
    );
  });
});
