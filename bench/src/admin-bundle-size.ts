/**
 * The JavaScript a first visit downloads (gzipped, as the server would send it compressed): the sign-in screen,
 * then the dashboard after signing in. Drives the system Chromium against the built server.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, signInThroughUi, startServer } from '../../e2e/src/index.js';

function collectScripts(page: Page, into: Map<string, number>) {
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      into.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a response without a body (redirect) has nothing to count
    }
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function measureAdminBundle(): Promise<{ signInBytes: number; dashboardBytes: number }> {
  const server = await startServer();
  const session = await launchBrowser();
  try {
    const scripts = new Map<string, number>();
    collectScripts(session.page, scripts);
    await session.page.goto(`${server.origin}/admin`, { waitUntil: 'networkidle' });
    const signInBytes = [...scripts.values()].reduce((a, b) => a + b, 0);
    await signInThroughUi(session.page, server.origin, server.admin.username, server.admin.password);
    await session.page.waitForLoadState('networkidle');
    const dashboardBytes = [...scripts.values()].reduce((a, b) => a + b, 0);
    return { signInBytes, dashboardBytes };
  } finally {
    await session.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { signInBytes, dashboardBytes } = await measureAdminBundle();
  console.log(
    `admin JS, gzipped: sign-in screen ${kb(signInBytes)}; sign-in + dashboard ${kb(dashboardBytes)} (budget 200 KB)`,
  );
}
