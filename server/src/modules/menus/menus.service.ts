import {
  HOME_PAGE_SLUG,
  MENU_ITEM_KIND_LABELS,
  MENU_LOCATION_LABELS,
  MENU_LOCATIONS,
  type FieldError,
  type Menu,
  type MenuData,
  type MenuItem,
  type MenuItemKind,
  type MenuLocation,
} from '@tours-cms/contract';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { itemsInLanguage, type TranslatedTable } from '../../db/translation-groups.js';
import { HttpError } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import type { SiteChanges } from '../../core/site-changes.js';
import type { ActivityService } from '../activity/activity.service.js';
import * as repo from './menus.repository.js';

export interface MenusDeps {
  db: Db;
  siteChanges: SiteChanges;
  activity: ActivityService;
  /** The site's own host names (config.ownHosts): a custom link to a look-alike of one of them is refused. */
  ownHosts: readonly string[];
  /** The site's languages (the settings'): an item's labels may name its other languages only. */
  siteLanguages: (tx: Db) => Promise<{ default_language: string; languages: string[] }>;
}

type TargetKind = Exclude<MenuItemKind, 'custom'>;
const TARGET_KINDS: readonly TargetKind[] = ['page', 'post', 'category'];
const TARGET_TABLES: Record<TargetKind, TranslatedTable> = { page: 'pages', post: 'posts', category: 'categories' };

/** The language a document of the site is in, and its address prefix ('' for the default language, else `/de`). */
export interface MenuLanguage {
  language: string;
  prefix: string;
}

/** A menu item as the site shows it: only items whose targets are published, children under their parent. */
export interface SiteMenuItem {
  label: string;
  href: string;
  children: SiteMenuItem[];
}

/** Where a target is on the public site. */
function targetHref(kind: TargetKind, slug: string): string {
  const encoded = encodeURIComponent(slug);
  if (kind === 'page') return slug === HOME_PAGE_SLUG ? '/' : `/${encoded}`;
  if (kind === 'post') return `/tours/${encoded}`;
  return `/tours/category/${encoded}`;
}

/** A host that starts with one of the site's own names and goes on elsewhere (`tours.example.evil.test`). */
function looksLikeOwnHost(url: string, ownHosts: readonly string[]): boolean {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    host = parsed.hostname.toLowerCase();
  } catch {
    return false;
  }
  return ownHosts.some((own) => own.includes('.') && host !== own && host.startsWith(`${own}.`));
}

const key = (kind: MenuItemKind, id: number | null) => `${kind}:${id ?? ''}`;

/** An item's labels in other languages as stored (JSON text, or null: none). */
function labelsOf(stored: string | null): Record<string, string> {
  if (stored === null) return {};
  const parsed: unknown = JSON.parse(stored);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}

/**
 * The site's catalogue and home page are in every language, each under its prefix: a custom link to one of them
 * (`/`, `/tours`, `/tours?month=2027-03`, with a query or fragment) leads to that language's in a document of
 * another language. Any other address stays as written: a page's or tour's slug differs between languages (a Page
 * or Tour item follows its translations), and files and feeds have no language.
 */
