import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FaqListItem } from '@tours-cms/contract';
import { jsonResponse, renderSignedIn, stubApi } from '../../test/render';
import { FaqsPage } from './faqs-page';

const BRING: FaqListItem = {
  id: 1,
  question: 'What should I bring?',
  answer: '<p>Sun cream and <strong>water</strong>.</p>',
  tour_count: 2,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  text_updated_at: '2026-11-01T10:00:00.000Z',
  language: 'en',
  translations: [],
};
const CHILDREN: FaqListItem = { ...BRING, id: 2, question: 'Can children come?', answer: '<p>Yes.</p>', tour_count: 0 };

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('FaqsPage', () => {
  it('lists each question with its answer as text and how many tours show it; the search reads both', async () => {
    stubApi({ 'GET /faqs/': () => [BRING, CHILDREN] });
    renderSignedIn(<FaqsPage />);
    const row = (await screen.findByText('What should I bring?')).closest('tr')!;
    expect(within(row).getByText('Sun cream and water.')).toBeInTheDocument();
    expect(within(row).getByText('2 tours')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search FAQs' }), 'water');
    await waitFor(() => expect(screen.queryByText('Can children come?')).not.toBeInTheDocument());
    expect(screen.getByText('What should I bring?')).toBeInTheDocument();
  });

  it('checks an FAQ before sending: the question and the answer are both needed', async () => {
    const calls = stubApi({ 'GET /faqs/': () => [] });
    renderSignedIn(<FaqsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New FAQ' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New FAQ' });
    await within(dialog).findByRole('textbox', { name: /^Answer/ });
    await userEvent.type(within(dialog).getByLabelText(/^Question/), 'Can children come?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create FAQ' }));
    expect(await within(dialog).findByText(/Answer is required/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('edits an FAQ, saying how many tours change with it', async () => {
    const calls = stubApi({
      'GET /faqs/': () => [BRING],
      'PUT /faqs/1': () => ({ ...BRING, question: 'What should I pack?' }),
    });
    renderSignedIn(<FaqsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit What should I bring?' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit FAQ' });
    expect(dialog).toHaveTextContent('2 tours show this FAQ: a change here changes all their pages.');
    const question = within(dialog).getByLabelText(/^Question/);
    await userEvent.clear(question);
    await userEvent.type(question, 'What should I pack?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update FAQ' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((call) => call.method === 'PUT')!.body))).toEqual({
      question: 'What should I pack?',
      answer: BRING.answer,
    });
    expect(await screen.findByText('FAQ updated.')).toBeInTheDocument();
  });

  it('deletes an FAQ that tours show only after a second question naming them', async () => {
    const deletes: string[] = [];
    stubApi({
      'GET /faqs/': () => [BRING],
      'DELETE /faqs/1': ({ url }) => {
        deletes.push(url);
        return jsonResponse(409, {
          detail: 'This FAQ is shown by the tours Sintra Day Trip, Lisbon by Night. Delete it anyway?',
          tours: [
            { id: 4, title: 'Sintra Day Trip' },
            { id: 5, title: 'Lisbon by Night' },
          ],
        });
      },
      'DELETE /faqs/1?in_use=confirmed': ({ url }) => {
        deletes.push(url);
        return new Response(null, { status: 204 });
      },
    });
    renderSignedIn(<FaqsPage />);
    const row = (await screen.findByText('What should I bring?')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /Delete|Confirm|OK/ }));
    const second = await screen.findByRole('alertdialog', { name: 'This FAQ is in use' });
    expect(second).toHaveTextContent('Sintra Day Trip, Lisbon by Night');
    await userEvent.click(within(second).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(deletes).toEqual(['/faqs/1', '/faqs/1?in_use=confirmed']));
    expect(await screen.findByText('FAQ deleted.')).toBeInTheDocument();
  });

  it('shows a plain user the FAQs without the means to change them', async () => {
    stubApi({ 'GET /faqs/': () => [BRING] });
    renderSignedIn(<FaqsPage />, 'user');
    await screen.findByText('What should I bring?');
    expect(screen.queryByRole('button', { name: 'Add New FAQ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
