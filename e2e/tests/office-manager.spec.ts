import { expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest();

test('an office manager types a price with a decimal comma, sees what will be saved, and the site shows that price', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  await signInThroughUi(page, origin, t.server.admin.username, t.server.admin.password);
  await page.goto(`${origin}/admin/posts/create`);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Harbour Walk');

  const price = page.getByLabel('Price', { exact: true });
  // Two readings are possible: the field says so instead of guessing.
  await price.fill('1.234');
  await expect.poll(() => price.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByText('"1.234" could mean 1234 or 1.234').isVisible()).toBe(true);
  await price.fill('35,50');
  await expect.poll(() => page.getByText('Will be saved as €35.50').isVisible()).toBe(true);
  expect(await price.getAttribute('aria-invalid')).toBe('false');

  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await page.waitForURL(`${origin}/admin/posts`);

  // A visitor on a phone sees the price the field showed.
  const visitor = await t.session.browser.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(`${origin}/tours/harbour-walk`);
  await expect.poll(() => visitor.locator('main').getByText('€35.50').first().isVisible()).toBe(true);
  await visitor.close();
});
