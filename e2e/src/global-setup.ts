import fs from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.js';
import { makeServerTemplate } from './server.js';

/**
 * Vitest's global setup of the browser tests: one Chromium for the run, whose contexts every file's sessions are
 * (a context has its own cookies, storage and cache: a fresh browser for the page it serves), and the data of two
 * first starts, without and with the demo site, which every file's server copies instead of migrating, making the
 * first admin (argon2 at the production cost) and seeding the demo again. Each file still gets a server process of
 * its own on its own copy: files change the site, its users and its settings, and never see each other's changes.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [browser, plain, demo] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
    makeServerTemplate({ SEED_DEMO: 'false' }),
    makeServerTemplate({ SEED_DEMO: 'true' }),
  ]);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('serverTemplates', { plain, demo });
  return async () => {
    await browser.close();
    for (const dir of [plain, demo]) fs.rmSync(dir, { recursive: true, force: true });
  };
}
