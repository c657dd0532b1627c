import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type BrowserSession } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export interface BrowserTest {
  server: RunningServer;
  session: BrowserSession;
}

/**
 * The built server on a fresh database and a fresh headless Chromium, started before the file's tests and
 * stopped after them. Read the fields inside tests: they are set once `beforeAll` has run. `browserArgs` is read
 * when the browser starts, after the file's own `beforeAll`s declared before this call.
 */
export function useBrowserTest(env: Record<string, string> = {}, browserArgs: () => string[] = () => []): BrowserTest {
  const test = {} as BrowserTest;
  beforeAll(async () => {
    test.server = await startServer(env);
    test.session = await launchBrowser(browserArgs());
  });
  afterAll(async () => {
    await test.session?.close();
    await test.server?.stop();
  });
  return test;
}
