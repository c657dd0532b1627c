import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Adds a language to the site from the Settings screen, as an administrator does, and saves. */
export async function addSiteLanguage(page: Page, tag: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
  await page.getByLabel('Add a Language').fill(tag);
  await page.getByLabel('Add a Language').press('Enter');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toBe('Settings saved.');
}
