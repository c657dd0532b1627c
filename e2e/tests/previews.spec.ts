import { expect, test } from 'vitest';
import { launchBrowser, signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest({ SEED_DEMO: 'true' });

test('staff send a draft tour’s preview link; it opens without an account, with a Preview banner, until revoked', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  await signInThroughUi(page, origin, t.server.admin.username, t.server.admin.password);
  // The tour goes back to draft: visitors no longer see it.
  await page.goto(`${origin}/admin/posts`);
  await page.getByRole('link', { name: 'Edit Two Islands Overnight', exact: true }).click();
  await page.waitForURL('**/admin/posts/edit/*');
  await page.getByLabel('Status').selectOption('draft');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await page.waitForURL('**/admin/posts');
  expect((await fetch(`${origin}/tours/two-islands-overnight`)).status).toBe(404);

  await page.getByRole('link', { name: 'Edit Two Islands Overnight', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Preview Links' });
  await panel.getByRole('button', { name: 'Create preview link' }).click();
  const address = panel.getByLabel('New preview link (shown once)');
  await expect.poll(() => address.inputValue()).toMatch(new RegExp(`^${origin}/preview/[A-Za-z0-9_-]{43}$`));
  const url = await address.inputValue();

  // A fresh browser, no account: the draft as the site would show it.
  const client = await launchBrowser();
  try {
    const response = await client.page.goto(url);
    expect(response?.status()).toBe(200);
    expect(await client.page.getByRole('note').textContent()).toContain('Preview: this draft is not published.');
    expect(await client.page.getByRole('heading', { level: 1 }).textContent()).toBe('Two Islands Overnight');
    const content = client.page.frameLocator('iframe.content');
    await expect.poll(() => content.getByText('fisherman’s guesthouse').isVisible()).toBe(true);
    expect(await client.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await client.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await panel.getByRole('button', { name: /^Revoke/ }).click();
    await expect.poll(() => panel.getByText('No active preview links.').isVisible()).toBe(true);
    const after = await client.page.goto(url);
    expect(after?.status()).toBe(404);
  } finally {
    await client.close();
  }
});
