import { defineConfig } from 'vite';

/**
 * The scripts of the frames, built apart from the admin app, each one classic script under a stable name in
 * admin/dist/frame/ (runs after the app's build, which empties dist):
 *
 * - the frame runtime (src/frame-runtime, the default mode): runtime.js, which the server serves at
 *   /frame/runtime.js. The frames have an opaque origin, so they load it as a plain script, not as a module with
 *   hashed chunks;
 * - the public site's frame, parent and languages scripts (`--mode site-frame`, `--mode site-parent`,
 *   `--mode site-languages`, src/frame-runtime/site): site-frame.js, site-parent.js and site-languages.js, which the server reads at start and inlines into the site's documents, named
 *   in their policy by hash. Inline, so without a source map (its comment would name a file no one serves).
 */
const BUILDS: Record<string, { entry: string; file: string; sourcemap: boolean }> = {
  production: { entry: 'src/frame-runtime/main.ts', file: 'runtime.js', sourcemap: true },
  'site-frame': { entry: 'src/frame-runtime/site/frame.ts', file: 'site-frame.js', sourcemap: false },
  'site-parent': { entry: 'src/frame-runtime/site/parent.ts', file: 'site-parent.js', sourcemap: false },
  'site-languages': { entry: 'src/frame-runtime/site/languages.ts', file: 'site-languages.js', sourcemap: false },
};

export default defineConfig(({ mode }) => {
  const build = BUILDS[mode];
  if (!build) throw new Error(`vite.frame.config.ts: no build for mode "${mode}"`);
  return {
    publicDir: false,
    build: {
      outDir: 'dist/frame',
      emptyOutDir: false,
      sourcemap: build.sourcemap,
      target: 'es2020',
      lib: {
        entry: build.entry,
        formats: ['iife'],
        name: 'ToursCmsFrame',
        fileName: () => build.file,
      },
    },
  };
});
