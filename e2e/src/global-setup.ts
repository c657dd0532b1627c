import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.js';
import { makeServerTemplateInBackground } from './server.js';

/**
 * Vitest's global setup of the browser tests: one Chromium for the run, whose contexts every file's sessions are
 * (a context has its own cookies, storage and cache: a fresh browser for the page it serves), and the data of two
 * first starts, without and with the demo site, which every file's server copies instead of migrating, making the
 * first admin (argon2 at the production cost) and seeding the demo again. Each file still gets a server process of
 * its own on its own copy: files change the site, its users and its settings, and never see each other's changes.
 *
 * The two first starts (6 s on an idle machine) are made in the background: every project's global setup runs
 * before the run's first test, and the browser tests run last (after the server and admin tests), so their
 * templates are ready long before a browser test's server waits for them (server.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-e2e-template-'));
  const demo = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-e2e-template-'));
  const making = Promise.all([
    makeServerTemplateInBackground({ SEED_DEMO: 'false' }, plain),
    makeServerTemplateInBackground({ SEED_DEMO: 'true' }, demo),
  ]);
  const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('serverTemplates', { plain, demo });
  return async () => {
    await making;
    await browser.close();
    for (const dir of [plain, demo]) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(`${dir}.state`, { force: true });
    }
  };
}
