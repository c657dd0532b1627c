import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addSiteLanguage, seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

// The demo site: its header and footer in English and German (the demo's languages) until Portuguese is added.
const t = useBrowserTest({ SEED_DEMO: 'true' });

/** Where to leave screenshots to look at (none unless set). */
const SHOTS = process.env.TRANSLATIONS_SHOTS_DIR;
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The text of the site header's frame on a public page (its title in the page's language). */
async function headerText(page: Page, path: string): Promise<string> {
  await page.goto(`${t.server.origin}${path}`);
  const titles: Record<string, string> = { de: 'Kopfbereich der Website', 'pt-pt': 'Cabeçalho do site' };
  const title = titles[path.split('/')[1]!] ?? 'Site header';
  const header = page.getByTitle(title).contentFrame();
  await expect.poll(() => header.locator('header').count()).toBe(1);
  return (await header.locator('header').textContent()) ?? '';
}

test('staff translate the site header into Portuguese from the component builder, and Portuguese pages show it', async () => {
  const { page } = t.session;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  const main = page.getByRole('navigation', { name: 'Main' });

  // Settings: Portuguese joins English and German.
  await addSiteLanguage(page, 'pt-PT');

  // The Component manager says each component's language, its German translation, and that Portuguese is missing.
  // The demo's German header was saved after the English one: it is not out of date.
  await main.getByRole('link', { name: 'Common Components' }).click();
  const card = page.getByRole('article', { name: 'Site header', exact: true });
  await expect.poll(() => card.getByRole('list', { name: 'Translations' }).textContent()).toBe('dept-PT (missing)');
  expect(await card.getByText('English (en)').isVisible()).toBe(true);
  expect(await card.getByRole('link', { name: 'Edit the de translation: Deutsch (de)' }).isVisible()).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'components-manager');

  // The builder: English current, German there, Portuguese to add.
  await card.getByRole('link', { name: 'Edit Site header' }).click();
  await page.waitForURL(/\/admin\/components\/edit\/\d+$/);
  const englishUrl = page.url();
  const switcher = page.getByRole('navigation', { name: 'Languages' });
  await expect.poll(() => switcher.getByText('English (en)').getAttribute('aria-current')).toBe('page');
  await switcher.getByRole('button', { name: 'Add translation: Português europeu (pt-PT)' }).click();
  await page.waitForURL((url) => url.href !== englishUrl && /\/admin\/components\/edit\/\d+$/.test(url.pathname));
  await expect.poll(() => switcher.getByText('Português europeu (pt-PT)').getAttribute('aria-current')).toBe('page');

  // The copy: the header's content to translate, switched off until it is translated.
  const name = page.getByLabel('Component Name');
  await expect.poll(() => name.inputValue()).toBe('Site header');
  const active = page.getByLabel('Active (used on the public site)');
  expect(await active.isChecked()).toBe(false);
  await name.fill('Cabeçalho');
  await page.getByRole('button', { name: 'Code Editor' }).click();
  const code = page.getByRole('textbox', { name: 'Content code' });
  await expect.poll(() => code.textContent()).toContain('Plan your trip');
  const english = (await code.textContent()) ?? '';
  await code.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(
    '<header class="bg-white border-b border-slate-200"><a href="/pt-pt/">Azure Bay Passeios</a> ' +
      '<a href="/contact">Planear a viagem</a></header>',
  );
  expect(english).toContain('Azure Bay Tours');
  await active.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.getByText(/^Saved at /).isVisible()).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'component-builder-portuguese');

  // The three languages in the manager, each naming the others; the filter shows one.
  await main.getByRole('link', { name: 'Common Components' }).click();
  const portugueseCard = page.getByRole('article', { name: 'Cabeçalho', exact: true });
  await expect.poll(() => portugueseCard.getByText('Português europeu (pt-PT)').isVisible()).toBe(true);
  expect(
    await card.getByRole('link', { name: 'Edit the pt-PT translation: Português europeu (pt-PT)' }).isVisible(),
  ).toBe(true);
  await page.getByLabel('Filter by language').selectOption('pt-PT');
  await page.waitForURL('**/admin/commoncomp?language=pt-PT');
  await expect.poll(() => page.getByRole('article').count()).toBe(1);

  // A visitor: the Portuguese catalogue shows the Portuguese header, the German one the demo's German header, the
  // English one the English header; the Portuguese site has no footer of its own yet, so it shows the English footer.
  expect(await headerText(page, '/pt-pt/tours')).toContain('Planear a viagem');
  expect(await headerText(page, '/pt-pt/tours')).not.toContain('Plan your trip');
  await shots(page, 'catalogue-portuguese');
  expect(await headerText(page, '/de/tours')).toContain('Reise planen');
  expect(await headerText(page, '/tours')).toContain('Plan your trip');
  // The frame's title is in the page's language (European Portuguese reads Portuguese's words).
  const footer = page.getByTitle('Rodapé do site').contentFrame();
  await page.goto(`${t.server.origin}/pt-pt/tours`);
  await expect.poll(() => footer.locator('footer').count()).toBe(1);
  expect(await footer.locator('footer').textContent()).toContain('Explore');

  // Categories: the same from their dialog (the demo's are in German already); the new Portuguese category opens in
  // it, to translate.
  await page.goto(`${t.server.origin}/admin/categories`);
  const bay = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'The Bay', exact: true }) });
  await expect.poll(() => bay.getByRole('list', { name: 'Translations' }).textContent()).toMatch(/pt-PT \(missing\)$/);
  expect(await bay.getByRole('list', { name: 'Translations' }).textContent()).not.toContain('de (missing)');
  await bay.getByRole('button', { name: 'Edit The Bay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Category' });
  await dialog.getByRole('button', { name: 'Add translation: Português europeu (pt-PT)' }).click();
  await expect
    .poll(() =>
      dialog
        .getByRole('navigation', { name: 'Languages' })
        .getByText('Português europeu (pt-PT)')
        .getAttribute('aria-current'),
    )
    .toBe('page');
  expect(await dialog.getByLabel('Slug').inputValue()).toBe('the-bay-pt-pt');
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'category-dialog-portuguese');
  await dialog.getByLabel('Name').fill('A Baía');
  await dialog.getByRole('button', { name: 'Update Category' }).click();
  const baia = page.getByRole('row').filter({ hasText: 'A Baía' });
  await expect
    .poll(() => baia.getByRole('button', { name: 'Edit the en translation: English (en)' }).isVisible())
    .toBe(true);
  await shots(page, 'categories-list');
});
