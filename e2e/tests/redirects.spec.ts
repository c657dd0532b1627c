import { expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest({ SEED_DEMO: 'true' });

test('renaming a published page keeps its old address working; the Redirects screen shows it with its hits', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  await signInThroughUi(page, origin, t.server.admin.username, t.server.admin.password);
  await page.goto(`${origin}/admin/pages`);
  await page.getByRole('link', { name: 'Edit Good to know' }).click();
  await page.waitForURL('**/admin/pages/edit/*');
  const slug = page.getByRole('textbox', { name: 'URL Slug' });
  await expect.poll(() => slug.inputValue()).toBe('good-to-know');
  await slug.fill('faq');
  await page.getByRole('button', { name: 'Save Page' }).click();
  await expect.poll(() => page.getByText('Page updated.').isVisible()).toBe(true);

  // A visitor with an old link (a bookmark, a search result) lands on the page at its new address.
  const visitor = await t.session.browser.newPage();
  const response = await visitor.goto(`${origin}/good-to-know`);
  expect(response?.status()).toBe(200);
  expect(new URL(visitor.url()).pathname).toBe('/faq');
  await expect.poll(() => visitor.frameLocator('#site-frame').getByRole('heading', { name: 'Good to know' }).isVisible()).toBe(true);
  await visitor.close();

  await page.goto(`${origin}/admin/redirects`);
  const row = page.getByRole('row').filter({ hasText: '/good-to-know' });
  await expect.poll(() => row.isVisible()).toBe(true);
  expect(await row.textContent()).toContain('/faq');
  expect(await row.textContent()).toContain('Automatic');
  expect(await row.getByRole('cell').nth(3).textContent()).toBe('1');

  // An administrator adds one by hand, to an address on the site.
  await page.getByRole('button', { name: 'Add New Redirect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Redirect' });
  await dialog.getByLabel(/^From path/).fill('/summer-2025/sunset');
  await dialog.getByLabel(/^To/).fill('/tours/sunset-sailing-on-the-bay');
  await dialog.getByRole('button', { name: 'Create Redirect' }).click();
  await expect.poll(() => page.getByRole('row').filter({ hasText: '/summer-2025/sunset' }).isVisible()).toBe(true);
  const old = await fetch(`${origin}/summer-2025/sunset`, { redirect: 'manual' });
  expect(old.status).toBe(301);
  expect(old.headers.get('location')).toBe('/tours/sunset-sailing-on-the-bay');
});
