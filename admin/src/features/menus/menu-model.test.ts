import { describe, expect, it } from 'vitest';
import type { Menu } from '@tours-cms/contract';
import { normalized, toEditorItems, toMenuInput, type EditorItem } from './menu-model';

const item = (label: string, depth: 0 | 1): EditorItem => ({
  kind: 'custom',
  target_id: null,
  label,
  labels: {},
  url: `/${label.toLowerCase()}`,
  depth,
  target_title: null,
  shown: true,
});

describe('the menu editor’s list', () => {
  it('saves each sub-item under the nearest top-level item above it', () => {
    const input = toMenuInput([item('A', 0), item('B', 1), item('C', 1), item('D', 0), item('E', 1)]);
    expect(input.items.map((entry) => entry.parent)).toEqual([null, 0, 0, null, 3]);
  });

  it('reads a saved menu back as the same list, a missing target marked as not shown', () => {
    const menu: Menu = {
      location: 'header',
      updated_at: null,
      items: [
        {
          id: 1,
          kind: 'page',
          target_id: 4,
          label: null,
          labels: {},
          url: null,
          parent: null,
          target_title: null,
          href: null,
        },
        {
          id: 2,
          kind: 'custom',
          target_id: null,
          label: 'X',
          labels: { de: 'Y', fr: 'Z' },
          url: '/x',
          parent: 0,
          target_title: null,
          href: '/x',
        },
      ],
    };
    const items = toEditorItems(menu);
    expect(items.map(({ depth, shown }) => [depth, shown])).toEqual([
      [0, false],
      [1, true],
    ]);
    // A label kept for a language the site no longer has (fr) is not sent back.
    expect(toMenuInput(items, ['de']).items).toEqual([
      { kind: 'page', target_id: 4, label: null, labels: {}, url: null, parent: null },
      { kind: 'custom', target_id: null, label: 'X', labels: { de: 'Y' }, url: '/x', parent: 0 },
    ]);
  });

  it('keeps the first item at the top level after a move', () => {
    expect(normalized([item('B', 1), item('A', 0)]).map((entry) => entry.depth)).toEqual([0, 0]);
  });
});
