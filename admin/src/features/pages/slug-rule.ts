import { NEW_PAGE_SLUG, slugify } from '@tours-cms/contract';

/**
 * The page builder's slug and whether it still follows the title: it does while the
 * slug is empty or the default 'new-page', and keeps doing so as the title is typed letter by letter (each letter
 * would otherwise end it after the first). Typing a slug by hand stops it; emptying the slug starts it again.
 */
export interface SlugState {
  slug: string;
  followsTitle: boolean;
}

const isUnset = (slug: string) => slug.trim() === '' || slug === NEW_PAGE_SLUG;

/** The state for a page as it opens: a new page ('new-page') follows its title, a saved slug stays. */
export function initialSlugState(slug: string): SlugState {
  return { slug, followsTitle: isUnset(slug) };
}

/** After the title changed: the slug made from it while the slug follows the title, else unchanged. */
export function slugAfterTitleChange(state: SlugState, title: string): SlugState {
  return state.followsTitle ? { slug: slugify(title), followsTitle: true } : state;
}

/** After the slug was typed by hand: kept as typed; it follows the title again only once emptied or reset. */
export function slugAfterManualEdit(slug: string): SlugState {
  return { slug, followsTitle: isUnset(slug) };
}
