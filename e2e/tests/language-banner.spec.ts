import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, seriousFindings, useBrowserTest } from '../src/index.js';

// The demo's tours, with German added to the site and the sunset sail translated.
const t = useBrowserTest({ SEED_DEMO: 'true' });

/** Where to leave screenshots to look at (none unless set). */
const SHOTS = process.env.LANGUAGES_SHOTS_DIR;
async function shots(page: Page, name: string, fullPage = false) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const form = new URLSearchParams({ username: t.server.admin.username, password: t.server.admin.password });
  const token = (
    (await (await fetch(`${t.server.origin}/api/auth/token`, { method: 'POST', body: form })).json()) as {
      access_token: string;
    }
  ).access_token;
  const res = await fetch(`${t.server.origin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Tour {
  id: number;
  slug: string;
  title: string;
  language: string;
  translations: { language: string; slug: string }[];
}

interface GroupFields {
  price: number | null;
  category_id: number | null;
  tags: { id: number }[];
  featured_image_id: number | null;
  faq_ids: number[];
}

const ENGLISH = '/tours/sunset-sailing-on-the-bay';

/** The English sunset sail, with a published German translation (unless the demo has one already). */
async function germanTour(): Promise<string> {
  const settings = await api<Record<string, unknown>>('GET', '/settings');
  await api('PUT', '/settings', { ...settings, default_language: 'en', languages: ['en', 'de'] });
  const english = await api<Tour>('GET', '/posts/slug/sunset-sailing-on-the-bay');
  const existing = english.translations.find((link) => link.language === 'de');
  if (existing) return `/de/tours/${existing.slug}`;
  const draft = await api<Tour & GroupFields>('POST', `/posts/${english.id}/translations`, { language: 'de' });
  // The group's own fields sent as they are (a save writes them to every language), the text in German.
  const german = await api<Tour>('PUT', `/posts/${draft.id}`, {
    price: draft.price,
    category_id: draft.category_id,
    tag_ids: draft.tags.map((tag) => tag.id),
    featured_image_id: draft.featured_image_id,
    faq_ids: draft.faq_ids,
    title: 'Segeln in den Sonnenuntergang',
    slug: 'segeln-in-den-sonnenuntergang',
    status: 'published',
  });
  return `/de/tours/${german.slug}`;
}

const banner = (page: Page) => page.locator('aside.language-banner');

test('a German browser on the English tour page is offered the German page in a banner it can close for good; the page is the same for everyone and nothing moves', async () => {
  const germanPath = await germanTour();

  // Every visitor gets the same document at the English address, whatever their Accept-Language: no redirect.
  const fetchAs = (language: string) =>
    fetch(`${t.server.origin}${ENGLISH}`, { headers: { 'Accept-Language': language }, redirect: 'manual' });
  const [asGerman, asEnglish] = [await fetchAs('de-DE,de;q=0.9'), await fetchAs('en-US,en;q=0.9')];
  expect([asGerman.status, asEnglish.status]).toEqual([200, 200]);
  expect(await asGerman.text()).toBe(await asEnglish.text());

  const german = await launchBrowser([], { locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  const english = await launchBrowser([], { locale: 'en-US', viewport: { width: 1280, height: 800 } });
  try {
    const page = german.page;
    await page.goto(`${t.server.origin}${ENGLISH}`);
    const suggestion = page.getByRole('complementary', { name: 'Deutsch' });
    await expect.poll(() => suggestion.isVisible()).toBe(true);
    expect(await suggestion.getAttribute('lang')).toBe('de');
    expect(await suggestion.locator('p').textContent()).toBe('Diese Seite gibt es auf Deutsch.');
    const link = suggestion.getByRole('link', { name: 'Auf Deutsch lesen' });
    expect(await link.getAttribute('href')).toBe(germanPath);
    expect(await seriousFindings(page)).toEqual([]);
    await shots(page, 'banner-tour');

    // The banner lies over the page: the page under it sits where it sits for a visitor who gets none.
    await english.page.goto(`${t.server.origin}${ENGLISH}`);
    expect(await banner(english.page).count()).toBe(0);
    const top = (p: Page) => p.locator('main').evaluate((main) => main.getBoundingClientRect().top);
    expect(await top(page)).toBe(await top(english.page));

    // Closed from the keyboard, and not offered again on the next page.
    await suggestion.getByRole('button', { name: 'Schließen' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => banner(page).count()).toBe(0);
    await page.reload();
    await page.locator('main').waitFor();
    expect(await banner(page).count()).toBe(0);

    // On the German page the German visitor is where they want to be; the English visitor is offered English.
    await page.goto(`${t.server.origin}${germanPath}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await banner(page).count()).toBe(0);
    // Its dates' notes are German too (the demo's first date is guaranteed), none left in English.
    const dates = page.getByRole('table').filter({ has: page.getByRole('rowheader') });
    expect(await dates.getByRole('rowheader', { name: /Findet garantiert statt/ }).count()).toBe(1);
    expect(await dates.getByText('Guaranteed to run').count()).toBe(0);
    await shots(page, 'demo-german-tour', true);
    for (const [path, name] of [
      ['/de/', 'demo-german-home'],
      ['/de/tours', 'demo-german-catalogue'],
    ] as const) {
      if (!SHOTS) break;
      await page.goto(`${t.server.origin}${path}`);
      await page.waitForLoadState('networkidle');
      await shots(page, name, true);
    }
    await english.page.goto(`${t.server.origin}${germanPath}`);
    const back = english.page.getByRole('complementary', { name: 'English' });
    await expect.poll(() => back.locator('p').textContent()).toBe('This page is available in English.');
    await back.getByRole('link', { name: 'Read it in English' }).click();
    await english.page.waitForURL(`**${ENGLISH}`);
    expect(await banner(english.page).count()).toBe(0);
  } finally {
    await german.close();
    await english.close();
  }
});
