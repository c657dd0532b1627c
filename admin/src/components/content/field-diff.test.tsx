import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { postFields } from '@tours-cms/contract';
import { FieldDiff } from './field-diff';
import { diffFieldsOf } from './diff-fields';

const day = (title: string) => ({ title, description: null, overnight: null, meals: null, image_id: null });

describe('FieldDiff', () => {
  it("lists an itinerary's changes a day a line above the word diff", () => {
    render(
      <FieldDiff
        fields={diffFieldsOf(postFields)}
        before={{ title: 'Sintra', duration: '2 days', itinerary: [day('Lisbon'), day('Sintra')] }}
        after={{ title: 'Sintra', duration: '2 days', itinerary: [day('Sintra'), day('Cabo da Roca')] }}
        beforeLabel="Version 3"
        afterLabel="The current version"
      />,
    );
    const changes = screen.getByRole('list', { name: 'Itinerary: what changed' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Day 1 removed: Lisbon', 'Day 2 added: Cabo da Roca']);
    // Only the itinerary changed: no other field is listed.
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Itinerary']);
  });
});