function customHrefIn(url: string, prefix: string): string {
  const match = /^\/(tours\/?)?(?=$|[?#])/.exec(url);
  if (!match) return url;
  return match[1] ? `${prefix}${url}` : `${prefix}/${url.slice(1)}`;
}

/** The items the site shows: those whose target is there and published, each child under its shown parent. */
function shownItems(menu: Menu): SiteMenuItem[] {
  const shown = new Map<number, SiteMenuItem>();
  const entry = (item: MenuItem): SiteMenuItem => ({
    label: item.label ?? item.target_title ?? item.href!,
    href: item.href!,
    children: [],
  });
  menu.items.forEach((item, index) => {
    if (item.href !== null && item.parent === null) shown.set(index, entry(item));
  });
  // A child whose parent is hidden is hidden with it.
  for (const item of menu.items)
    if (item.href !== null && item.parent !== null) shown.get(item.parent)?.children.push(entry(item));
  return [...shown.values()];
}

/**
 * The header's and the footer's menus. A save replaces a menu whole, checked first: every target must exist (one
 * the menu already held may have gone to the Trash since: it is kept, and hidden by the site), custom links must be
 * safe (the contract's rule, and no look-alike of this site's own address). The site reads `forSite`, which leaves
 * out what is missing or unpublished, so a trashed page never leaves a broken link.
 */
export function createMenusService({ db, siteChanges, activity, ownHosts, siteLanguages }: MenusDeps) {
  async function targetsOf(tx: Db, items: { kind: MenuItemKind; target_id: number | null }[]) {
    const byKind = await Promise.all(
      TARGET_KINDS.map(async (kind) => {
        const ids = items.filter((item) => item.kind === kind && item.target_id !== null).map((i) => i.target_id!);
        return (await repo.findTargets(tx, kind, ids)).map((target) => [key(kind, target.id), target] as const);
      }),
    );
    return new Map(byKind.flat());
  }

  async function read(tx: Db, locations: readonly MenuLocation[]): Promise<Menu[]> {
    return (await load(tx, locations)).menus;
  }

  /** The menus, and the targets their items lead to (by `key(kind, id)`), in one read. */
  async function load(tx: Db, locations: readonly MenuLocation[]) {
    const [menus, items] = await Promise.all([repo.listMenus(tx), repo.listItems(tx, locations)]);
    const targets = await targetsOf(tx, items);
    const shown = locations.map((location): Menu => ({
      location,
      updated_at: menus.find((menu) => menu.location === location)?.updated_at ?? null,
      items: items
        .filter((item) => item.location === location)
        .map((item): MenuItem => {
          const target = item.kind === 'custom' ? undefined : targets.get(key(item.kind, item.target_id));
          return {
            id: item.id,
            kind: item.kind,
            target_id: item.target_id,
            label: item.label,
            labels: labelsOf(item.labels),
            url: item.url,
            parent: item.parent,
            target_title: target?.title ?? null,
            href:
              item.kind === 'custom'
                ? item.url
                : target?.published
                  ? targetHref(item.kind as TargetKind, target.slug)
                  : null,
          };
        }),
    }));
    return { menus: shown, targets };
  }

  /**
   * The menus as a document in another language than the default shows them (issue 30): an item whose page, tour
   * or category has a published translation in that language leads to it, under the language's prefix, and is
   * named by its title there (a label staff wrote is in the default language); one without leads to the default
   * language's item, as named in the default language. A label written for the language (`labels`) names the item
   * in any case. Custom links to the home page or the catalogue lead to the language's (`customHrefIn`); others
   * stay as written.
   */
  async function inLanguage(
    menus: Menu[],
    targetsInDefault: Map<string, repo.MenuTarget>,
    { language, prefix }: MenuLanguage,
  ): Promise<Menu[]> {
    const items = menus.flatMap((menu) => menu.items);
    const translated = new Map<string, repo.MenuTarget>();
    await Promise.all(
      TARGET_KINDS.map(async (kind) => {
        const ids = items.filter((item) => item.kind === kind && item.target_id !== null).map((i) => i.target_id!);
        const translations = await itemsInLanguage(db, TARGET_TABLES[kind], ids, language);
        const targets = new Map(
          (await repo.findTargets(db, kind, [...translations.values()])).map((target) => [target.id, target]),
        );
        for (const [id, translation] of translations) {
          const target = targets.get(translation);
          // The home page's translation is the language's home, whatever its slug.
          const home = kind === 'page' && targetsInDefault.get(key(kind, id))?.slug === HOME_PAGE_SLUG;
          if (target?.published) translated.set(key(kind, id), home ? { ...target, slug: HOME_PAGE_SLUG } : target);
        }
      }),
    );
    return menus.map((menu) => ({
      ...menu,
      items: menu.items.map((item) => {
        const own = item.labels[language] ?? null;
        if (item.kind === 'custom')
          return { ...item, label: own ?? item.label, href: item.url && customHrefIn(item.url, prefix) };
        const target = translated.get(key(item.kind, item.target_id));
        return target
          ? {
              ...item,
              label: own,
              target_title: target.title,
              href: `${prefix}${targetHref(item.kind as TargetKind, target.slug)}`,
            }
          : { ...item, label: own ?? item.label };
      }),
    }));
  }

  async function get(location: MenuLocation, tx: Db = db): Promise<Menu> {
    return (await read(tx, [location]))[0]!;
  }

  return {
    list: (): Promise<Menu[]> => read(db, MENU_LOCATIONS),

    get: (location: MenuLocation): Promise<Menu> => get(location),

    async save(location: MenuLocation, data: MenuData, actor: Actor): Promise<Menu> {
      const menu = await inTransaction(db, async (tx) => {
        const before = await get(location, tx);
        const held = new Set(before.items.map((item) => key(item.kind, item.target_id)));
        const targets = await targetsOf(tx, data.items);
        const errors: FieldError[] = [];
        const site = await siteLanguages(tx);
        const others = new Set(site.languages.filter((language) => language !== site.default_language));
        data.items.forEach((item, index) => {
          for (const language of Object.keys(item.labels))
            if (!others.has(language))
              errors.push({
                field: `items[${index}].labels`,
                message:
                  language === site.default_language
                    ? `${language} is the site's default language: its label is the item's Label`
                    : `${language} is not one of the site's languages`,
              });
          if (item.kind === 'custom') {
            if (item.url && looksLikeOwnHost(item.url, ownHosts))
              errors.push({
                field: `items[${index}].url`,
                message: "The address looks like this site's own but leads to another site",
              });
          } else if (!targets.has(key(item.kind, item.target_id)) && !held.has(key(item.kind, item.target_id))) {
            errors.push({
              field: `items[${index}].target_id`,
              message: `${MENU_ITEM_KIND_LABELS[item.kind]} ${item.target_id} does not exist`,
            });
          }
        });
        if (errors.length > 0) throw new HttpError(422, errors[0]!.message, errors);
        await repo.replaceMenu(
          tx,
          { location, updated_at: nowIso(), updated_by: actor.id },
          data.items.map((item, position) => ({
            position,
            parent: item.parent,
            kind: item.kind,
            target_id: item.kind === 'custom' ? null : item.target_id,
            label: item.label,
            labels: Object.keys(item.labels).length > 0 ? JSON.stringify(item.labels) : null,
            url: item.kind === 'custom' ? item.url : null,
          })),
        );
        await activity.record(tx, actor, {
          action: 'update',
          itemType: 'menu',
          itemId: null,
          title: MENU_LOCATION_LABELS[location],
          summary: `Saved with ${data.items.length} ${data.items.length === 1 ? 'item' : 'items'}`,
        });
        return get(location, tx);
      });
      siteChanges.changed('menu');
      return menu;
    },

    /**
     * Both menus as the site shows them (one read for both): published targets only, labels resolved, children
     * under their parent.
     */
    async forSite(place?: MenuLanguage): Promise<Map<MenuLocation, SiteMenuItem[]>> {
      const { menus, targets } = await load(db, MENU_LOCATIONS);
      const shown = place && place.prefix !== '' ? await inLanguage(menus, targets, place) : menus;
      return new Map(shown.map((menu) => [menu.location, shownItems(menu)]));
    },
  };
}

export type MenusService = ReturnType<typeof createMenusService>;
