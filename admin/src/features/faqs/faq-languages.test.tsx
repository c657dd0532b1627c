import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { FaqListItem } from '@tours-cms/contract';
import { renderRoutes, stubApi } from '../../test/render';
import { FaqsPage } from './faqs-page';

/**
 * The languages of FAQs in the admin (issue 30), on a site in English, German and European Portuguese:
 * a Language column and filter, and a switcher in the dialog.
 */
const SETTINGS = { currency: 'EUR', timezone: 'UTC', default_language: 'en', languages: ['en', 'de', 'pt-PT'] };
const EDITOR = { id: 2, username: 'eddie', full_name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };
const STAMP = { created_at: '2026-01-02T10:00:00.000Z', updated_at: '2026-01-02T10:00:00.000Z' };

function setup(routes: RouteObject[], path: string, handlers: Parameters<typeof stubApi>[0]) {
  localStorage.setItem('token', 'stored-token-abcdefghijklmnop');
  const calls = stubApi({ 'GET /auth/me': () => EDITOR, 'GET /settings': () => SETTINGS, ...handlers });
  return { calls, ...renderRoutes(routes, path) };
}

const rows = () => screen.getAllByRole('row').slice(1);

const faq = (id: number, question: string, language: string, translations: FaqListItem['translations']) => ({
  id,
  question,
  answer: '<p>Yes</p>',
  tour_count: 0,
  language,
  translations,
  ...STAMP,
});

describe('FAQs in several languages', () => {
  it('shows each FAQ’s language and opens its translation’s dialog', async () => {
    setup([{ path: '/admin/faqs', element: <FaqsPage /> }], '/admin/faqs', {
      'GET /faqs/': () => [
        faq(1, 'Rain?', 'en', [{ id: 2, language: 'de', slug: null, status: null }]),
        faq(2, 'Regen?', 'de', [{ id: 1, language: 'en', slug: null, status: null }]),
      ],
    });
    expect(await screen.findByRole('columnheader', { name: 'Language' })).toBeInTheDocument();
    const rain = within(rows().find((row) => row.textContent?.includes('Rain?'))!);
    await userEvent.click(rain.getByRole('button', { name: 'Edit the de translation: Deutsch (de)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit FAQ' });
    expect(within(dialog).getByLabelText(/^Question/)).toHaveValue('Regen?');
    expect(
      within(within(dialog).getByRole('navigation', { name: 'Languages' })).getByRole('button', {
        name: 'Add translation: Português europeu (pt-PT)',
      }),
    ).toBeInTheDocument();
  });

  it('asks before its language switcher drops an edited question', async () => {
    setup([{ path: '/admin/faqs', element: <FaqsPage /> }], '/admin/faqs', {
      'GET /faqs/': () => [
        faq(1, 'Rain?', 'en', [{ id: 2, language: 'de', slug: null, status: null }]),
        faq(2, 'Regen?', 'de', [{ id: 1, language: 'en', slug: null, status: null }]),
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Rain?' }));
    const question = () => within(screen.getByRole('dialog', { name: 'Edit FAQ' })).getByLabelText(/^Question/);
    await userEvent.type(await screen.findByLabelText(/^Question/), ' Wind?');
    await userEvent.click(screen.getByRole('button', { name: 'Deutsch (de)' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(question()).toHaveValue('Rain? Wind?');
    await userEvent.click(screen.getByRole('button', { name: 'Deutsch (de)' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Discard Changes',
      }),
    );
    await waitFor(() => expect(question()).toHaveValue('Regen?'));
  });
});
