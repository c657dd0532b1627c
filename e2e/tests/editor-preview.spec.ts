import { expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest({ SEED_DEMO: 'true' });

test('"Preview" saves the changes and opens the draft as the site will show it, in one step', async () => {
  const { page } = t.session;
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await page.goto(`${t.server.origin}/admin/posts`);
  await page.getByRole('link', { name: 'Edit Sea Kayak at Dawn', exact: true }).click();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect.poll(() => title.inputValue()).toBe('Sea Kayak at Dawn');
  await page.getByLabel('Status').selectOption('draft');
  await title.fill('Sea Kayak at Sunrise');

  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /^Preview/ }).click(),
  ]);
  await preview.waitForURL(/\/preview\/[A-Za-z0-9_-]{43}$/);
  expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe('Sea Kayak at Sunrise');
  expect(await preview.getByText('Preview', { exact: false }).first().isVisible()).toBe(true);
  // The change was saved as a draft: the editor stays open, and the published page is gone from the site.
  await expect.poll(() => page.getByText('Saved', { exact: false }).first().isVisible()).toBe(true);
  expect((await fetch(`${t.server.origin}/tours/sea-kayak-at-dawn`)).status).toBe(404);
  // A second preview reuses the link: the panel lists one.
  const [again] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: /^Preview/ }).click(),
  ]);
  await again.waitForURL(preview.url());
  await preview.close();
  await again.close();
});
