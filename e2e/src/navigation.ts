import type { Page } from 'playwright-core';

/** How long no request may be in flight before a screen counts as loaded (Playwright's networkidle waits 500 ms). */
const QUIET_MS = 150;
const QUIET_TIMEOUT_MS = 15_000;

const inFlight = new WeakMap<Page, { count: number; lastChange: number }>();

/** Counts the page's requests in flight (its frames' included), from now on. */
function trackRequests(page: Page): { count: number; lastChange: number } {
  let state = inFlight.get(page);
  if (state) return state;
  const tracked = { count: 0, lastChange: Date.now() };
  const change = (delta: number) => {
    tracked.count = Math.max(0, tracked.count + delta);
    tracked.lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  inFlight.set(page, tracked);
  state = tracked;
  return state;
}

/**
 * Waits until the page has had no request in flight for QUIET_MS and shows no loading spinner: its data and lazy
 * screens have arrived. Unlike waitForLoadState('networkidle'), it also holds after a navigation inside the app.
 */
export async function waitUntilQuiet(page: Page): Promise<void> {
  const requests = trackRequests(page);
  const giveUp = Date.now() + QUIET_TIMEOUT_MS;
  while (Date.now() < giveUp) {
    const quietFor = Date.now() - requests.lastChange;
    if (
      requests.count === 0 &&
      quietFor >= QUIET_MS &&
      (await page.locator('[role="status"] .animate-spin').count()) === 0
    )
      return;
    await page.waitForTimeout(requests.count === 0 ? Math.max(10, QUIET_MS - quietFor) : 25);
  }
  throw new Error(
    `The page still had ${requests.count} request(s) in flight or a spinner after ${QUIET_TIMEOUT_MS / 1000} s`,
  );
}

/**
 * Opens an admin address the way a click on one of the app's links does, without loading the app again: a
 * history entry and the popstate event its router listens to. The page must be showing the signed-in admin app.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  trackRequests(page);
  await page.evaluate((to) => {
    const state = history.state as { idx?: number } | null;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/** Starts counting the page's requests before its first navigation, so that waitUntilQuiet sees them all. */
export function watchRequests(page: Page): void {
  trackRequests(page);
}
