import { z } from 'zod';
import { idSchema, nullableId, nullableText } from './common.js';
import { LANGUAGES_MAX, MENU_ITEMS_MAX, MENU_LABEL_MAX, URL_MAX } from './limits.js';

/**
 * Menus (issue 31 item 5): the header's and the footer's navigation, each a list of items in order, one level of
 * nesting. A common component shows one where staff put its placeholder, `<nav data-menu="header"></nav>` (see
 * MENU_PLACEHOLDER_EXAMPLE); the site fills it with the items whose targets are published.
 */
export const MENU_LOCATIONS = ['header', 'footer'] as const;
export type MenuLocation = (typeof MENU_LOCATIONS)[number];

/** The location's name on screen. */
export const MENU_LOCATION_LABELS: Record<MenuLocation, string> = { header: 'Header menu', footer: 'Footer menu' };

/** The placeholder staff put in a header or footer component; the site replaces its content with the menu. */
export const MENU_PLACEHOLDER_EXAMPLE = (location: MenuLocation) => `<nav data-menu="${location}"></nav>`;

/** What an item leads to: a page, a tour (a post), a tour category, or an address typed by staff. */
export const MENU_ITEM_KINDS = ['page', 'post', 'category', 'custom'] as const;
export type MenuItemKind = (typeof MENU_ITEM_KINDS)[number];

export const MENU_ITEM_KIND_LABELS: Record<MenuItemKind, string> = {
  page: 'Page',
  post: 'Tour',
  category: 'Tour category',
  custom: 'Custom link',
};

/** How deep items nest: a top-level item may have children, a child may not. */
export const MENU_NESTING_MAX = 1;

export const menuLocationParamsSchema = z.object({
  location: z.enum(MENU_LOCATIONS, { message: `Menu must be one of ${MENU_LOCATIONS.join(', ')}` }),
});

const SAFE_SCHEMES = ['http', 'https', 'mailto', 'tel'];
// Browsers drop these before reading a scheme ("java\tscript:" is javascript:), and a space or a backslash in an
// address is read differently by different parsers (`/\evil.example` is another site for a browser).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const AUTHORITY = /^https?:\/\/([^/?#]*)/i;
// Letters of scripts that have Latin lookalikes (Greek, Cyrillic, Armenian) mixed with Latin in one host name.
const LOOKALIKE_LETTERS = /[\u0370-\u058f]/;

/**
 * Why a custom link's address is refused, or null when it may be used: an address on this site (`/tours`,
 * `#booking`), or http, https, mailto or tel. Refused: any other scheme (javascript:, data:...), `//host` and
 * backslashes (they leave the site while looking like a path), a user name before the host
 * (`https://this-site@evil.example`), and host names that mix Latin letters with lookalike letters of other scripts.
 */
export function menuUrlProblem(url: string): string | null {
  if (UNSAFE_CHARACTERS.test(url)) return 'A link may not contain spaces, backslashes or control characters';
  if (url.startsWith('//')) return 'A link to another site must start with https://';
  if (url.startsWith('/') || url.startsWith('#')) return null;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return 'Start the link with https://, or with / for an address on this site';
  if (!SAFE_SCHEMES.includes(scheme)) return 'A link may use https:, http:, mailto: or tel: only';
  if (scheme === 'http' || scheme === 'https') {
    const authority = AUTHORITY.exec(url)?.[1] ?? '';
    if (authority.includes('@')) return 'A link may not carry a user name before the site (it disguises the site)';
    const host = authority.replace(/:\d*$/, '');
    if (host === '') return 'The link names no site';
    if (/[a-z]/i.test(host) && LOOKALIKE_LETTERS.test(host))
      return 'The site name mixes letters of different alphabets (it looks like another site)';
  }
  return null;
}

const CUSTOM_URL_REQUIRED = 'A custom link needs an address';

