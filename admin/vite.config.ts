import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// `npm run dev` runs the server beside this dev server; PORT moves both.
const api = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@tours-cms/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022', chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/api': api,
      '/uploads': api,
      '/frame': api,
      '/vendor': api,
    },
  },
});
