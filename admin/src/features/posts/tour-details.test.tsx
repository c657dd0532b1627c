import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FaqListItem, Post } from '@tours-cms/contract';
import { jsonResponse } from '../../test/render';
import { POST, bodyOf, setup } from './post-form-fixtures';

const FAQS: FaqListItem[] = [
  {
    id: 1,
    question: 'What should I bring?',
    answer: '<p>Sun cream.</p>',
    tour_count: 3,
    created_at: '',
    updated_at: '',
    text_updated_at: '',
    language: 'en',
    translations: [],
  },
  {
    id: 2,
    question: 'Is it suitable for children?',
    answer: '<p>Yes.</p>',
    tour_count: 0,
    created_at: '',
    updated_at: '',
    text_updated_at: '',
    language: 'en',
    translations: [],
  },
];

const IMAGE = {
  id: 41,
  file_path: 'uploads/2026/01/cliffs.jpg',
  thumbnail_path: 'uploads/2026/01/cliffs.thumb.webp',
  alt_text: 'Cliffs over the sea at Cabo da Roca',
  width: 1200,
  height: 800,
};

const WITH_SECTIONS: Post = {
  ...POST,
  duration: '2 days',
  itinerary: [
    { title: 'Lisbon', description: '<p>Old town.</p>', overnight: 'Lisbon', meals: null, image_id: 41, image: IMAGE },
    { title: 'Sintra', description: null, overnight: null, meals: 'Breakfast', image_id: null, image: null },
  ],
  gallery: [{ media: { ...IMAGE, id: 42, alt_text: null }, caption: 'The cliffs' }],
};

/** Opens a section of Tour details by its summary. */
async function openSection(title: string) {
  const card = screen.getByRole('region', { name: 'Tour Details' });
  const summary = within(card)
    .getAllByText(title)
    .find((element) => element.closest('summary'));
  await userEvent.click(summary!);
}

const saveAndClose = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
  await screen.findByText('The posts list');
};

