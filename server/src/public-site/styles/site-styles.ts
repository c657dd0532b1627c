import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { classNamesOf, tailwindBlocksOf } from './class-names.js';
import { fontAwesomeFontFile, ICON_STYLES, siteIcons, type IconStyle } from './font-awesome.js';
import { subsetWoff2 } from './font-subset.js';
import { renderedResponse, type RenderedResponse } from '../rendering/rendered-cache.js';
import { styleCompiler } from './style-compiler.js';
import { checkStyleBlocks } from './style-limits.js';
import { TAILWIND_INPUT } from './tailwind-compile.js';

/** Where the site's compiled files are served: `/vendor/site/<name>`, each name carrying its content's hash. */
export const SITE_ASSETS_PATH = '/vendor/site/';

/**
 * The most distinct class names the site's stylesheet is compiled from. A real site uses a few hundred to a few
 * thousand; compiling 10,000 takes about 0.2 s of the server's time once per change. Past this, the last good
 * stylesheet stays (and the failure is logged): a page pasted with 100,000 generated classes must not hold the
 * server for seconds on every publish.
 */
export const SITE_CLASSES_MAX = 10_000;

/** Classes the site's own scripts toggle: the widgets show and hide with Tailwind's `hidden`. */
const ALWAYS_INCLUDED = ['hidden'];
/** How many builds' files stay served after a newer build: pages a visitor already holds may still name them. */
const BUILDS_KEPT = 4;
/** The most documents whose own Tailwind blocks' CSS is kept compiled (`documentBuild`). */
const DOCUMENT_BUILDS_KEPT = 200;

/** The site's compiled files as a document links them. */
export interface SiteStyleLinks {
  /** The Tailwind stylesheet of every class the site uses. */
  stylesheet: string;
  /** Font Awesome's rules for the icons the site uses, with fonts of those glyphs only; null when none is used. */
  icons: string | null;
  /**
   * CSS compiled for one document from its own `<style type="text/tailwindcss">` blocks and classes, which it
   * carries in place of `stylesheet` (`documentLinks`): what Tailwind's browser build would make of that document.
   */
  inline?: string;
}

/** One piece of HTML the stylesheet is made from, named by a key that changes whenever its HTML may (`post:12@3`). */
export interface StyleSource {
  key: string;
  /** The HTML, when it comes cheaply with the list (common components); else `read` fetches it if needed. */
  html?: string;
}

/**
 * The HTML the site's stylesheet is made from: published pages and tours, active common components. A rebuild lists
 * them by key and reads only those it has not seen under that key: after one edit, one item is read and parsed,
 * not the whole site (10,000 tours take about 0.3 s to read and parse).
 */
export interface SiteStyleSources {
  list(): Promise<StyleSource[]>;
  read(keys: string[]): Promise<Map<string, string>>;
}

export class TooManyClassesError extends Error {
  constructor(readonly count: number) {
    super(`The site uses ${count} distinct class names; at most ${SITE_CLASSES_MAX} are compiled`);
  }
}

const hashOf = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('base64url').slice(0, 16);

/** What a document's own Tailwind blocks are compiled from, and a key for it; null when it has none. */
export function documentStyleInput(
  html: string,
): { blocks: string[]; input: string; classes: Set<string>; key: string } | null {
  const blocks = tailwindBlocksOf(html);
  if (!blocks.length) return null;
  const own = blocks.join('\n');
  const input = own.includes('@import') ? own : `${TAILWIND_INPUT}\n${own}`;
  const classes = classNamesOf(html, new Set(ALWAYS_INCLUDED));
  return { blocks, input, classes, key: hashOf(`${input}\0${[...classes].sort().join(' ')}`) };
}

/**
 * A document's own blocks compiled: refused first by the limits of style-limits.ts, then compiled in the worker
 * thread under its time and memory limits. Rejects with the reason staff read in the editor.
 */
export async function compileDocumentStyles(
  own: NonNullable<ReturnType<typeof documentStyleInput>>,
): Promise<{ css: string; warnings: string[] }> {
  checkStyleBlocks(own.blocks);
  if (own.classes.size > SITE_CLASSES_MAX) throw new TooManyClassesError(own.classes.size);
  return styleCompiler.compile(own.classes, own.input);
}

interface Build {
  links: SiteStyleLinks;
  files: Map<string, RenderedResponse>;
  /** The class names it was compiled from, sorted and joined: an edit that keeps them needs no new build. */
  classes: string;
}

