import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

// The demo's tours, priced in euros (the site's currency until Settings say otherwise).
const t = useBrowserTest({ SEED_DEMO: 'true' });

/** Where to leave screenshots to look at (none unless set). */
const SHOTS = process.env.CURRENCY_SHOTS_DIR;
async function shots(page: Page, name: string, part?: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    if (part)
      await page
        .locator(part)
        .first()
        .screenshot({ path: `${SHOTS}/${name}-part-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const TOUR = '/tours/sunset-sailing-on-the-bay';
/** 79 EUR at 1.08: 85.32, shown rounded and approximate, in the English page's format whatever the browser's. */
const APPROX = '≈ $85';

test('an admin adds US dollars in Settings; a visitor picks them on a tour page, sees "≈", and the catalogue keeps the choice', async () => {
  const { page } = t.session;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  // The demo offers US dollars already: this test starts from a site that offers no display currency.
  const cleared = await page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' };
    const settings = await (await fetch('/api/settings', { headers })).json();
    const body = JSON.stringify({ ...settings, display_currencies: [] });
    return (await fetch('/api/settings', { method: 'PUT', headers, body })).status;
  });
  expect(cleared).toBe(200);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
  expect(await page.getByLabel('Rate for US Dollar (USD)').count()).toBe(0);

  // A rate that is not a number is refused at its field; then US dollars at 1.08, added from the keyboard.
  await page.getByLabel('Add a Display Currency').fill('usd');
  await page.getByLabel('Its Rate').fill('lots');
  await page.getByLabel('Its Rate').press('Enter');
  await expect.poll(() => page.getByText('Type a rate above 0, such as 1.08.').isVisible()).toBe(true);
  await page.getByLabel('Its Rate').fill('1.08');
  await page.getByLabel('Its Rate').press('Enter');
  const rate = page.getByLabel('Rate for US Dollar (USD)');
  await expect.poll(() => rate.inputValue()).toBe('1.08');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toBe('Settings saved.');
  await page.reload();
  await expect.poll(() => rate.inputValue()).toBe('1.08');
  expect(await page.getByText(/^1 EUR = 1\.08 USD\. Set on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/).isVisible()).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'settings', 'fieldset:has(legend:text("Display Currencies"))');

  // A visitor (a browser of their own) on a tour page: prices in euros until they choose.
  const visitor = await launchBrowser();
  try {
    const site = visitor.page;
    await site.setViewportSize({ width: 1280, height: 900 });
    await site.goto(`${t.server.origin}${TOUR}`);
    const picker = site.getByLabel('Show prices in');
    expect(await picker.inputValue()).toBe('EUR');
    const facts = site.getByRole('complementary', { name: 'Tour details' });
    expect(await facts.locator('.approx').count()).toBe(0);
    expect(await facts.locator('.price data').textContent()).toMatch(/79\.00/);

    // US dollars, chosen from the keyboard: "≈ $85" with the price in euros beside it.
    await picker.focus();
    await site.keyboard.press('ArrowDown');
    await expect.poll(() => picker.inputValue()).toBe('USD');
    await expect.poll(() => facts.locator('.approx').textContent()).toBe(APPROX);
    expect(await facts.locator('.price').textContent()).toBe('From ≈ $85 €79.00');
    expect(await seriousFindings(site)).toEqual([]);
    await shots(site, 'tour-usd', '#dates');
    await shots(site, 'tour-facts', '.facts');

    // The catalogue, reached by the page's own link, opens in US dollars.
    await site.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Tours' }).click();
    await site.waitForURL('**/tours');
    await expect.poll(() => site.getByLabel('Show prices in').inputValue()).toBe('USD');
    const card = site.locator('.card').filter({ hasText: 'Sunset Sailing on the Bay' });
    await expect.poll(() => card.locator('.approx').textContent()).toBe(APPROX);
    expect(await card.locator('.card-price data').textContent()).toBe('€79.00');
    expect(await seriousFindings(site)).toEqual([]);
    await shots(site, 'catalogue-usd');

    // Back to euros: the prices are the site's alone again, here and on the next page.
    await site.getByLabel('Show prices in').selectOption('EUR');
    await expect.poll(() => site.locator('.approx').count()).toBe(0);
    await site.goto(`${t.server.origin}${TOUR}`);
    expect(await site.getByLabel('Show prices in').inputValue()).toBe('EUR');
    expect(await site.locator('.approx').count()).toBe(0);
  } finally {
    await visitor.close();
  }

  // English's default display currency: a visitor who has chosen nothing sees dollars first.
  await page.getByLabel('Prices in English (en) shown in').selectOption('USD');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toBe('Settings saved.');
  // This newcomer's browser is German: the English page still reads in English ("€79.00", not "79,00 €"), the
  // page's language formats its prices, the browser's does not.
  const newcomer = await launchBrowser([], { locale: 'de-DE' });
  try {
    const site = newcomer.page;
    await site.goto(`${t.server.origin}${TOUR}`);
    expect(await site.getByLabel('Show prices in').inputValue()).toBe('USD');
    expect(await site.locator('.price .approx').textContent()).toBe(APPROX);
    expect(await site.locator('.price data').textContent()).toBe('€79.00');
    await site.getByLabel('Show prices in').selectOption('EUR');
    await site.getByLabel('Show prices in').selectOption('USD');
    expect(await site.locator('.price .approx').textContent()).toBe(APPROX);
    // The offers search engines read stay in euros.
    const offers = await site.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent).join('\n'),
    );
    expect(offers).toContain('"priceCurrency":"EUR"');
    expect(offers).not.toContain('USD');
  } finally {
    await newcomer.close();
  }
});
