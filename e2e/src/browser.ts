import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium (global-setup.ts), which the browser tests' sessions connect to. */
    chromiumEndpoint: string;
  }
}

const VIEWPORT = { width: 1366, height: 900 };

export interface BrowserSession {
  browser: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

let sharedChromium: Promise<Browser> | null = null;

/**
 * A fresh headless browser session of the system Chromium: its own cookies, storage and cache, with one page open.
 * In the browser tests it is a new context of the run's one Chromium (global-setup.ts), which takes a few hundred
 * milliseconds instead of starting a browser; elsewhere (bench/), or with `extraArgs` (flags for one file's tests,
 * such as trusting a test server's certificate), a Chromium of its own with a fresh profile. `contextOptions` set
 * what a context can (`javaScriptEnabled: false` for a visitor without scripts) and need no browser of their own.
 */
export async function launchBrowser(
  extraArgs: string[] = [],
  contextOptions: BrowserContextOptions = {},
): Promise<BrowserSession> {
  const endpoint = extraArgs.length === 0 ? sharedChromiumEndpoint() : null;
  if (endpoint) {
    sharedChromium ??= chromium.connect(endpoint);
    const context = await (await sharedChromium).newContext({ viewport: VIEWPORT, ...contextOptions });
    const page = await context.newPage();
    return { browser: context, page, close: () => context.close() };
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    viewport: VIEWPORT,
    ...contextOptions,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    browser: context,
    page,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

function sharedChromiumEndpoint(): string | null {
  try {
    return inject('chromiumEndpoint') ?? null;
  } catch {
    return null; // outside Vitest
  }
}

/** Signs in through the login screen, as a person would, and waits for the dashboard. */
export async function signInThroughUi(page: Page, origin: string, username: string, password: string): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/dashboard');
}

export type { Browser, Page };

/**
 * Scrolls an element into view and waits until its place on the page holds still for a few frames. The site's
 * sandboxed frames report their heights after they load (and again once scrolled into view), so what lies below
 * them moves: a click into another frame aimed before that settles can land where the element used to be.
 */
export async function waitUntilSettled(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  let last = '';
  let steady = 0;
  for (let attempt = 0; attempt < 100 && steady < 3; attempt += 1) {
    const box = await locator.boundingBox();
    const now = JSON.stringify(box);
    steady = now === last && box !== null ? steady + 1 : 0;
    last = now;
    await locator.page().waitForTimeout(100);
  }
  if (steady < 3) throw new Error('The element kept moving for 10 seconds');
}
