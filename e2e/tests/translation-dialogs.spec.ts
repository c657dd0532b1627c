import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addSiteLanguage, seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

// A site with no demo: the categories are the test's own.
const t = useBrowserTest();

/** Where to leave screenshots to look at (none unless set). */
const SHOTS = process.env.TRANSLATION_DIALOGS_SHOTS_DIR;
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the category dialog offers parents in its language and asks before its switcher drops unsaved edits', async () => {
  const { page } = t.session;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await addSiteLanguage(page, 'de');

  // Two English categories.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
  for (const name of ['Boat Trips', 'Walks']) {
    await page.getByRole('button', { name: 'Add New Category' }).click();
    const create = page.getByRole('dialog', { name: 'Add New Category' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create Category' }).click();
    await expect.poll(() => create.isVisible()).toBe(false);
  }

  // Boat Trips' German translation, made from its dialog: no English category is offered as its parent.
  const boats = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Boat Trips', exact: true }) });
  await boats.getByRole('button', { name: 'Edit Boat Trips' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Category' });
  const switcher = dialog.getByRole('navigation', { name: 'Languages' });
  expect(await dialog.getByLabel('Parent Category').locator('option').allTextContents()).toEqual([
    'None (top-level)',
    'Walks',
  ]);
  await switcher.getByRole('button', { name: 'Add translation: Deutsch (de)' }).click();
  await expect.poll(() => switcher.getByText('Deutsch (de)').getAttribute('aria-current')).toBe('page');
  expect(await dialog.getByLabel('Parent Category').locator('option').allTextContents()).toEqual(['None (top-level)']);
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'category-dialog-switcher');

  // An unsaved name: the switcher asks first. Cancel keeps the edit in the German dialog.
  await dialog.getByLabel('Name').fill('Bootsfahrten');
  await switcher.getByRole('button', { name: 'English (en)' }).click();
  const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect.poll(() => question.isVisible()).toBe(true);
  expect(await question.textContent()).toContain('You have unsaved changes. Open the other language and lose them?');
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'category-dialog-guard');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => question.isVisible()).toBe(false);
  expect(await dialog.getByLabel('Name').inputValue()).toBe('Bootsfahrten');
  expect(await switcher.getByText('Deutsch (de)').getAttribute('aria-current')).toBe('page');

  // Discard Changes: the English item, as saved; back in German, the name is the copy's, unsaved edit gone.
  await switcher.getByRole('button', { name: 'English (en)' }).click();
  await question.getByRole('button', { name: 'Discard Changes' }).click();
  await expect.poll(() => switcher.getByText('English (en)').getAttribute('aria-current')).toBe('page');
  expect(await dialog.getByLabel('Name').inputValue()).toBe('Boat Trips');
  // Untouched, the switcher switches without asking.
  await switcher.getByRole('button', { name: 'Deutsch (de)' }).click();
  await expect.poll(() => switcher.getByText('Deutsch (de)').getAttribute('aria-current')).toBe('page');
  expect(await question.isVisible()).toBe(false);
  expect(await dialog.getByLabel('Name').inputValue()).toBe('Boat Trips');
});
