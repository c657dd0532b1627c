import { describe, expect, it } from 'vitest';
import { postFields } from '@tours-cms/contract';
import { changedFields } from './field-diff';
import { diffFieldsOf, itineraryChanges } from './diff-fields';

const fields = diffFieldsOf(postFields, {
  faqs: [
    { id: 1, name: 'What should I bring?' },
    { id: 2, name: 'Can children come?' },
  ],
});
const field = (key: string) => fields.find((f) => f.key === key)!;
const day = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: null,
  overnight: null,
  meals: null,
  image_id: null,
  ...extra,
});

describe("the history diff of a tour's sections", () => {
  it('reads an itinerary a day a block, so a day added or changed shows as that day', () => {
    const format = field('itinerary').format!;
    expect(format([day('Lisbon', { overnight: 'Sintra', image_id: 4 }), day('Cabo da Roca', { meals: 'Lunch' })])).toBe(
      '1. Lisbon\n   Overnight: Sintra\n   Image: media item #4\n\n2. Cabo da Roca\n   Meals: Lunch',
    );
    const before = { itinerary: [day('Lisbon')] };
    const after = { itinerary: [day('Lisbon'), day('Cabo da Roca')] };
    expect(changedFields(fields, before, after).map((f) => f.label)).toEqual(['Itinerary']);
  });

  it('says which day was added, removed, changed or moved, numbered as the tour numbers them', () => {
    const days = (...titles: string[]) => titles.map((title) => day(title));
    const tour = (itinerary: unknown[], duration = '3 days') => ({ duration, itinerary });
    // A day removed from the start is that day, not every day after it renumbered.
    expect(itineraryChanges(tour(days('Lisbon', 'Sintra', 'Cabo')), tour(days('Sintra', 'Cabo')))).toEqual([
      'Day 1 removed: Lisbon',
    ]);
    expect(itineraryChanges(tour(days('Lisbon')), tour(days('Lisbon', 'Sintra')))).toEqual(['Day 2 added: Sintra']);
    expect(
      itineraryChanges(
        tour(days('Lisbon', 'Sintra', 'Cabo')),
        tour([day('Lisbon'), day('Sintra', { meals: 'Lunch' }), day('Cabo')]),
      ),
    ).toEqual(['Day 2 changed: Sintra']);
    expect(itineraryChanges(tour(days('Lisbon', 'Sintra', 'Cabo')), tour(days('Sintra', 'Cabo', 'Lisbon')))).toEqual([
      'Day 1 moved to Day 3: Lisbon',
    ]);
    // A tour shorter than a day numbers stops.
    expect(itineraryChanges(tour(days('Castle'), '3 hours'), tour([], '3 hours'))).toEqual(['Stop 1 removed: Castle']);
    expect(itineraryChanges(tour(days('Same')), tour(days('Same')))).toEqual([]);
    // A version from before the sections has no itinerary: every day of today's is added.
    expect(itineraryChanges({ duration: '2 days' }, tour(days('Lisbon', 'Sintra')))).toEqual([
      'Day 1 added: Lisbon',
      'Day 2 added: Sintra',
    ]);
    expect(field('itinerary').changes).toBeDefined();
    expect(field('includes').changes).toBeUndefined();
  });

  it('reads lines one a line, the gallery by media item and caption, and the meeting point as an address', () => {
    expect(field('includes').format!(['Guide', 'Lunch'])).toBe('Guide\nLunch');
    expect(
      field('gallery').format!([
        { media_id: 7, caption: 'The bay' },
        { media_id: 8, caption: null },
      ]),
    ).toBe('Media item #7: The bay\nMedia item #8');
    expect(
      field('meeting_point').format!({
        name: 'Rossio',
        address: null,
        latitude: 38.7,
        longitude: -9.1,
        notes: 'By the clock',
      }),
    ).toBe('Rossio\n38.7, -9.1\nBy the clock');
    expect(field('meeting_point').format!(null)).toBe('None');
  });

  it('names FAQs by their question, in the order the tour shows them', () => {
    expect(field('faq_ids').format!([2, 1])).toBe('Can children come?, What should I bring?');
    expect(changedFields(fields, { faq_ids: [1, 2] }, { faq_ids: [2, 1] }).map((f) => f.key)).toEqual(['faq_ids']);
  });
});
