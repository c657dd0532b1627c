import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addSiteLanguage, seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

// The demo's six tours, in English and German (the demo's two languages) until Portuguese is added.
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

const TOUR = 'Sunset Sailing on the Bay';
const PORTUGUESE_TITLE = 'Passeio de veleiro ao pôr do sol';
const GERMAN_TITLE = 'Segeltörn bei Sonnenuntergang';

test('an admin adds Portuguese, translates a tour from the editor’s switcher, and finds the languages in the Posts list', async () => {
  const { page } = t.session;
  await page.setViewportSize({ width: 1280, height: 900 });

  // A visitor on the German home page: the German header's navigation, to the German pages, and the switcher.
  await page.goto(`${t.server.origin}/de/`);
  const site = page.frameLocator('#site-frame');
  await expect.poll(() => site.getByRole('link', { name: 'Reise planen' }).getAttribute('href')).toBe('/de/kontakt');
  expect(await site.getByRole('link', { name: 'Gut zu wissen' }).first().getAttribute('href')).toBe(
    '/de/gut-zu-wissen',
  );
  expect(await site.getByRole('link', { name: 'Plan your trip' }).count()).toBe(0);
  expect(await site.getByRole('link', { name: 'English' }).getAttribute('hreflang')).toBe('en');
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'german-home');

  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  const main = page.getByRole('navigation', { name: 'Main' });

  // Settings: Portuguese joins English and German.
  await addSiteLanguage(page, 'pt-PT');

  // The Posts list now says each tour's language, its German translation, and that Portuguese is missing.
  await main.getByRole('link', { name: 'Posts' }).click();
  await page.waitForURL('**/admin/posts');
  const englishRow = page.getByRole('row').filter({ hasText: TOUR });
  await expect
    .poll(() => englishRow.getByRole('list', { name: 'Translations' }).textContent())
    .toBe('dept-PT (missing)');
  expect(await englishRow.getByText('English (en)').isVisible()).toBe(true);
  // The demo as seeded: its English tours were not changed after their German translations, so none is out of date.
  expect(await page.getByText('out of date').count()).toBe(0);
  expect(await page.getByRole('link', { name: /\(out of date\)/ }).count()).toBe(0);
  await shots(page, 'posts-list-demo');

  // The tour's editor: English current, German there, Portuguese to add.
  await englishRow.getByRole('link', { name: `Edit ${TOUR}` }).click();
  await page.waitForURL(/\/admin\/posts\/edit\/\d+$/);
  const englishUrl = page.url();
  const switcher = page.getByRole('navigation', { name: 'Languages' });
  await expect.poll(() => switcher.getByText('English (en)').getAttribute('aria-current')).toBe('page');
  await expect.poll(() => page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(TOUR);
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'editor-english');

  await switcher.getByRole('button', { name: 'Add translation: Português europeu (pt-PT)' }).click();
  await page.waitForURL((url) => url.href !== englishUrl && /\/admin\/posts\/edit\/\d+$/.test(url.pathname));
  await expect.poll(() => switcher.getByText('Português europeu (pt-PT)').getAttribute('aria-current')).toBe('page');
  expect(await switcher.getByRole('link', { name: 'English (en)' }).getAttribute('href')).toBe(
    new URL(englishUrl).pathname,
  );
  // The draft copy: the tour's text to translate, its own slug, a draft.
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect.poll(() => title.inputValue()).toBe(TOUR);
  expect(await page.getByRole('textbox', { name: 'Slug', exact: true }).inputValue()).toBe(
    'sunset-sailing-on-the-bay-pt-pt',
  );
  expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('draft');
  await title.fill(PORTUGUESE_TITLE);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.getByText(/^Saved at /).isVisible()).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'editor-portuguese');

  // Back to the English tour by the switcher; once it is saved again, the translations are out of date.
  await switcher.getByRole('link', { name: 'English (en)' }).click();
  await page.waitForURL(englishUrl);
  await expect.poll(() => title.inputValue()).toBe(TOUR);
  expect(await switcher.getByRole('listitem').filter({ hasText: 'Português europeu (pt-PT)' }).textContent()).toBe(
    '·Português europeu (pt-PT)',
  );
  await page.getByLabel('Excerpt', { exact: true }).fill('Golden hour on a classic sloop, now with live music.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(() => switcher.getByRole('listitem').filter({ hasText: 'Português europeu (pt-PT)' }).textContent())
    .toBe('·Português europeu (pt-PT)out of date');
  expect(await switcher.getByRole('listitem').filter({ hasText: 'Deutsch (de)' }).textContent()).toBe(
    '·Deutsch (de)out of date',
  );
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'editor-english-out-of-date');

  // The languages in the list, each naming the others; the filter shows one.
  await main.getByRole('link', { name: 'Posts' }).click();
  await page.waitForURL('**/admin/posts');
  const portugueseRow = page.getByRole('row').filter({ hasText: PORTUGUESE_TITLE });
  const germanRow = page.getByRole('row').filter({ hasText: GERMAN_TITLE });
  await expect.poll(() => portugueseRow.getByText('Português europeu (pt-PT)').isVisible()).toBe(true);
  expect(await portugueseRow.getByRole('link', { name: 'Edit the en translation: English (en)' }).isVisible()).toBe(
    true,
  );
  expect(await portugueseRow.getByRole('link', { name: 'Edit the de translation: Deutsch (de)' }).isVisible()).toBe(
    true,
  );
  expect(
    await englishRow.getByRole('link', { name: 'Edit the pt-PT translation: Português europeu (pt-PT)' }).isVisible(),
  ).toBe(true);
  await shots(page, 'posts-list');

  await page.getByLabel('Filter by language').selectOption('pt-PT');
  await page.waitForURL('**/admin/posts?language=pt-PT');
  const titles = () =>
    page
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .evaluateAll((rows) => rows.map((row) => row.querySelector('td p')?.textContent));
  await expect.poll(titles).toEqual([PORTUGUESE_TITLE]);
  await page.getByLabel('Filter by language').selectOption('en');
  await expect.poll(async () => (await titles()).length).toBe(6);
  expect(await titles()).not.toContain(PORTUGUESE_TITLE);
  expect(await titles()).not.toContain(GERMAN_TITLE);
  expect(await seriousFindings(page)).toEqual([]);

  // The list too says the German translation is out of date: on the English row's chip and on the German row.
  await page.getByLabel('Filter by language').selectOption('');
  await expect
    .poll(() => englishRow.getByRole('link', { name: 'Edit the de translation: Deutsch (de) (out of date)' }).count())
    .toBe(1);
  await expect.poll(() => germanRow.getByText('out of date').isVisible()).toBe(true);
  await shots(page, 'posts-list-out-of-date');

  // Settings: Portuguese cannot go while the translation is in it; a new default says what it moves.
  await main.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Remove Português europeu (pt-PT)' }).click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect
    .poll(() => page.getByRole('alert').filter({ hasText: 'move or delete them first' }).textContent())
    .toBe('1 item is in Português europeu (pt-PT): move or delete them first');
  await page.reload();
  await page.getByLabel('Default Language').selectOption('de');
  expect(
    await page
      .getByText("Saving moves the site's addresses: Deutsch (de) pages and tours to the site's own addresses")
      .isVisible(),
  ).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'settings-new-default');

  // Deleting the English tour asks: this translation alone, or every language. Both go to the Trash, and back.
  await main.getByRole('link', { name: 'Posts' }).click();
  await page.waitForURL('**/admin/posts');
  await englishRow.getByRole('button', { name: `Delete ${TOUR}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect.poll(() => dialog.getByRole('button', { name: 'All 3 Languages' }).isVisible()).toBe(true);
  expect(await dialog.getByRole('button', { name: 'Only This Translation' }).isVisible()).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'delete-group-question');
  await dialog.getByRole('button', { name: 'All 3 Languages' }).click();
  await expect.poll(() => page.getByText('Post deleted in all 3 languages.').isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('row').filter({ hasText: GERMAN_TITLE }).count()).toBe(0);

  await main.getByRole('link', { name: 'Trash' }).click();
  await page.waitForURL('**/admin/trash');
  const restoreAll = page.getByRole('button', { name: `Restore ${GERMAN_TITLE} in all 3 languages` });
  await expect.poll(() => restoreAll.isVisible()).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'trash-group');
  await restoreAll.click();
  await expect.poll(() => page.getByText('Tour restored in all 3 languages.').isVisible()).toBe(true);
  await main.getByRole('link', { name: 'Posts' }).click();
  await expect.poll(() => germanRow.count()).toBe(1);
  expect(await englishRow.getByRole('link', { name: /^Edit the de translation/ }).count()).toBe(1);
  // A visitor's German home page and the whole admin journey: longer than one screen's minute on a shared machine.
}, 150_000);
