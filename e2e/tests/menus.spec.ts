import { expect, test } from 'vitest';
import { seriousFindings, signInThroughUi, useBrowserTest, waitUntilQuiet } from '../src/index.js';

// The demo's header and footer show the seeded menus.
const t = useBrowserTest({ SEED_DEMO: 'true' });

test('staff build the header menu (a page and a link, reordered by keyboard) and a visitor on a phone sees it, the current page marked', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  await signInThroughUi(page, origin, t.server.admin.username, t.server.admin.password);
  await page.getByRole('link', { name: 'Menus' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Menus', level: 1 }).isVisible()).toBe(true);
  const list = page.getByRole('list', { name: 'Header menu items' });
  await expect.poll(() => list.getByRole('button', { name: 'Drag Good to know' }).isVisible()).toBe(true);

  // A page from the list, then a custom link.
  await page.getByLabel('Kind').selectOption({ label: 'Page' });
  await page.getByLabel('Page', { exact: true }).selectOption({ label: 'Contact' });
  await page.getByRole('button', { name: 'Add to menu' }).click();
  await page.getByLabel('Kind').selectOption({ label: 'Custom link' });
  await page.getByLabel('Link text').fill('Reviews');
  await page.getByLabel('Address', { exact: true }).fill('javascript:alert(document.cookie)');
  await page.getByRole('button', { name: 'Add to menu' }).click();

  // A script link is refused at its item, and nothing is saved.
  await page.getByRole('button', { name: 'Save Header menu' }).click();
  await expect.poll(() => list.getByText('A link may use https:, http:, mailto: or tel: only').isVisible()).toBe(true);
  await list.getByLabel('Address of Reviews').fill('https://reviews.example/azure-bay');

  // Contact moves above 'Good to know' by keyboard: its Move up button, pressed with Enter, says where it went.
  const names = () =>
    list.getByRole('button', { name: /^Drag / }).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  await list.getByRole('button', { name: 'Move Contact up' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByText('Contact moved to position 6 of 8.').count()).toBe(1);
  await expect
    .poll(names)
    .toEqual([
      'Drag Home',
      'Drag Tours',
      'Drag The Bay',
      'Drag Old Town',
      'Drag The Islands',
      'Drag Contact',
      'Drag Good to know',
      'Drag Reviews',
    ]);
  await page.getByRole('button', { name: 'Save Header menu' }).click();
  await expect.poll(() => page.getByText('Header menu saved').isVisible()).toBe(true);
  await waitUntilQuiet(page);
  const findings = await seriousFindings(page);
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);

  // A visitor on a phone: the menu is there at once, the page shown is marked as current.
  const visitor = await t.session.browser.newPage();
  try {
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto(`${origin}/contact`);
    const menu = visitor.frameLocator('#site-frame').getByRole('navigation', { name: 'Main' });
    const links = menu.getByRole('link');
    await expect
      .poll(() => links.allTextContents())
      .toEqual(['Home', 'Tours', 'The Bay', 'Old Town', 'The Islands', 'Contact', 'Good to know', 'Reviews']);
    expect(await menu.getByRole('link', { name: 'Contact' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(await menu.getByRole('link', { name: 'Reviews' }).getAttribute('href')).toBe(
      'https://reviews.example/azure-bay',
    );
    expect(await menu.getByRole('link', { name: 'Contact' }).isVisible()).toBe(true);
  } finally {
    await visitor.close();
  }
});
