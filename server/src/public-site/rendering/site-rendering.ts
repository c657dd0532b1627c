import type { FastifyBaseLogger } from 'fastify';
import {
  DURATION_FILTERS,
  HOME_PAGE_SLUG,
  isPageSlug,
  pageContentHtml,
  settingsInLanguage,
  siteWords,
  type Page,
  type SiteSettings,
} from '@tours-cms/contract';
import {
  alternatesOf,
  documentLanguage,
  inLanguage,
  isLanguageSegment,
  languageOfSegment,
  languagePrefix,
  languageSwitcher,
  type DocumentLanguage,
} from '../documents/site-language.js';
import type { AppContext } from '../../app-context.js';
import { RenderedCache, renderedResponse, type RenderedResponse } from './rendered-cache.js';
import type { HotPath } from '../http/hot-path.js';
import { HTML, isFixedOrigin, type NotFoundPlace } from '../http/site-http.js';
import { catalogueDocument } from '../documents/catalogue-document.js';
import type { CatalogueParams } from '../documents/catalogue-query.js';
import { inquiryFailedDocument, type FailedInquiry } from '../documents/inquiry-failed-document.js';
import {
  absoluteUrl,
  pageDocument,
  pagePathIn,
  type PagePlace,
  robotsDocument,
  sitemapDocument,
  staffFrameDocument,
  type SiteImages,
} from '../documents/site-document.js';
import { siteScripts } from '../documents/site-scripts.js';
import { shellCsp } from '../documents/site-shell.js';
import { homeStructuredData } from '../documents/structured-data.js';
import { tourDocument, tourPageImagePaths } from '../documents/tour-document.js';
import { createImageVariantQueue, type ImageVariantQueue } from '../images/image-variant-queue.js';
import { libraryImagePaths, withResponsiveImages } from '../images/responsive-images.js';
import { createSiteStyles, type SiteStyles } from '../styles/site-styles.js';
import { siteMenus } from './site-menus.js';
import { placedModuleIds, withModules } from '../documents/module-blocks.js';
import { placedToursBlocks, withToursBlocks } from '../documents/tours-blocks.js';
import { FrameHeights } from './frame-heights.js';
import { createMonthCounts, monthCountsIn, type MonthCounts } from './month-counts.js';
import { localNow } from '../../modules/departures/departures.service.js';

/**
 * Everything the public site's routes render with, made once: the rendered-document cache (dropped on every
 * site change), the compiled styles, the queue that makes images' variants, and a renderer per kind of document.
 * A renderer answers the document's bytes (compressed once), or null when nothing is published at that address;
 * the route files only pick the renderer, the cache key and the headers.
 */