describe('Tour details in the post editor', () => {
  it('builds a two-day itinerary and reorders it with the buttons; the save sends the days in their new order', async () => {
    const { calls } = setup('/admin/posts/edit/7', { 'PUT /posts/7': () => ({ ...POST, version: 4 }) });
    await screen.findByDisplayValue('Sunset Boat Tour');
    await userEvent.clear(screen.getByLabelText(/^Duration/));
    await userEvent.type(screen.getByLabelText(/^Duration/), '2 days');
    await openSection('Itinerary');
    await userEvent.click(screen.getByRole('button', { name: 'Add Day 1' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Title of Day 1' }), 'Arrival in Lisbon');
    await userEvent.click(screen.getByRole('button', { name: 'Add Day 2' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Title of Day 2' }), 'Sintra');
    await userEvent.type(screen.getByRole('textbox', { name: 'Meals of Day 2' }), 'Breakfast');
    await userEvent.click(screen.getByRole('button', { name: 'Move Day 2 up' }));
    expect(screen.getByRole('textbox', { name: 'Title of Day 1' })).toHaveValue('Sintra');
    await saveAndClose();
    expect(bodyOf(calls, 'PUT').itinerary).toEqual([
      { title: 'Sintra', description: null, overnight: null, meals: 'Breakfast', image_id: null },
      { title: 'Arrival in Lisbon', description: null, overnight: null, meals: null, image_id: null },
    ]);
  });

  it('numbers stops for a tour shorter than a day', async () => {
    setup('/admin/posts/edit/7');
    await screen.findByDisplayValue('Sunset Boat Tour');
    await openSection('Itinerary');
    expect(screen.getByRole('button', { name: 'Add Stop 1' })).toBeInTheDocument();
  });

  it('shows a saved itinerary folded to its titles, with the image of a day and the alternative text it has', async () => {
    setup('/admin/posts/edit/7', { 'GET /posts/7': () => WITH_SECTIONS });
    await screen.findByDisplayValue('Sunset Boat Tour');
    await openSection('Itinerary');
    const list = screen.getByRole('list', { name: 'Itinerary' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('textbox', { name: 'Title of Day 1' })).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /Day 1\s*Lisbon/ }));
    expect(screen.getByRole('textbox', { name: 'Title of Day 1' })).toHaveValue('Lisbon');
    expect(screen.getByRole('img', { name: 'Cliffs over the sea at Cabo da Roca' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove the image of Day 1' })).toBeInTheDocument();
  });

  it('turns a pasted list into one line each, and Enter starts the next line instead of saving', async () => {
    const { calls } = setup('/admin/posts/edit/7', { 'PUT /posts/7': () => ({ ...POST, version: 4 }) });
    await screen.findByDisplayValue('Sunset Boat Tour');
    await openSection("What's Included");
    await userEvent.click(screen.getByRole('button', { name: 'Add an included item' }));
    const first = screen.getByRole('textbox', { name: 'Included item 1' });
    fireEvent.paste(first, { clipboardData: { getData: () => '- Hotel pick-up\n- Lunch\n\n• Guide' } });
    expect(screen.getByRole('textbox', { name: 'Included item 3' })).toHaveValue('Guide');
    await userEvent.type(screen.getByRole('textbox', { name: 'Included item 3' }), '{Enter}');
    expect(screen.getByRole('textbox', { name: 'Included item 4' })).toHaveFocus();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Included item 4' }), 'Water');
    await saveAndClose();
    expect(bodyOf(calls, 'PUT').includes).toEqual(['Hotel pick-up', 'Lunch', 'Guide', 'Water']);
  });

  it("shows the server's refusal at the day it names and opens the section to it", async () => {
    setup('/admin/posts/edit/7', {
      'GET /posts/7': () => WITH_SECTIONS,
      'PUT /posts/7': () =>
        jsonResponse(422, {
          detail: 'Image id 99 is not an image',
          errors: [{ field: 'itinerary[1].image_id', message: 'Image id 99 is not an image' }],
        }),
    });
    await screen.findByDisplayValue('Sunset Boat Tour');
    await userEvent.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('Image id 99 is not an image')).toBeInTheDocument();
    // The section and the day open by themselves.
    expect(screen.getByRole('textbox', { name: 'Title of Day 2' })).toHaveValue('Sintra');
  });

  it("refuses a day without a title before sending, at that day's title", async () => {
    const { calls } = setup('/admin/posts/edit/7');
    await screen.findByDisplayValue('Sunset Boat Tour');
    await openSection('Itinerary');
    await userEvent.click(screen.getByRole('button', { name: 'Add Stop 1' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Title of Stop 1' }), ' ');
    fireEvent.submit(screen.getByRole('textbox', { name: 'Title of Stop 1' }).closest('form')!);
    const title = screen.getByRole('textbox', { name: 'Title of Stop 1' });
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription(/title/i);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('fills both coordinates from a pasted pair and links the point to OpenStreetMap', async () => {
    const { calls } = setup('/admin/posts/edit/7', { 'PUT /posts/7': () => ({ ...POST, version: 4 }) });
    await screen.findByDisplayValue('Sunset Boat Tour');
    await openSection('Meeting Point');
    await userEvent.click(screen.getByRole('button', { name: 'Add a meeting point' }));
    await userEvent.type(screen.getByLabelText(/^Meeting point name/), 'Rossio Square');
    fireEvent.paste(screen.getByLabelText('Latitude'), { clipboardData: { getData: () => '38.7139, -9.1394' } });
    expect(screen.getByLabelText('Longitude')).toHaveValue('-9.1394');
    expect(screen.getByRole('link', { name: /Check it in OpenStreetMap/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=38.7139&mlon=-9.1394#map=17/38.7139/-9.1394',
    );
    await saveAndClose();
    expect(bodyOf(calls, 'PUT').meeting_point).toEqual({
      name: 'Rossio Square',
      address: null,
      latitude: 38.7139,
      longitude: -9.1394,
      notes: null,
    });
  });

  it('chooses reusable FAQs in order, and offers only those not chosen yet', async () => {
    const { calls } = setup('/admin/posts/edit/7', {
      'GET /faqs/': () => FAQS,
      'PUT /posts/7': () => ({ ...POST, version: 4 }),
    });
    await screen.findByDisplayValue('Sunset Boat Tour');
    await openSection('FAQs');
    const select = screen.getByRole('combobox', { name: 'Add an FAQ' });
    await userEvent.selectOptions(select, 'Is it suitable for children?');
    await userEvent.click(screen.getByRole('button', { name: 'Add FAQ' }));
    await userEvent.selectOptions(select, 'What should I bring?');
    await userEvent.click(screen.getByRole('button', { name: 'Add FAQ' }));
    expect(within(select).queryByRole('option', { name: 'What should I bring?' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move FAQ "What should I bring?" up' }));
    await saveAndClose();
    expect(bodyOf(calls, 'PUT').faq_ids).toEqual([1, 2]);
  });

  it('keeps the gallery in order with captions, and flags an image without alternative text', async () => {
    const { calls } = setup('/admin/posts/edit/7', {
      'GET /posts/7': () => WITH_SECTIONS,
      'PUT /posts/7': () => ({ ...WITH_SECTIONS, version: 4 }),
    });
    await screen.findByDisplayValue('Sunset Boat Tour');
    await openSection('Gallery');
    const caption = screen.getByRole('textbox', { name: 'Caption of image 1' });
    expect(caption).toHaveValue('The cliffs');
    expect(caption).toHaveAccessibleDescription(/no alternative text/);
    await userEvent.type(caption, ' at dusk');
    await saveAndClose();
    expect(bodyOf(calls, 'PUT').gallery).toEqual([{ media_id: 42, caption: 'The cliffs at dusk' }]);
  });
});
