import { z } from 'zod';
import { DESCRIPTION_MAX, NAME_MAX } from './limits.js';
import { itemLanguageInputSchema, languageFilterSchema, translatedReferenceShape } from './languages.js';
import {
  idSchema,
  nullableId,
  nullableText,
  optionalId,
  optionalText,
  requiredText,
  slugSchema,
  timestampsSchema,
} from './common.js';

/** Categories and tags have the same shape and rules; each lives in a table of its own. */
export const TAXONOMY_KINDS = ['categories', 'tags'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

/** The words each kind uses on screen and in errors ("Category not found", "Subtag"). */
export const TAXONOMY_LABELS: Record<TaxonomyKind, { singular: string; plural: string; child: string; lower: string }> =
  {
    categories: { singular: 'Category', plural: 'Categories', child: 'Subcategory', lower: 'category' },
    tags: { singular: 'Tag', plural: 'Tags', child: 'Subtag', lower: 'tag' },
  };

/**
 * POST and PUT /categories/ and /tags/: name, slug, description, parent_id, one schema for both kinds.
 * Whether the parent exists and is top-level is checked by the server against the table.
 */
export const taxonomyInputSchema = z.object({
  name: requiredText('Name', NAME_MAX),
  slug: slugSchema,
  description: optionalText(DESCRIPTION_MAX),
  parent_id: optionalId('Parent id'),
  /** Its language (issue 30): on create one of the site's languages, the default if absent; a PUT keeps it. */
  language: itemLanguageInputSchema,
});
export const categoryInputSchema = taxonomyInputSchema;
/** What a client sends for a category or a tag. */
export type TaxonomyInput = z.input<typeof taxonomyInputSchema>;
/** The parsed input: blanks turned to null. */
export type TaxonomyData = z.output<typeof taxonomyInputSchema>;

/** A category or a tag as the API answers it. `parent_id` is null for a top-level item. */
export const taxonomyItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  description: nullableText,
  parent_id: nullableId,
  ...timestampsSchema.shape,
  /** Its language and the same category (tag) in other languages: each link's `status` is null (they have none). */
  ...translatedReferenceShape(z.string(), z.null()),
});
export type TaxonomyItem = z.infer<typeof taxonomyItemSchema>;
export type Category = TaxonomyItem;
export type Tag = TaxonomyItem;

/** GET /categories/ and /tags/?language=: only the items in that language; absent, every language. */
export const taxonomyListQuerySchema = z.object({ language: languageFilterSchema });

/** An item with the name it is shown by: "Parent > Child" for a child, its own name otherwise. */
export interface TaxonomyTreeEntry<T extends TaxonomyItem = TaxonomyItem> {
  item: T;
  parent: T | null;
  label: string;
}

/**
 * Orders items as a one-level tree, each top-level item followed by its children, both in the given order.
 * A child whose parent is missing from the list is shown as top-level.
 */
export function orderTaxonomyTree<T extends TaxonomyItem>(items: readonly T[]): TaxonomyTreeEntry<T>[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const children = new Map<number, T[]>();
  const roots: T[] = [];
  for (const item of items) {
    const parent = item.parent_id === null ? undefined : byId.get(item.parent_id);
    if (parent) children.set(parent.id, [...(children.get(parent.id) ?? []), item]);
    else roots.push(item);
  }
  return roots.flatMap((root) => [
    { item: root, parent: null, label: root.name },
    ...(children.get(root.id) ?? []).map((child) => ({
      item: child,
      parent: root,
      label: `${root.name} > ${child.name}`,
    })),
  ]);
}