export const menuItemInputSchema = z
  .object({
    kind: z.enum(MENU_ITEM_KINDS, { message: `Kind must be one of ${MENU_ITEM_KINDS.join(', ')}` }),
    /** The page's, tour's or category's id (not for custom links). */
    target_id: z
      .number({ message: 'Target must be a whole number' })
      .int('Target must be a whole number')
      .positive('Target must be a positive number')
      .nullish()
      .transform((value) => value ?? null),
    /** What the item reads; null for a page, tour or category shows its title. */
    label: z
      .string({ message: 'Label must be text' })
      .trim()
      .max(MENU_LABEL_MAX, `Label must be at most ${MENU_LABEL_MAX} characters`)
      .nullish()
      .transform((value) => (value ? value : null)),
    url: z
      .string({ message: 'Address must be text' })
      .trim()
      .max(URL_MAX, `Address must be at most ${URL_MAX} characters`)
      .nullish()
      .transform((value) => (value ? value : null)),
    /**
     * The label in the site's other languages, by language tag (issue 30): `label` is the default language's. An
     * empty one is left out; the server refuses a language that is not one of the site's others.
     */
    labels: z
      .record(
        z.string(),
        z
          .string({ message: 'A label must be text' })
          .trim()
          .max(MENU_LABEL_MAX, `Label must be at most ${MENU_LABEL_MAX} characters`),
        { message: 'Labels must map languages to text' },
      )
      .nullish()
      .transform((labels) => Object.fromEntries(Object.entries(labels ?? {}).filter(([, label]) => label !== '')))
      .refine((labels) => Object.keys(labels).length <= LANGUAGES_MAX, {
        message: `Labels can name at most ${LANGUAGES_MAX} languages`,
      }),
    /** The index, in this list, of the item it sits under; null at the top level. */
    parent: z
      .number({ message: 'Parent must be the position of another item' })
      .int('Parent must be the position of another item')
      .min(0, 'Parent must be the position of another item')
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((item, ctx) => {
    if (item.kind === 'custom') {
      if (item.url === null) ctx.addIssue({ code: 'custom', path: ['url'], message: CUSTOM_URL_REQUIRED });
      else {
        const problem = menuUrlProblem(item.url);
        if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem });
      }
      if (item.label === null)
        ctx.addIssue({ code: 'custom', path: ['label'], message: 'A custom link needs a label' });
    } else if (item.target_id === null) {
      ctx.addIssue({ code: 'custom', path: ['target_id'], message: `Choose a ${MENU_ITEM_KIND_LABELS[item.kind]}` });
    }
  });
export type MenuItemInput = z.input<typeof menuItemInputSchema>;
export type MenuItemData = z.output<typeof menuItemInputSchema>;

/**
 * Why an item's place is refused, by its index: a parent that is not another item of the list, a loop, or an item
 * nested under a child (deeper than MENU_NESTING_MAX).
 */
export function menuNestingProblems(items: readonly { parent: number | null }[]): Map<number, string> {
  const problems = new Map<number, string>();
  items.forEach((item, index) => {
    if (item.parent === null) return;
    if (item.parent === index) return void problems.set(index, 'An item cannot sit under itself');
    if (item.parent >= items.length) return void problems.set(index, 'Parent must be the position of another item');
    const seen = new Set([index]);
    let depth = 0;
    for (let at: number | null = item.parent; at !== null; at = items[at]?.parent ?? null) {
      if (seen.has(at)) return void problems.set(index, 'Items cannot sit under each other in a loop');
      seen.add(at);
      depth += 1;
    }
    if (depth > MENU_NESTING_MAX) problems.set(index, 'Menus nest one level deep: a sub-item cannot have sub-items');
  });
  return problems;
}

export const menuInputSchema = z
  .object({
    items: z
      .array(menuItemInputSchema, { message: 'Items must be a list' })
      .max(MENU_ITEMS_MAX, `A menu holds at most ${MENU_ITEMS_MAX} items`),
  })
  .superRefine((menu, ctx) => {
    for (const [index, message] of menuNestingProblems(menu.items))
      ctx.addIssue({ code: 'custom', path: ['items', index, 'parent'], message });
  });
export type MenuInput = z.input<typeof menuInputSchema>;
export type MenuData = z.output<typeof menuInputSchema>;

/** An item as the API answers it: what was saved, and what it leads to now. */
export const menuItemSchema = z.object({
  id: idSchema,
  kind: z.enum(MENU_ITEM_KINDS),
  target_id: nullableId,
  label: nullableText,
  /** The label in the site's other languages, by language tag (empty when it has none). */
  labels: z.record(z.string(), z.string()),
  url: nullableText,
  parent: z.number().int().nullable(),
  /** The target's title now; null when it no longer exists (trashed or deleted). */
  target_title: nullableText,
  /** Where it leads on the site; null when the site leaves it out (its target is missing or not published). */
  href: nullableText,
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.object({
  location: z.enum(MENU_LOCATIONS),
  items: z.array(menuItemSchema),
  /** The last save; null for a menu never saved. */
  updated_at: nullableText,
});
export type Menu = z.infer<typeof menuSchema>;
