import { defineConfig } from 'vite';

/**
 * The frame runtime (src/frame-runtime), built apart from the admin app: one classic script under a stable name,
 * admin/dist/frame/runtime.js, which the server serves at /frame/runtime.js. The frames have an opaque origin, so
 * they load it as a plain script, not as a module with hashed chunks. Runs after the app's build (which empties dist).
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/frame',
    emptyOutDir: false,
    sourcemap: true,
    target: 'es2020',
    lib: {
      entry: 'src/frame-runtime/main.ts',
      formats: ['iife'],
      name: 'ToursCmsFrame',
      fileName: () => 'runtime.js',
    },
  },
});
