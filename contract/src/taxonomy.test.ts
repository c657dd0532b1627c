import { describe, expect, it } from 'vitest';
import { orderTaxonomyTree, taxonomyInputSchema } from './taxonomy.js';

describe('taxonomyInputSchema', () => {
  it('accepts a top-level item and a child', () => {
    expect(taxonomyInputSchema.parse({ name: 'Boat', slug: 'boat' })).toEqual({
      name: 'Boat',
      slug: 'boat',
      description: null,
      parent_id: null,
    });
    expect(taxonomyInputSchema.parse({ name: 'Boat', slug: 'boat', parent_id: 3 }).parent_id).toBe(3);
  });

  it('refuses a parent that is not a positive whole number', () => {
    for (const parent_id of [0, -2, 1.5, '3']) {
      expect(taxonomyInputSchema.safeParse({ name: 'Boat', slug: 'boat', parent_id }).success, String(parent_id)).toBe(
        false,
      );
    }
  });
});

describe('orderTaxonomyTree', () => {
  const item = (id: number, name: string, parent_id: number | null = null) => ({
    id,
    name,
    slug: `s${id}`,
    description: null,
    parent_id,
    created_at: '',
    updated_at: '',
    language: 'en',
    translations: [],
  });

  it('puts each child under its parent and labels it "Parent > Child"', () => {
    const tree = orderTaxonomyTree([item(1, 'Boat'), item(2, 'Sunset', 3), item(3, 'Walking'), item(4, 'Night', 1)]);
    expect(tree.map((entry) => entry.label)).toEqual(['Boat', 'Boat > Night', 'Walking', 'Walking > Sunset']);
    expect(tree[1]!.parent?.id).toBe(1);
  });

  it('shows a child whose parent is not in the list as top-level', () => {
    expect(orderTaxonomyTree([item(2, 'Orphan', 99)])).toEqual([
      { item: item(2, 'Orphan', 99), parent: null, label: 'Orphan' },
    ]);
  });
});