/**
 * The public site's compiled styles (issue 15): one content-hashed stylesheet compiled with Tailwind from the
 * classes the published content uses, and Font Awesome cut down to the icons it uses, rebuilt after any change to
 * the site (`invalidate`, from the site-change signal) before the first document that links them is rendered.
 * A build that fails (a class list the compiler refuses, too many classes, a font that cannot be subset) keeps
 * the last good build and logs why: a page always renders.
 */
export function createSiteStyles(sources: SiteStyleSources, log: FastifyBaseLogger) {
  const builds: Build[] = [];
  /** The class names of every source, by key, from the last rebuild. */
  let known = new Map<string, readonly string[]>();
  const files = new Map<string, RenderedResponse>();
  let current: Build | null = null;
  /** Bumped by every change; a build is good for the generation it started in. */
  let generation = 0;
  let builtGeneration = -1;
  let building: { generation: number; links: Promise<SiteStyleLinks> } | null = null;

  async function add(
    build: Map<string, RenderedResponse>,
    name: string,
    body: string | Buffer,
    contentType: string,
  ): Promise<string> {
    const dot = name.lastIndexOf('.');
    const fileName = `${name.slice(0, dot)}-${hashOf(body)}${name.slice(dot)}`;
    build.set(fileName, await renderedResponse(body, contentType));
    return `${SITE_ASSETS_PATH}${fileName}`;
  }

  /** Font subsets by style and code points: the icons rarely change when the classes do. */
  const subsets = new Map<string, Promise<Buffer>>();
  function subset(style: IconStyle, codePoints: number[]): Promise<Buffer> {
    const key = `${style}:${codePoints.join(',')}`;
    let font = subsets.get(key);
    if (!font) {
      if (subsets.size >= 12) subsets.clear();
      font = subsetWoff2(fontAwesomeFontFile(style), codePoints);
      font.catch(() => subsets.delete(key));
      subsets.set(key, font);
    }
    return font;
  }

  async function buildFromClasses(classes: Set<string>, classesKey: string): Promise<Build> {
    const built = new Map<string, RenderedResponse>();
    // In the worker thread: 10,000 classes take the compiler about 0.2 s, which the event loop no longer waits for.
    const { css: tailwindCss, warnings } = await styleCompiler.compile(classes);
    if (warnings.length)
      log.warn(
        { warnings: warnings.slice(0, 20) },
        `the site stylesheet left out ${warnings.length} rule(s) with invalid CSS`,
      );
    const stylesheet = await add(built, 'styles.css', tailwindCss, 'text/css; charset=utf-8');
    const fontUrls = new Map<IconStyle, string>();
    const icons = siteIcons(classes, (style) => `@font-${style}`);
    let iconsHref: string | null = null;
    if (icons) {
      let css = icons.css;
      for (const style of ICON_STYLES) {
        if (!icons.codePoints[style].length || !css.includes(`@font-${style}`)) continue;
        const font = await subset(style, icons.codePoints[style]);
        fontUrls.set(style, await add(built, `fa-${style}.woff2`, font, 'font/woff2'));
        css = css.replace(`url(@font-${style})`, `url(${fontUrls.get(style)})`);
      }
      iconsHref = await add(built, 'icons.css', css, 'text/css; charset=utf-8');
    }
    return { links: { stylesheet, icons: iconsHref }, files: built, classes: classesKey };
  }

  /** When even the base styles cannot be compiled (the worker cannot start): an empty stylesheet, never a failed page. */
  async function emptyBuild(error: unknown): Promise<Build> {
    log.error({ err: error }, 'could not compile the base styles; the site links an empty stylesheet');
    const built = new Map<string, RenderedResponse>();
    return {
      links: { stylesheet: await add(built, 'styles.css', '', 'text/css; charset=utf-8'), icons: null },
      files: built,
      classes: '',
    };
  }

  function keep(build: Build): void {
    current = build;
    builds.push(build);
    while (builds.length > BUILDS_KEPT) builds.shift();
    files.clear();
    for (const kept of builds) for (const [name, file] of kept.files) files.set(name, file);
  }

  async function rebuild(startedIn: number): Promise<SiteStyleLinks> {
    try {
      const listed = await sources.list();
      // What was read before this rebuild; a restore meanwhile drops it (`invalidate(true)`), and this one's reads too.
      const seen = known;
      const unread = listed
        .filter((source) => source.html === undefined && !seen.has(source.key))
        .map((source) => source.key);
      const read = unread.length ? await sources.read(unread) : new Map<string, string>();
      const next = new Map<string, readonly string[]>();
      const classes = new Set(ALWAYS_INCLUDED);
      for (const source of listed) {
        const names = seen.get(source.key) ?? [...classNamesOf(source.html ?? read.get(source.key) ?? '')];
        next.set(source.key, names);
        for (const name of names) classes.add(name);
      }
      if (known === seen) known = next;
      if (classes.size > SITE_CLASSES_MAX) throw new TooManyClassesError(classes.size);
      const classesKey = [...classes].sort().join(' ');
      if (classesKey !== current?.classes) keep(await buildFromClasses(classes, classesKey));
    } catch (error) {
      log.error(
        { err: error },
        current
          ? 'could not compile the site stylesheet; the last good one stays'
          : 'could not compile the site stylesheet; using the base styles',
      );
      // With no good build yet (a first start on a broken site), the base styles: Tailwind's preflight and theme.
      if (!current) keep(await buildFromClasses(new Set(ALWAYS_INCLUDED), '').catch(emptyBuild));
    }
    // A failed build is not retried until the next change: the same content would fail again.
    builtGeneration = startedIn;
    return current!.links;
  }

  /**
   * Documents' own compiled CSS, by a hash of what it is compiled from; for blocks that failed to compile or were
   * refused, why (what the editor shows staff: "This style block was not applied: …").
   */
  const documentBuilds = new Map<string, Promise<{ css: string } | { problem: string }>>();

  /**
   * The CSS Tailwind's browser build would make of a document with `<style type="text/tailwindcss">` blocks: the
   * blocks (after `@import "tailwindcss";` unless they import it themselves) compiled with the document's classes,
   * in the worker thread under its time and memory limits, after the limits of style-limits.ts. Null when it has
   * none; when they are refused or fail (logged), the reason: the document then links the site's stylesheet.
   */
  function documentBuild(html: string): Promise<{ css: string } | { problem: string } | null> {
    const own = documentStyleInput(html);
    if (!own) return Promise.resolve(null);
    let build = documentBuilds.get(own.key);
    if (!build) {
      build = compileDocumentStyles(own).then(
        ({ css, warnings }) => {
          if (warnings.length)
            log.warn(
              { warnings: warnings.slice(0, 20) },
              `a page's own Tailwind styles left out ${warnings.length} rule(s) with invalid CSS`,
            );
          return { css };
        },
        (error: unknown) => {
          const problem = error instanceof Error ? error.message : String(error);
          log.error({ err: error }, `a page's own Tailwind styles were not applied: ${problem}`);
          return { problem };
        },
      );
      if (documentBuilds.size >= DOCUMENT_BUILDS_KEPT) documentBuilds.delete(documentBuilds.keys().next().value!);
      documentBuilds.set(own.key, build);
    }
    return build;
  }

  return {
    /**
     * Marks the styles out of date: the next document rendered waits for a new build. `forgetSources` also drops
     * the classes read per item and version (a restore may bring other HTML under a key seen before).
     */
    invalidate(forgetSources = false): void {
      if (forgetSources) known = new Map();
      generation += 1;
    },

    /** The links of the styles as the site is now: a build is made once for any number of documents asking. */
    links(): Promise<SiteStyleLinks> {
      if (current && builtGeneration === generation) return Promise.resolve(current.links);
      if (building?.generation === generation) return building.links;
      // One build at a time: a change during a build queues the next one behind it.
      const startedIn = generation;
      const previous = building?.links.catch(() => undefined) ?? Promise.resolve(undefined);
      const links = previous.then(() => rebuild(startedIn));
      building = { generation: startedIn, links };
      void links
        .finally(() => {
          if (building?.links === links) building = null;
        })
        .catch(() => undefined);
      return links;
    },

    /** The links for a document of staff HTML: the site's, with its own compiled CSS when it has Tailwind blocks. */
    async documentLinks(html: string): Promise<SiteStyleLinks> {
      const [links, own] = await Promise.all([this.links(), documentBuild(html)]);
      return own && 'css' in own ? { ...links, inline: own.css } : links;
    },

    /** A compiled file by name (`styles-<hash>.css`), from the current build or one of the few before it. */
    file(name: string): RenderedResponse | undefined {
      return files.get(name);
    },
  };
}

export type SiteStyles = ReturnType<typeof createSiteStyles>;