export interface SiteRendering {
  readonly cache: RenderedCache;
  readonly styles: SiteStyles;
  /** The policy of the site's own documents (tour pages, the catalogue), with the hash of the built parent script. */
  readonly shellCsp: string;
  /** The background job that makes images' variants. */
  readonly variants: ImageVariantQueue;
  /** The catalogue's tours per month, kept between renders and refreshed beside them (month-counts.ts). */
  readonly monthCounts: MonthCounts;
  /**
   * Calls the listener when the site drops its rendered documents for a reason of its own rather than a site change
   * (the month counts, refreshed in the background, differ): a cache of rendered documents elsewhere drops them too.
   */
  onDropped(listener: () => void): void;
  /**
   * Keeps the heights a visitor's browser measured for the site's frames at its viewport width (frame-heights.ts);
   * when one changes what a document would say, the rendered documents are dropped, so the next render carries it.
   */
  recordFrameHeights(width: number, frames: readonly { src: string; height: number }[]): void;
  /** The library images among these paths, with their variants; one still without them wakes the job. */
  images(paths: string[]): Promise<SiteImages>;
  /**
   * A published page at its address: `prefix` '' for the default language's (`/{slug}`, `/` for the home page),
   * `/de` for German's (`/de/{slug}`, `/de/` for the home page's German translation). Null (the 404 screen) when the
   * prefix names no language of the site, or the page is in another language than its address's.
   */
  page(slug: string, origin: string, prefix?: string): Promise<RenderedResponse | null>;
  /** The language a first path segment names (`de` for `/de/...`), other than the default; null for none. */
  languageOfSegment(segment: string): Promise<string | null>;
  /**
   * The language of the 404 screen for an address: its prefix's (`/de/...`), else the site's default, with that
   * language's home.
   */
  notFoundPlace(path: string): Promise<NotFoundPlace>;
  catalogue(params: CatalogueParams, origin: string): Promise<RenderedResponse | null>;
  /** A tour's page; `allDates`: every upcoming departure in its table ("Show more dates"), not the first 12. */
  tour(slug: string, origin: string, allDates?: boolean, prefix?: string): Promise<RenderedResponse | null>;
  /** The sandboxed frame of the active common header or footer. */
  /** A header or footer frame; `current` is the path of the page around it, for its menu (site-menus.ts). */
  chromeFrame(type: 'header' | 'footer', current: string | null): Promise<RenderedResponse>;
  /** The sandboxed frame of a published tour's content. */
  tourFrame(slug: string): Promise<RenderedResponse | null>;
  /** A refused inquiry: the form again, with what the visitor typed and what is wrong (never cached). */
  inquiryFailed(inquiry: FailedInquiry, origin: string, language?: string): Promise<string>;
  /**
   * The address of the published page or tour a site address names by its slug when it is under another language's
   * prefix ('' or one of the site's languages, the default's own tag included), else null: slugs are unique across
   * languages, so `/de/tours/alfama-walk` can only mean the English tour, and old addresses keep working after the
   * default language changes (English items move under /en/, the new default's to the bare addresses).
   */
  movedTo(path: string): Promise<{ to: string; status_code: number } | null>;
  /** Where a tour in a language lives: its address's prefix ('' for the default language, `/de`). */
  prefixOf(language: string): Promise<string>;
  /** A draft seen through a preview link (never cached): the page or tour as the site would show it. */
  pagePreview(itemId: number, origin: string, expiresAt: string): Promise<RenderedResponse | null>;
  tourPreview(
    itemId: number,
    origin: string,
    preview: { expiresAt: string; contentFrameUrl: string },
  ): Promise<RenderedResponse | null>;
  tourPreviewFrame(itemId: number): Promise<RenderedResponse | null>;
  sitemap(origin: string): Promise<RenderedResponse>;
  robots(origin: string): Promise<RenderedResponse>;
  /** Starts the variants job (when the server is ready). */
  start(): void;
  /** Stops the variants job and the hot path (when the server closes). */
  stop(): Promise<void>;
}

