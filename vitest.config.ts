import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The contract is imported from source in tests, so a change there needs no rebuild.
const contractSource = fileURLToPath(new URL('./contract/src/index.ts', import.meta.url));
const alias = { '@tours-cms/contract': contractSource };

export default defineConfig({
  test: {
    reporters: ['default', './vitest-summary-reporter.ts'],
    projects: [
      { resolve: { alias }, test: { name: 'contract', include: ['contract/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tooling', include: ['eslint/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'admin',
          include: ['admin/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['admin/src/test/setup.ts'],
          // The default 5 s is too tight when the whole suite shares a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
