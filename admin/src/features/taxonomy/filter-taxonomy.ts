import type { TaxonomyTreeEntry } from '@tours-cms/contract';

/** A case-insensitive substring of the name or the slug. The tree order is kept. */
export function filterTaxonomy(entries: TaxonomyTreeEntry[], search: string): TaxonomyTreeEntry[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return entries;
  return entries.filter(
    ({ item }) => item.name.toLowerCase().includes(needle) || item.slug.toLowerCase().includes(needle),
  );
}
