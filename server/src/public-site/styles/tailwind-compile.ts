import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Features, transform } from 'lightningcss';
import { compile } from 'tailwindcss';
import { STYLE_IMPORTS_MAX, StyleLimitError } from './style-limits.js';

/*
 * Tailwind's compiler as the site runs it, in the style worker (style-worker.ts) and nowhere else: the one place
 * staff-written CSS is compiled, reading Tailwind's own stylesheets and nothing else.
 */

/** The same input as Tailwind's browser build, which the admin's canvas and previews use: theme, preflight, utilities. */
export const TAILWIND_INPUT = '@import "tailwindcss";';

/** Tailwind's own stylesheets by every name an `@import` may give them: the names its browser build accepts. */
const TAILWIND_STYLESHEETS: Readonly<Record<string, string>> = {
  tailwindcss: 'index.css',
  'tailwindcss/index.css': 'index.css',
  'tailwindcss/preflight': 'preflight.css',
  'tailwindcss/preflight.css': 'preflight.css',
  './preflight.css': 'preflight.css',
  'tailwindcss/theme': 'theme.css',
  'tailwindcss/theme.css': 'theme.css',
  './theme.css': 'theme.css',
  'tailwindcss/utilities': 'utilities.css',
  'tailwindcss/utilities.css': 'utilities.css',
  './utilities.css': 'utilities.css',
};
const TAILWIND_DIR = path.dirname(createRequire(import.meta.url).resolve('tailwindcss/package.json'));
const tailwindFiles = new Map<string, Promise<string>>();

/**
 * The compiler's only way to read a stylesheet. Staff write the CSS it compiles (`<style type="text/tailwindcss">`),
 * so, as in Tailwind's browser build, it reads Tailwind's own files and nothing else: no file of the server, no
 * plugin or config module (`loadModule` refuses them all).
 */
async function loadStylesheet(id: string, base: string): Promise<{ path: string; base: string; content: string }> {
  const file = TAILWIND_STYLESHEETS[id];
  if (!file) throw new Error(`@import "${id}" is not available: only Tailwind's own stylesheets can be imported`);
  let content = tailwindFiles.get(file);
  if (!content) tailwindFiles.set(file, (content = readFile(path.join(TAILWIND_DIR, file), 'utf8')));
  return { path: `virtual:tailwindcss/${file}`, base, content: await content };
}

async function loadModule(id: string): Promise<never> {
  throw new Error(`"${id}" is not available: plugins and config files cannot be loaded by the site's styles`);
}

/** Safari 16.4, Firefox 128, Chrome 111: the browsers Tailwind 4 supports, as its own optimizer names them. */
const CSS_TARGETS = {
  safari: (16 << 16) | (4 << 8),
  ios_saf: (16 << 16) | (4 << 8),
  firefox: 128 << 16,
  chrome: 111 << 16,
};

/**
 * Tailwind's own compiler, as its CLI runs it: the classes' CSS, then minified by Lightning CSS with the options
 * of Tailwind's `optimize`. A class whose CSS is invalid (`before:content-['\']`) loses its rule, and is named in
 * `warnings`, instead of breaking the rules after it (Tailwind's `optimize` would print that to the console).
 * `input` is the CSS compiled (`@import "tailwindcss";` and a document's own blocks); its imports can name only
 * Tailwind's own stylesheets.
 */
export async function compileTailwind(
  classes: Iterable<string>,
  input = TAILWIND_INPUT,
): Promise<{ css: string; warnings: string[] }> {
  // A compiler remembers every class it was given, so each build starts a fresh one (about 20 ms).
  let loaded = 0;
  const compiler = await compile(input, {
    base: '/',
    loadStylesheet: (id, base) => {
      // `@import "tailwindcss"` repeated would load the whole of Tailwind again each time.
      if (++loaded > STYLE_IMPORTS_MAX)
        throw new StyleLimitError(`it imports more than ${STYLE_IMPORTS_MAX} stylesheets`);
      return loadStylesheet(id, base);
    },
    loadModule,
  });
  const result = transform({
    filename: 'site.css',
    code: Buffer.from(compiler.build([...classes])),
    minify: true,
    drafts: { customMedia: true },
    include: Features.Nesting | Features.MediaQueries,
    exclude: Features.LogicalProperties | Features.DirSelector | Features.LightDark,
    targets: CSS_TARGETS,
    errorRecovery: true,
  });
  return { css: result.code.toString(), warnings: result.warnings.map((warning) => warning.message) };
}
