import type { Menu, MenuInput, MenuItemKind } from '@tours-cms/contract';

/**
 * A menu as the editor holds it: a flat list in the order the site shows it, each entry at depth 0 (top level) or
 * 1 (under the nearest top-level entry above it). One level of nesting cannot be exceeded in this shape; the API's
 * `parent` index is made from it on save.
 */
export interface EditorItem {
  kind: MenuItemKind;
  target_id: number | null;
  /** Staff's own label ('' shows the target's title). */
  label: string;
  /** The label in the site's other languages, by tag ('' or absent: the language's title, or `label`). */
  labels: Record<string, string>;
  url: string;
  depth: 0 | 1;
  /** The target's title when it was loaded or chosen; null when it no longer exists. */
  target_title: string | null;
  /** Whether the site shows it (false: its target is missing or not published). */
  shown: boolean;
}

/** The saved menu as the editor's list. */
export function toEditorItems(menu: Menu): EditorItem[] {
  return menu.items.map((item) => ({
    kind: item.kind,
    target_id: item.target_id,
    label: item.label ?? '',
    labels: item.labels,
    url: item.url ?? '',
    depth: item.parent === null ? 0 : 1,
    target_title: item.target_title,
    shown: item.href !== null,
  }));
}

/**
 * The list as the API takes it: each sub-item's parent is the nearest top-level item above it, and its labels in
 * the site's other languages (`languages`) only: one kept for a language since removed is not sent.
 */
export function toMenuInput(items: readonly EditorItem[], languages: readonly string[] = []): MenuInput {
  let parent: number | null = null;
  return {
    items: items.map((item, index) => {
      if (item.depth === 0) parent = index;
      return {
        kind: item.kind,
        target_id: item.kind === 'custom' ? null : item.target_id,
        label: item.label.trim() || null,
        labels: Object.fromEntries(
          languages.flatMap((language) => {
            const label = item.labels[language]?.trim();
            return label ? [[language, label]] : [];
          }),
        ),
        url: item.kind === 'custom' ? item.url.trim() : null,
        parent: item.depth === 0 ? null : parent,
      };
    }),
  };
}

/** The first entry is always at the top level (a move may have brought a sub-item there). */
export function normalized(items: EditorItem[]): EditorItem[] {
  const first = items[0];
  return first && first.depth === 1 ? [{ ...first, depth: 0 }, ...items.slice(1)] : items;
}

/** What an entry reads as in the editor and in announcements. */
export function itemName(item: EditorItem): string {
  return item.label.trim() || item.target_title || item.url || 'Untitled item';
}
