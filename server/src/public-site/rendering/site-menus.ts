import { MENU_LOCATION_LABELS, type MenuLocation } from '@tours-cms/contract';
import type { MenuLanguage, MenusService, SiteMenuItem } from '../../modules/menus/menus.service.js';
import type { SiteChanges } from '../../core/site-changes.js';
import { html, raw, type Html } from './html.js';

/**
 * Menus in the header and footer components (issue 31 item 5). Staff place a menu with an element that carries
 * `data-menu="header"` or `data-menu="footer"`, usually `<nav data-menu="header"></nav>`: the site keeps the element
 * (its classes, so staff place and colour it) and replaces what is inside it, up to its first closing tag, with the
 * menu's list. Every link is styled alike (the element's colour and font, the same spacing); the link to the page
 * being shown carries `aria-current="page"`. A `<nav>` without a name is named for screen readers ("Header menu").
 */
const PLACEHOLDER =
  /<([a-z][a-z0-9-]*)(\s[^>]*?\bdata-menu\s*=\s*(["']?)(header|footer)\3(?=[\s/>])[^>]*)>([\s\S]*?)<\/\1\s*>/gi;

/** Whether this HTML holds a menu placeholder (a page whose chrome has none reads no menu). */
export function hasMenuPlaceholder(html: string): boolean {
  PLACEHOLDER.lastIndex = 0;
  const found = PLACEHOLDER.test(html);
  PLACEHOLDER.lastIndex = 0;
  return found;
}

// Inline, beside the menu: the menu's look belongs to it, whatever stylesheet the document links.
const MENU_STYLES =
  '<style data-menu-styles>' +
  '.tcms-menu{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.25rem;list-style:none;margin:0;padding:0}' +
  '.tcms-menu li{position:relative;margin:0;padding:0}' +
  '.tcms-menu a{display:inline-block;padding:.5rem 0;color:inherit;font:inherit;text-decoration:none}' +
  '.tcms-menu a:hover{text-decoration:underline}' +
  '.tcms-menu a:focus-visible{outline:2px solid currentColor;outline-offset:2px}' +
  '.tcms-menu a[aria-current="page"]{font-weight:700;text-decoration:underline;text-underline-offset:.3em}' +
  '@media (max-width:767px){.tcms-menu>li:has(>.tcms-submenu){flex-basis:100%}' +
  '.tcms-submenu{display:flex;flex-wrap:wrap;gap:0 1rem;list-style:none;margin:0;padding:0 0 0 1rem}' +
  '.tcms-submenu a{padding:.375rem 0}}' +
  '@media (min-width:768px){.tcms-submenu{display:none;list-style:none;margin:0;position:absolute;top:100%;left:-1rem;z-index:50;' +
  'min-width:12rem;padding:.5rem 1rem;background:#fff;color:#1e293b;border-radius:.5rem;' +
  'box-shadow:0 10px 25px rgba(15,23,42,.15)}' +
  '.tcms-menu li:hover>.tcms-submenu,.tcms-menu li:focus-within>.tcms-submenu{display:block}}' +
  '</style>';

/** Paths compare without a trailing slash, query or fragment. */
function samePath(href: string, current: string | null): boolean {
  if (current === null || !href.startsWith('/') || href.startsWith('//')) return false;
  const clean = (path: string) => path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  return clean(href) === clean(current);
}

function itemsHtml(items: SiteMenuItem[], current: string | null, listClass: string): Html {
  return html`<ul class="${listClass}">${items.map(
    (item) =>
      html`<li><a href="${item.href}"${samePath(item.href, current) ? raw(' aria-current="page"') : ''}>${item.label}</a>${
        item.children.length > 0 ? itemsHtml(item.children, current, 'tcms-submenu') : ''
      }</li>`,
  )}</ul>`;
}

/** The menu's markup for a placeholder: its list (nothing when the menu shows no item) and the menu's styles. */
export function menuHtml(items: SiteMenuItem[], current: string | null): Html {
  return items.length === 0 ? html`` : html`${raw(MENU_STYLES)}${itemsHtml(items, current, 'tcms-menu')}`;
}

/** The placeholders of this HTML filled with the menus' markup; `current` is the address of the page shown. */
export function fillMenus(
  staffHtml: string,
  menus: ReadonlyMap<MenuLocation, SiteMenuItem[]>,
  current: string | null,
): string {
  return staffHtml.replace(PLACEHOLDER, (_whole, tag: string, attributes: string, _quote: string, location: string) => {
    const key = location.toLowerCase() as MenuLocation;
    const named = tag.toLowerCase() === 'nav' && !/\saria-label(?:ledby)?\s*=/i.test(attributes);
    // The staff's own element, as they wrote it (it goes into the sandboxed frame with the rest of their HTML).
    return html`<${raw(tag)}${raw(attributes)}${named ? html` aria-label="${MENU_LOCATION_LABELS[key]}"` : ''}>${menuHtml(
      menus.get(key) ?? [],
      current,
    )}</${raw(tag)}>`.toString();
  });
}

/**
 * What the site's renderers call: `fill(html, current, place)` gives the component's HTML with its menus in place,
 * in the document's language (`place`; the default's when absent), reading the menus only when the HTML holds a
 * placeholder, and once a language until the next site change (the header and footer of every page rendered
 * meanwhile share the read). A menu's save raises that signal, so no document shows an old menu (a render that
 * began before a change is not cached: RenderedCache's generation).
 */
export function siteMenus(menus: Pick<MenusService, 'forSite'>, siteChanges: Pick<SiteChanges, 'subscribe'>) {
  const reads = new Map<string, Promise<ReadonlyMap<MenuLocation, SiteMenuItem[]>>>();
  siteChanges.subscribe(() => reads.clear());
  const current = (place: MenuLanguage | undefined) => {
    const at = place?.prefix ?? '';
    let reading = reads.get(at);
    if (!reading) {
      const started = menus.forSite(place);
      reading = started;
      reads.set(at, started);
      // A failed read is not kept: the next render tries again.
      started.catch(() => {
        if (reads.get(at) === started) reads.delete(at);
      });
    }
    return reading;
  };
  return {
    async fill(markup: string | null, path: string | null, place?: MenuLanguage): Promise<string | null> {
      if (markup === null || !hasMenuPlaceholder(markup)) return markup;
      return fillMenus(markup, await current(place), path);
    },
  };
}

// A language's pages are under its lower-cased tag (`/de/tours`, `/pt-pt/tours/{slug}`, issue 30): the frame's
// `current` carries it, so the frame is that language's header or footer.
const SHELL_PATH =
  /^(?:\/[a-z]{2,3}(?:-[a-z0-9]{2,8}){0,2})?\/tours(?:\/category\/[a-z0-9]+(?:-[a-z0-9]+)*|\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

/**
 * The address of a header or footer frame for the tour pages and the catalogue, which show the site's chrome in
 * frames of their own: the page's path rides along (`?current=/tours/old-town`) so the menu marks it.
 */
export function chromeFrameUrl(frameUrl: string, canonical: string): string {
  const path = new URL(canonical).pathname;
  return SHELL_PATH.test(path) ? `${frameUrl}?current=${encodeURIComponent(path)}` : frameUrl;
}

/** The `current` of a chrome frame's address when it is one of the tour site's own paths, else null. */
export function currentPathOf(query: unknown): string | null {
  const current = (query as { current?: unknown } | null)?.current;
  return typeof current === 'string' && SHELL_PATH.test(current) ? current : null;
}
