import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type BrowserSession } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export interface BrowserTest {
  server: RunningServer;
  session: BrowserSession;
}

/**
 * The built server on a fresh database and a fresh headless Chromium, started before the file's tests and
 * stopped after them. Read the fields inside tests: they are set once `beforeAll` has run. `env` (when a function)
 * and `browserArgs` are read when the server and browser start, after the file's own `beforeAll`s declared before
 * this call, so they may name what those started (a mail server's address, a stand-in provider's host).
 */
export function useBrowserTest(
  env: Record<string, string> | (() => Record<string, string>) = {},
  browserArgs: () => string[] = () => [],
): BrowserTest {
  const test = {} as BrowserTest;
  beforeAll(async () => {
    // Side by side: neither needs the other until a test runs. Whichever started is stopped after, even if the
    // other failed to.
    const [server, session] = await Promise.allSettled([
      startServer(typeof env === 'function' ? env() : env),
      launchBrowser(browserArgs()),
    ]);
    if (server.status === 'fulfilled') test.server = server.value;
    if (session.status === 'fulfilled') test.session = session.value;
    for (const started of [server, session]) if (started.status === 'rejected') throw started.reason;
  });
  afterAll(async () => {
    await test.session?.close();
    await test.server?.stop();
  });
  return test;
}
