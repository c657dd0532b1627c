import { beforeAll, expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest();
beforeAll(async () => {
  await signInThroughUi(t.session.page, t.server.origin, t.server.admin.username, t.server.admin.password);
});

/**
 * How much of the viewport's height the sidebar's dark background covers, scrolled to the very bottom, and how
 * much of the whole page's height it covers (what a full-page screenshot or a printout shows).
 */
async function sidebarCoverAtBottom(
  path: string,
  heading: string,
): Promise<{ covered: number; viewport: number; scrolled: number; column: number; page: number }> {
  const { page } = t.session;
  await page.goto(`${t.server.origin}${path}`);
  await expect.poll(() => page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => {
    const aside = document.getElementById('sidebar')!;
    const sidebar = aside.getBoundingClientRect();
    const viewport = window.innerHeight;
    return {
      covered: Math.min(sidebar.bottom, viewport) - Math.max(sidebar.top, 0),
      viewport,
      scrolled: window.scrollY,
      column: aside.offsetHeight,
      page: document.documentElement.scrollHeight,
    };
  });
}

test.each([
  ['the post form', '/admin/posts/create', 'Create New Post'],
  ['the component builder', '/admin/components/create', 'Create Common Component'],
])('the sidebar runs the full height of %s, scrolled to its bottom', async (_name, path, heading) => {
  const { covered, viewport, scrolled, column, page } = await sidebarCoverAtBottom(path, heading);
  expect(scrolled, 'the page is longer than the screen').toBeGreaterThan(100);
  expect(covered).toBe(viewport);
  expect(column).toBe(page);
  // Its links stay in view wherever the page is scrolled to.
  const link = await t.session.page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .boundingBox();
  expect(link!.y).toBeGreaterThanOrEqual(0);
  expect(link!.y).toBeLessThan(viewport);
});

test('on a short window, every sidebar entry can still be reached: the sidebar scrolls on its own', async () => {
  const { page } = t.session;
  await page.setViewportSize({ width: 1280, height: 400 });
  try {
    await page.goto(`${t.server.origin}/admin/posts/create`);
    await expect.poll(() => page.getByRole('heading', { name: 'Create New Post' }).isVisible()).toBe(true);
    const tags = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' });
    await tags.scrollIntoViewIfNeeded();
    const box = (await tags.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(400);
    await tags.click();
    await page.waitForURL('**/admin/tags');
  } finally {
    await page.setViewportSize({ width: 1366, height: 900 });
  }
});

test('on a phone, the menu opens as a drawer over the whole height and closes again', async () => {
  const { page } = t.session;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(`${t.server.origin}/admin/posts`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = (await page.locator('#sidebar').boundingBox())!;
    expect(drawer.y).toBe(0);
    expect(drawer.height).toBe(844);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
  } finally {
    await page.setViewportSize({ width: 1366, height: 900 });
  }
});