export function createSiteRendering(
  ctx: AppContext,
  log: FastifyBaseLogger,
  hot: HotPath | null = null,
): SiteRendering {
  const { pages, components, settings, catalogue, media, modules } = ctx.services;
  const menus = siteMenus(ctx.services.menus, ctx.siteChanges);
  // The frame and parent scripts are read (and hashed) now: a server without them does not start.
  const scripts = siteScripts();
  const cache = new RenderedCache(ctx.config.siteCacheBytes, hot && isFixedOrigin(ctx.config) ? hot : null);
  const heights = new FrameHeights();
  const frameHeights = (src: string) => {
    heights.issue(src);
    return heights.attribute(src);
  };
  // The styles are compiled from the published content: what the site shows and the classes it uses.
  const styles = createSiteStyles(
    {
      async list() {
        const [common, pageVersions, tourVersions] = await Promise.all([
          components.listPublic(),
          pages.publishedVersions(),
          catalogue.publishedTourVersions(),
        ]);
        return [
          ...common.map((component) => ({
            key: `component:${component.id}@${component.version}`,
            html: component.content,
          })),
          ...pageVersions.map((page) => ({ key: `page:${page.id}@${page.version}` })),
          ...tourVersions.map((tour) => ({ key: `post:${tour.id}@${tour.version}` })),
        ];
      },
      async read(keys) {
        const ids = (type: string) =>
          keys
            .filter((key) => key.startsWith(`${type}:`))
            .map((key) => Number(key.slice(type.length + 1, key.indexOf('@'))));
        const [pageHtml, tourHtml] = await Promise.all([
          pages.publishedHtml(ids('page')),
          catalogue.publishedTourHtml(ids('post')),
        ]);
        const keyed = new Map<string, string>();
        for (const key of keys) {
          const id = Number(key.slice(key.indexOf(':') + 1, key.indexOf('@')));
          const html = key.startsWith('page:') ? pageHtml.get(id) : tourHtml.get(id);
          if (html !== undefined) keyed.set(key, html);
        }
        return keyed;
      },
    },
    log,
  );
  // Images get their variants in the background: after an upload, at start for older images, and on first use.
  const variants = createImageVariantQueue(media, log);
  const dropped = new Set<() => void>();
  const monthCounts = createMonthCounts({
    read: () => catalogue.toursByMonth(),
    changed() {
      cache.invalidate();
      hot?.clear();
      for (const listener of dropped) listener();
    },
  });
  ctx.siteChanges.subscribe((source) => {
    // A tour, its departures or seats, the time zone (or anything, after a missed signal or a restore).
    if (source === 'post' || source === 'settings' || source === 'restore') monthCounts.markStale();
    // Media and taxonomy carry no markup: their changes (one per image whose variants are made) leave the classes
    // as they are. Anything else may change them ('settings' also stands for "a change may have been missed"); after
    // a restore an item may hold other HTML under a version it had before, so nothing read is kept.
    // Modules render with the site's own classes (module-blocks.ts), so they too leave the compiled styles alone.
    if (source !== 'media' && source !== 'taxonomy' && source !== 'menu' && source !== 'module')
      styles.invalidate(source === 'restore');
    cache.invalidate();
    hot?.clear();
    // A new image's variants change no frame's height; anything else may (frame-heights.ts).
    if (source !== 'media') heights.clear();
    if (source === 'media') variants.wake();
  });

  async function images(paths: string[]): Promise<SiteImages> {
    const found = await media.responsiveImages(paths);
    for (const image of found.values()) {
      if (image.pending) {
        variants.wake();
        break;
      }
    }
    return found;
  }

  /**
   * Content with the modules it places rendered as they are now (module-blocks.ts), and its "Tours" blocks as the
   * tours' cards (tours-blocks.ts).
   */
  async function withPlacedModules(content: string, lang?: DocumentLanguage): Promise<string> {
    const ids = placedModuleIds(content);
    const blocks = placedToursBlocks(content);
    if (ids.length === 0 && blocks.length === 0) return content;
    const site = await settings.get();
    const [found, cards] = await Promise.all([
      modules.byIds(ids),
      // A block lists the tours of the document's language (chosen tours are as chosen).
      Promise.all(blocks.map((block) => catalogue.toursBlock(block, lang && catalogueLanguage(lang, site)))),
    ]);
    return withToursBlocks(withModules(content, found), cards, site.currency, undefined, lang);
  }

  /** A page with the modules its content places rendered. */
  async function withPageModules<T extends { content: string | null }>(page: T, lang?: DocumentLanguage): Promise<T> {
    const content = pageContentHtml(page.content);
    const filled = await withPlacedModules(content, lang);
    return filled === content ? page : { ...page, content: filled };
  }

  /**
   * The language a catalogue view is narrowed to: none for a site in one language, whose tours are all in it, so
   * its catalogue reads the covering indexes of migration 0007 as before languages (the `language` column is in
   * none of them: narrowing by it costs every view two to three times as much at 10,000 tours).
   */
  function catalogueLanguage(lang: DocumentLanguage, site: SiteSettings): string | undefined {
    return site.languages.length > 1 ? lang.language : undefined;
  }

  /** The language and prefix of an item in `language`, as the site's addresses place it. */
  function langOf(language: string, site: SiteSettings): DocumentLanguage {
    return { language, prefix: languagePrefix(language, site) };
  }

  /** The language an address is in: its first segment's, when that is one of the site's prefixes, else the default. */
  function languageOfPath(path: string, site: SiteSettings): DocumentLanguage {
    const segment = path.split('?')[0]!.split('/')[1] ?? '';
    return langOf(languageOfSegment(segment, site) ?? site.default_language, site);
  }

  /**
   * The addresses of a page and of its published translations (each in its language: the home page's are the
   * languages' homes), and whether it is the home page or one of its translations.
   */
  function pagePlace(page: Page, site: SiteSettings, origin: string): PagePlace {
    const isHome = page.slug === HOME_PAGE_SLUG || page.translations.some((link) => link.slug === HOME_PAGE_SLUG);
    const path = pagePathIn(languagePrefix(page.language, site), page, isHome);
    const versions = [
      { language: page.language, url: `${origin}${path}` },
      ...page.translations
        .filter((link) => link.status === 'published')
        .map((link) => ({
          language: link.language,
          url: `${origin}${pagePathIn(languagePrefix(link.language, site), link, isHome)}`,
        })),
    ];
    const alternates = alternatesOf(versions, site);
    return {
      language: page.language,
      path,
      alternates,
      switcher: languageSwitcher(page.language, alternates, site, origin),
    };
  }

  /** A frame of a tour's staff content: below the tour's picture, so its images load as they near the screen. */
  async function tourContentFrame(
    title: string,
    placed: string,
    styled: boolean,
    language: string,
  ): Promise<RenderedResponse> {
    const lang = langOf(language, await settings.get());
    const content = await withPlacedModules(placed, lang);
    const [found, links] = await Promise.all([
      images(libraryImagePaths(content)),
      styled ? styles.documentLinks(content) : ('browser' as const),
    ]);
    return renderedResponse(
      staffFrameDocument(title, withResponsiveImages(content, found, false), true, links, language),
      HTML,
    );
  }

  return {
    cache,
    styles,
    shellCsp: shellCsp(scripts),
    variants,
    monthCounts,
    images,

    onDropped(listener) {
      dropped.add(listener);
    },

    recordFrameHeights(width, frames) {
      let changed = false;
      for (const frame of frames) changed = heights.record(frame.src, width, frame.height) || changed;
      if (changed) cache.invalidate();
    },

    async languageOfSegment(segment) {
      return isLanguageSegment(segment) ? languageOfSegment(segment, await settings.get()) : null;
    },

    async notFoundPlace(path) {
      const { language, prefix } = languageOfPath(path, await settings.get());
      return { language, home: inLanguage(prefix, '/') };
    },

    async movedTo(path) {
      const segments = path.split('/').filter(Boolean);
      if (segments.length === 0) {
        // No home in the default language (it changed, and the home page has no translation in it yet): the home
        // page where it is, for now (302: once the default's home is published, `/` is it again).
        const home = await pages.findPublished(HOME_PAGE_SLUG);
        const site = await settings.get();
        const to = home && site.languages.includes(home.language) ? pagePlace(home, site, '').path : null;
        return to && to !== '/' ? { to, status_code: 302 } : null;
      }
      const prefixed = segments.length > 0 && segments[0] !== 'tours' && isLanguageSegment(segments[0]!);
      const [segment, rest] = prefixed ? [segments[0]!, segments.slice(1)] : ['', segments];
      const isTour = rest.length === 2 && rest[0] === 'tours';
      if (!isTour && rest.length !== 1) return null;
      const slug = rest.at(-1)!;
      if (!isTour && !isPageSlug(slug)) return null;
      const site = await settings.get();
      if (segment !== '' && !site.languages.some((tag) => tag.toLowerCase() === segment)) return null;
      let address: string | null = null;
      if (isTour) {
        const language = await catalogue.publishedTourLanguage(slug);
        if (language && site.languages.includes(language))
          address = inLanguage(languagePrefix(language, site), `/tours/${slug}`);
      } else {
        const page = await pages.findPublished(slug);
        if (page && site.languages.includes(page.language)) address = pagePlace(page, site, '').path;
      }
      return address !== null && address !== path ? { to: address, status_code: 301 } : null;
    },

    async prefixOf(language) {
      return languagePrefix(language, await settings.get());
    },

    async page(slug, origin, prefix = '') {
      // A page by its slug is read with the settings; a language's home needs the language first.
      const languageHome = slug === HOME_PAGE_SLUG && prefix !== '';
      const [site, bySlug] = await Promise.all([settings.get(), languageHome ? null : pages.findPublished(slug)]);
      const lang = documentLanguage(prefix, site);
      if (!lang) return null;
      let published = languageHome ? await pages.findPublishedHome(lang.language) : bySlug;
      // `/` is the default language's home: the home page's translation in it once the default has changed.
      if (slug === HOME_PAGE_SLUG && published && published.language !== lang.language)
        published = await pages.findPublishedHome(lang.language);
      // A page is only at its own language's address: a German page is not at /{slug}, an English one not under /de/.
      if (!published || published.language !== lang.language) return null;
      const page = await withPageModules(published, lang);
      const place = pagePlace(page, site, origin);
      const content = pageContentHtml(page.content);
      const imagePaths = [
        ...(page.featured_image ? [page.featured_image.file_path] : []),
        ...libraryImagePaths(content),
      ];
      // The header and footer of the page's language, else the default language's (issue 30).
      const [header, footer, found] = await Promise.all([
        components.activeCommonContent('header', page.language).then((html) => menus.fill(html, place.path, lang)),
        components.activeCommonContent('footer', page.language).then((html) => menus.fill(html, place.path, lang)),
        images(imagePaths),
      ]);
      // The page's frame holds the header, the content and the footer: its styles are made for all three.
      const links = await styles.documentLinks([header ?? '', content, footer ?? ''].join('\n'));
      const logo = site.social_image_url ? absoluteUrl(origin, site.social_image_url) : null;
      // The home page, and its translations at the languages' homes, say who runs the site, in their language's
      // details; without an SEO description of its own, the site's description describes it.
      const isHome = place.path === inLanguage(prefix, '/');
      const details = settingsInLanguage(site, page.language);
      const jsonLd = isHome ? [homeStructuredData(details, origin, logo)] : [];
      const described =
        isHome && !page.seo_description?.trim() && details.site_description
          ? { ...page, seo_description: details.site_description }
          : page;
      return renderedResponse(
        pageDocument(described, { header, footer }, origin, links, found, jsonLd, null, place),
        HTML,
      );
    },

    async catalogue(params, origin) {
      const duration = DURATION_FILTERS.find((filter) => filter.value === params.duration);
      const site = await settings.get();
      const lang = documentLanguage(params.prefix ?? '', site);
      if (!lang) return null;
      // The month counts beside the page's reads, as they are kept between renders (month-counts.ts).
      const language = catalogueLanguage(lang, site);
      const [view, counts] = await Promise.all([
        catalogue.browse({
          language,
          text: params.q,
          category: params.category,
          tag: params.tag,
          priceMin: params.price_min,
          priceMax: params.price_max,
          duration: duration ? { value: duration.value, min: duration.min, max: duration.max } : undefined,
          month: params.month,
          sort: params.sort,
          page: params.page,
        }),
        monthCounts.get(localNow(site.timezone).day.slice(0, 7)),
      ]);
      if (!view) return null;
      // The month filter counts the tours of the catalogue's language.
      const toursByMonth = monthCountsIn(counts, language);
      const found = await images(view.tours.flatMap((card) => (card.image_path ? [card.image_path] : [])));
      return renderedResponse(
        catalogueDocument(
          view,
          params,
          // The site's name and details in the catalogue's language (issue 30 item 1).
          { origin, settings: settingsInLanguage(site, lang.language), images: found, frameHeights, lang },
          toursByMonth,
        ),
        HTML,
      );
    },

    async tour(slug, origin, allDates = false, prefix = '') {
      const [data, site] = await Promise.all([catalogue.tourPage(slug, allDates), settings.get()]);
      const lang = documentLanguage(prefix, site);
      // A tour is only at its own language's address.
      if (!data || !lang || data.tour.language !== lang.language) return null;
      const found = await images(tourPageImagePaths(data));
      return renderedResponse(
        tourDocument(data, {
          origin,
          settings: settingsInLanguage(site, lang.language),
          images: found,
          siteHosts: ctx.config.ownHosts,
          frameHeights,
          lang,
        }),
        HTML,
      );
    },

    async chromeFrame(type, current) {
      const site = await settings.get();
      // In the language of the page around it (its path's prefix), else the site's default: that language's header
      // or footer, else the default language's (issue 30).
      const lang = languageOfPath(current ?? '', site);
      const { language } = lang;
      const filled = await menus.fill(await components.activeCommonContent(type, language), current, lang);
      const links = await styles.documentLinks(filled ?? '');
      const words = siteWords(language).shell;
      const title = type === 'header' ? words.siteHeader : words.siteFooter;
      return renderedResponse(
        staffFrameDocument(title, filled ?? `<!-- No active common ${type} component -->`, true, links, language),
        HTML,
      );
    },

    async tourFrame(slug) {
      const tour = await catalogue.publishedTour(slug);
      if (!tour) return null;
      return tourContentFrame(tour.title, tour.content ?? '', true, tour.language);
    },

    async inquiryFailed(inquiry, origin, language) {
      const site = await settings.get();
      const lang = langOf(language ?? site.default_language, site);
      return inquiryFailedDocument(inquiry, { origin, settings: settingsInLanguage(site, lang.language), lang });
    },

    async pagePreview(itemId, origin, expiresAt) {
      const [draft, site] = await Promise.all([pages.get(itemId).catch(() => null), settings.get()]);
      if (!draft) return null;
      const lang = langOf(draft.language, site);
      const page = await withPageModules(draft, lang);
      const place = pagePlace(page, site, origin);
      const imagePaths = [
        ...(page.featured_image ? [page.featured_image.file_path] : []),
        ...libraryImagePaths(pageContentHtml(page.content)),
      ];
      const [header, footer, found] = await Promise.all([
        components.activeCommonContent('header', page.language).then((html) => menus.fill(html, place.path, lang)),
        components.activeCommonContent('footer', page.language).then((html) => menus.fill(html, place.path, lang)),
        images(imagePaths),
      ]);
      // A draft is not part of the site's compiled styles: the frame styles it in the browser, as the admin does.
      // Its canonical URL is the address it will have; it names no alternates (it is no address of the site yet),
      // but shows the language switcher the published page will show under its header, so it looks as it will.
      const html = pageDocument(
        page,
        { header, footer },
        origin,
        'browser',
        found,
        [],
        { expiresAt },
        {
          language: place.language,
          path: place.path,
          switcher: place.switcher,
        },
      );
      return renderedResponse(html, HTML);
    },

    async tourPreview(itemId, origin, preview) {
      const [data, site] = await Promise.all([catalogue.tourPreview(itemId), settings.get()]);
      if (!data) return null;
      const found = await images(tourPageImagePaths(data));
      const html = tourDocument(
        data,
        {
          origin,
          settings: settingsInLanguage(site, data.tour.language),
          images: found,
          siteHosts: ctx.config.ownHosts,
          lang: langOf(data.tour.language, site),
        },
        preview,
      );
      return renderedResponse(html, HTML);
    },

    async tourPreviewFrame(itemId) {
      const data = await catalogue.tourPreview(itemId);
      if (!data) return null;
      return tourContentFrame(data.tour.title, data.tour.content ?? '', false, data.tour.language);
    },

    async sitemap(origin) {
      const [pageEntries, tourEntries, site] = await Promise.all([
        pages.listPublishedSlugs(),
        catalogue.sitemapEntries(),
        settings.get(),
      ]);
      return renderedResponse(
        sitemapDocument(origin, pageEntries, tourEntries, site),
        'application/xml; charset=utf-8',
      );
    },

    async robots(origin) {
      return renderedResponse(robotsDocument(origin), 'text/plain; charset=utf-8');
    },

    start() {
      variants.wake();
    },

    async stop() {
      hot?.disable();
      monthCounts.stop();
      await variants.stop();
    },
  };
}
