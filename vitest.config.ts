import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

// The contract is imported from source in tests, so a change there needs no rebuild.
const contractSource = fileURLToPath(new URL('./contract/src/index.ts', import.meta.url));
const alias = { '@tours-cms/contract': contractSource };
// A test that asserts nothing fails instead of passing unnoticed.
const expect = { requireAssertions: true };

export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than the cores, runs one file at a time on two cores. The server and
    // admin tests wait on databases and child processes much of the time, so two side by side finish sooner (the
    // whole suite in 15 minutes instead of 18 on a slow two-core machine); the browser tests still run one at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './vitest-timing-reporter.ts', './vitest-summary-reporter.ts'],
    projects: [
      { resolve: { alias }, test: { name: 'contract', include: ['contract/src/**/*.test.ts'], environment: 'node', expect } },
      { test: { name: 'tooling', include: ['eslint/**/*.test.ts'], environment: 'node', expect } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          isolate: false,
          include: ['server/src/**/*.test.ts'],
          // One migrated SQLite file and PostgreSQL database per run, which every test's fresh database copies.
          globalSetup: ['server/src/test/database-templates.ts'],
          environment: 'node',
          expect,
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
          expect,
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
          // One Chromium for the run, and the data of a first start (with and without the demo site) to copy.
          globalSetup: ['e2e/src/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          // A screen waits on a real server that shares two cores with its browser: expect.poll's default second
          // was seen to run out while a sign-in's password check was still under way.
          expect: { ...expect, poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
