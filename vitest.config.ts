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
    // whole suite in 15 minutes instead of 18 on a slow two-core machine). Each server file runs SQLite and then
    // PostgreSQL (forEachDialect), and two workers already run the dialects side by side across files. A third was
    // measured on a shared machine: the server files 210 s -> 185 s, the whole suite 416 s -> 395 s, within its noise,
    // while the admin files' time doubled (too close to their timeouts); so two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Where the time went (the slowest files and tests), then the plain closing line CI reads: keep that one last.
    reporters: ['default', './vitest-timing-reporter.ts', './vitest-summary-reporter.ts'],
    projects: [
      {
        resolve: { alias },
        test: { name: 'contract', include: ['contract/src/**/*.test.ts'], environment: 'node', expect },
      },
      { test: { name: 'tooling', include: ['eslint/**/*.test.ts'], environment: 'node', expect } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          // A worker imports the server once for all the files it runs, not once per file (the import was 123 s of
          // a SQLite run's 300 s of worker time). Test files keep no state in modules: each test builds its own app.
          isolate: false,
          include: ['server/src/**/*.test.ts'],
          // The site's scripts and the server built (the process tests start server/dist), then one migrated SQLite
          // file and PostgreSQL database per run, which every test's fresh database copies.
          globalSetup: [
            'server/src/test/site-scripts-build.ts',
            'server/src/test/server-build.ts',
            'server/src/test/database-templates.ts',
          ],
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
          // A worker imports React, the router, the query client and the screens once for all the files it runs,
          // not once per file (the admin files alone: 3 min 19 s isolated, 2 min 11 s not). The screens' tests keep
          // no state in modules or the document: each renders its own app, cleaned up after it (test/setup.ts).
          isolate: false,
          include: ['admin/src/**/*.test.{ts,tsx}'],
          // The frame runtime's tests install document-wide listeners and trackers: each file in a fresh document.
          exclude: ['admin/src/frame-runtime/**'],
          environment: 'jsdom',
          expect,
          setupFiles: ['admin/src/test/setup.ts'],
          // The default 5 s is too tight when the whole suite shares a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'admin-frame',
          include: ['admin/src/frame-runtime/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          expect,
          setupFiles: ['admin/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          // A worker imports Playwright and connects to the run's Chromium once for all the files it runs (the import
          // was 24 s of the browser files' worker time). Each file still starts its own server and browser context.
          isolate: false,
          include: ['e2e/tests/**/*.spec.ts'],
          // One Chromium for the run, and the data of a first start (with and without the demo site) to copy.
          globalSetup: ['e2e/src/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // After the rest, two files at a time: a file now starts no Chromium and no first start of its own, and
          // much of its time is waiting (editorial-safety waits a minute for its scheduled page). One at a time
          // took 306 s, two 191 s, on the same loaded machine.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // A screen waits on a real server that shares two cores with its browser: expect.poll's default second
          // was seen to run out while a sign-in's password check was still under way.
          expect: { ...expect, poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
