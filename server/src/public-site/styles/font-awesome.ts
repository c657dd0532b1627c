import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { isFontAwesomeClass } from './class-names.js';

const require = createRequire(import.meta.url);
const FONT_AWESOME_DIR = path.dirname(require.resolve('@fortawesome/fontawesome-free/package.json'));

/** Font Awesome's three free styles, each a font of its own. */
export type IconStyle = 'solid' | 'regular' | 'brands';
export const ICON_STYLES: readonly IconStyle[] = ['solid', 'regular', 'brands'];

/** One icon rule (`.fa-sailboat{--fa:"\e445"}`, aliases included) and the code points it draws. */
interface IconRule {
  css: string;
  codePoints: number[];
  brand: boolean;
}

interface FontAwesomeSource {
  /** fontawesome.min.css without its icon rules: the base classes, sizes, animations, stacking. */
  core: string;
  /** Every icon class (aliases included) to its rule. */
  icons: Map<string, IconRule>;
  /** Each style's own sheet (the family variables, the @font-face, `.fa-solid`...) without icon rules. */
  styles: Record<IconStyle, { css: string; fontFile: string }>;
}

/** `.fa-a,.fa-b{--fa:"\f002"}`: an icon rule of the minified sheets. */
const ICON_RULE = /((?:\.fa-[a-z0-9-]+,)*\.fa-[a-z0-9-]+)\{--fa:"((?:\\[0-9a-f]+|[^"\\])*)"\}/g;
const BANNER = /\/\*![\s\S]*?\*\//g;

/** The code points of a CSS string's body: `\e445` escapes and plain characters. */
function codePointsOf(value: string): number[] {
  const points: number[] = [];
  for (const [, escape, plain] of value.matchAll(/\\([0-9a-f]{1,6})|([^\\])/gi))
    points.push(escape ? parseInt(escape, 16) : plain!.codePointAt(0)!);
  return points;
}

let source: FontAwesomeSource | undefined;

function loadSource(): FontAwesomeSource {
  if (source) return source;
  const read = (name: string) => fs.readFileSync(path.join(FONT_AWESOME_DIR, 'css', name), 'utf8');
  const icons = new Map<string, IconRule>();
  const strip = (css: string, brand: boolean) =>
    css.replace(BANNER, '').replace(ICON_RULE, (rule, selectors: string, value: string) => {
      const icon = { css: rule, codePoints: codePointsOf(value), brand };
      for (const selector of selectors.split(',')) icons.set(selector.slice(1), icon);
      return '';
    });
  const core = strip(read('fontawesome.min.css'), false);
  const styles = {} as FontAwesomeSource['styles'];
  for (const style of ICON_STYLES) {
    const css = strip(read(`${style}.min.css`), style === 'brands');
    const fontFile = /url\(\.\.\/webfonts\/([a-z0-9.-]+\.woff2)\)/.exec(css)?.[1];
    if (!fontFile) throw new Error(`Font Awesome's ${style}.min.css names no font`);
    styles[style] = { css, fontFile };
  }
  source = { core, icons, styles };
  return source;
}

/** The font file of a style in the package, for building a smaller one from it. */
export function fontAwesomeFontFile(style: IconStyle): string {
  return path.join(FONT_AWESOME_DIR, 'webfonts', loadSource().styles[style].fontFile);
}

/** What the site's icons need: their stylesheet (fonts named by `fontUrl`) and the code points each font must draw. */
export interface SiteIcons {
  css: string;
  codePoints: Record<IconStyle, number[]>;
}

/**
 * Font Awesome for the icons a site uses, rather than all 2,000 of them: the base rules, the rules of the icon
 * classes in `classes` and the @font-face of each style those icons need, with the fonts at `fontUrl(style)`.
 * Brand icons live in the brands font; every other icon may be drawn solid or regular, so both of those fonts are
 * given its code points (a browser fetches a font only when a glyph on the page needs it). Null when no class
 * belongs to Font Awesome.
 */
export function siteIcons(classes: Iterable<string>, fontUrl: (style: IconStyle) => string): SiteIcons | null {
  const { core, icons, styles } = loadSource();
  const rules = new Set<IconRule>();
  let any = false;
  for (const name of classes) {
    if (!isFontAwesomeClass(name)) continue;
    any = true;
    const icon = icons.get(name);
    if (icon) rules.add(icon);
  }
  if (!any) return null;
  const codePoints: Record<IconStyle, Set<number>> = { solid: new Set(), regular: new Set(), brands: new Set() };
  for (const rule of rules) {
    for (const point of rule.codePoints) {
      if (rule.brand) codePoints.brands.add(point);
      else {
        codePoints.solid.add(point);
        codePoints.regular.add(point);
      }
    }
  }
  const used = ICON_STYLES.filter((style) => codePoints[style].size > 0);
  const styleCss = used.map((style) =>
    styles[style].css.replace(`url(../webfonts/${styles[style].fontFile})`, `url(${fontUrl(style)})`),
  );
  return {
    css: [core, ...styleCss, ...Array.from(rules, (rule) => rule.css)].join(''),
    codePoints: {
      solid: [...codePoints.solid].sort((a, b) => a - b),
      regular: [...codePoints.regular].sort((a, b) => a - b),
      brands: [...codePoints.brands].sort((a, b) => a - b),
    },
  };
}
