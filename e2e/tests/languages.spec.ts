import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addSiteLanguage, launchBrowser, seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

// A site in English only, with one tour made through the API: what staff have before they add a language.
const t = useBrowserTest({ SEED_DEMO: 'false' });

/** Where to leave screenshots to look at (none unless set). */
const SHOTS = process.env.LANGUAGES_SHOTS_DIR;
async function shots(page: Page, name: string, widths = [1280, 390]) {
  if (!SHOTS) return;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Screenshots of one part of the page, at a desktop's and a phone's width. */
async function partShots(page: Page, name: string, selector: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page
      .locator(selector)
      .first()
      .screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const form = new URLSearchParams({ username: t.server.admin.username, password: t.server.admin.password });
  const auth = await fetch(`${t.server.origin}/api/auth/token`, { method: 'POST', body: form });
  const { access_token } = (await auth.json()) as { access_token: string };
  const res = await fetch(`${t.server.origin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const TOUR = 'Sunset Sailing on the Bay';
const GERMAN_TITLE = 'Segeltörn bei Sonnenuntergang';
const GERMAN_SLUG = 'segeltoern-bei-sonnenuntergang';

/** The next March, as a departure's day: its month is what the German month filter names ("März"). */
function nextMarch(): string {
  const now = new Date();
  const year = now.getUTCMonth() >= 2 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return `${year}-03-12`;
}

test('staff add German and translate a tour from the editor; a visitor switches to it from the English page, reads German prices and dates, and picks US dollars', async () => {
  // The English tour (79 EUR) with a departure in March, and US dollars offered to visitors.
  const tour = await api<{ id: number }>('POST', '/posts/', {
    title: TOUR,
    slug: 'sunset-sailing-on-the-bay',
    status: 'published',
    content: '<p>Board our classic sloop an hour before sunset.</p>',
    excerpt: 'Golden hour on a classic sloop.',
    price: 79,
    duration: '3 hours',
    highlights: ['Sunset over the islands'],
    itinerary: [{ title: 'Welcome aboard', description: '<p>Meet the skipper.</p>' }],
  });
  await api('POST', `/posts/${tour.id}/departures`, { starts_on: nextMarch(), seats_total: 8 });
  const settings = await api<Record<string, unknown>>('GET', '/settings');
  await api('PUT', '/settings', { ...settings, display_currencies: [{ code: 'USD', rate: 1.08 }] });

  // Staff: German joins English in Settings.
  const { page } = t.session;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  const main = page.getByRole('navigation', { name: 'Main' });
  await addSiteLanguage(page, 'de');

  // The tour's editor: its language switcher, clean for axe, adds the German translation and opens it.
  await main.getByRole('link', { name: 'Posts' }).click();
  await page.waitForURL('**/admin/posts');
  await page
    .getByRole('row')
    .filter({ hasText: TOUR })
    .getByRole('link', { name: `Edit ${TOUR}` })
    .click();
  await page.waitForURL(/\/admin\/posts\/edit\/\d+$/);
  const switcher = page.getByRole('navigation', { name: 'Languages' });
  await expect.poll(() => switcher.getByText('English (en)').getAttribute('aria-current')).toBe('page');
  expect(await seriousFindings(page)).toEqual([]);
  await switcher.getByRole('button', { name: 'Add translation: Deutsch (de)' }).click();
  await expect.poll(() => switcher.getByText('Deutsch (de)').getAttribute('aria-current')).toBe('page');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect.poll(() => title.inputValue()).toBe(TOUR);

  // The English source beside the form, read only, opened from the keyboard.
  const toggle = page.getByRole('button', { name: 'Show English source' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const source = page.getByRole('region', { name: 'English source' });
  await expect.poll(() => source.getByText('Meet the skipper.').isVisible()).toBe(true);
  expect(await source.getByText('Sunset over the islands').isVisible()).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'source-panel', [1600, 1280, 390]);

  await title.fill(GERMAN_TITLE);
  await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(GERMAN_SLUG);
  await page.getByLabel('Status', { exact: true }).selectOption('published');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.getByText(/^Saved at /).isVisible()).toBe(true);

  // A visitor on the English tour page switches to Deutsch.
  const visitor = await launchBrowser([], { viewport: { width: 1280, height: 900 } });
  try {
    const site = visitor.page;
    await site.goto(`${t.server.origin}/tours/sunset-sailing-on-the-bay`);
    expect(await site.locator('.price data').textContent()).toBe('€79.00');
    await site.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Deutsch' }).click();
    await site.waitForURL(`**/de/tours/${GERMAN_SLUG}`);
    expect(await site.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await site.getByRole('heading', { level: 1 }).textContent()).toBe(GERMAN_TITLE);
    // Prices in German, from the group's one price: "79,00 €".
    expect(await site.locator('.price data').textContent()).toBe('79,00\u00a0€');
    // German dates: the group's departures (kept once, under the English tour), each day written in German.
    const firstDay = await site
      .locator('table.departures tbody tr th, table.departures tbody tr td')
      .first()
      .textContent();
    expect(firstDay).toMatch(/^(Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. /);
    expect(await seriousFindings(site)).toEqual([]);
    await shots(site, 'german-tour');

    // The page's own words are German too.
    expect(await site.getByRole('heading', { name: 'Termine und Preise' }).isVisible()).toBe(true);
    expect(await site.locator('.price').textContent()).toMatch(/^ab /);
    // US dollars: converted, marked approximate, in German, beside the real price.
    await site.getByLabel('Preise anzeigen in').selectOption('USD');
    await expect.poll(() => site.locator('.price .approx').textContent()).toBe('≈ 85\u00a0$');
    expect(await site.locator('.price data').textContent()).toBe('79,00\u00a0€');
    expect(await seriousFindings(site)).toEqual([]);

    // The German catalogue's month filter names the months in German, counting the German tours that run then.
    await site.goto(`${t.server.origin}/de/tours`);
    const months = await site
      .getByLabel('Reisemonat')
      .locator('option')
      .evaluateAll((options) => options.map((option) => option.textContent));
    expect(months.some((month) => month?.startsWith(`März ${nextMarch().slice(0, 4)} (`))).toBe(true);
    expect(months).not.toContain(`März ${nextMarch().slice(0, 4)} (0)`);
    expect(await site.locator('.card-price .approx').first().textContent()).toBe('≈ 85\u00a0$');
    expect(await site.getByRole('status').textContent()).toBe('1 Tour');
    expect(await seriousFindings(site)).toEqual([]);
    await shots(site, 'german-catalogue');
  } finally {
    await visitor.close();
  }
});

test('an administrator gives German its own site name, description and e-mail in Settings; a visitor’s German page shows them, the English one its own', async () => {
  // A German tour page of its own (the site in English and German).
  const settings = await api<Record<string, unknown>>('GET', '/settings');
  await api('PUT', '/settings', { ...settings, languages: ['en', 'de'] });
  const tour = await api<{ id: number }>('POST', '/posts/', {
    title: 'Harbour walk',
    slug: 'harbour-walk',
    status: 'published',
    price: 25,
  });
  const draft = await api<{ id: number }>('POST', `/posts/${tour.id}/translations`, { language: 'de' });
  await api('PUT', `/posts/${draft.id}`, {
    title: 'Hafenrundgang',
    slug: 'hafenrundgang',
    language: 'de',
    status: 'published',
    price: 25,
  });

  const { page } = t.session;
  await page.setViewportSize({ width: 1280, height: 900 });
  // Signed out first, whether or not the test before this one signed in.
  await page.goto(`${t.server.origin}/admin`);
  await page.evaluate(() => localStorage.clear());
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
  await page.getByLabel('Site Description', { exact: true }).fill('Sailing and walking tours on the bay.');
  await page.getByLabel('Contact Email', { exact: true }).fill('hello@azurebay.example.com');
  // German's section: empty fields show English's values as placeholders.
  const german = page.getByRole('group', { name: 'Deutsch (de)' });
  const name = german.getByLabel('Site Name in Deutsch (de)');
  expect(await name.getAttribute('placeholder')).toBe('Tours CMS');
  expect(await german.getByLabel('Contact Email in Deutsch (de)').getAttribute('placeholder')).toBe(
    'hello@azurebay.example.com',
  );
  await partShots(page, 'site-details-empty', 'fieldset:has(legend:text("Site Details per Language"))');
  // From the keyboard: the name, then Tab to the description and the e-mail.
  await name.focus();
  await page.keyboard.type('Azure-Bucht Touren');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Segeltörns und Wanderungen an der Bucht.');
  await page.keyboard.press('Tab');
  await page.keyboard.type('hallo@azurebay.example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ruf an');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  // A phone with words is refused on its field.
  const phone = german.getByLabel('Contact Phone in Deutsch (de)');
  await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
  await expect
    .poll(() => german.getByText('Phone may contain only digits, spaces and + ( ) . / -').isVisible())
    .toBe(true);
  await partShots(page, 'site-details-refused', 'fieldset:has(legend:text("Site Details per Language"))');
  await phone.fill('');
  expect(await seriousFindings(page)).toEqual([]);
  await shots(page, 'settings-site-details');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toBe('Settings saved.');
  await page.reload();
  await expect.poll(() => name.inputValue()).toBe('Azure-Bucht Touren');

  const visitor = await launchBrowser([], { viewport: { width: 1280, height: 900 } });
  try {
    const site = visitor.page;
    const head = () =>
      site.evaluate(() => ({
        title: document.title,
        siteName: document.querySelector('meta[property="og:site_name"]')?.getAttribute('content'),
        provider: [...document.querySelectorAll('script[type="application/ld+json"]')]
          .map((script) => JSON.parse(script.textContent ?? '{}') as { provider?: Record<string, string> })
          .find((node) => node.provider)?.provider,
      }));
    await site.goto(`${t.server.origin}/de/tours/hafenrundgang`);
    expect(await head()).toMatchObject({
      title: 'Hafenrundgang | Azure-Bucht Touren',
      siteName: 'Azure-Bucht Touren',
      provider: {
        name: 'Azure-Bucht Touren',
        description: 'Segeltörns und Wanderungen an der Bucht.',
        email: 'hallo@azurebay.example.com',
      },
    });
    await site.goto(`${t.server.origin}/tours/harbour-walk`);
    expect(await head()).toMatchObject({
      title: 'Harbour walk | Tours CMS',
      siteName: 'Tours CMS',
      provider: {
        name: 'Tours CMS',
        description: 'Sailing and walking tours on the bay.',
        email: 'hello@azurebay.example.com',
      },
    });
  } finally {
    await visitor.close();
  }
});
