import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

// Issue 26: the admin's other long lists (Contacts, Media Library, Pages, Activity) page, search and sort on the
// server like Posts, and the URL keeps the view: a reload shows the same rows.
const t = useBrowserTest({ CONTACT_MAX_PER_HOUR: '1000' });

let token: string;
beforeAll(async () => {
  const signIn = await fetch(`${t.server.origin}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams(t.server.admin),
  });
  token = ((await signIn.json()) as { access_token: string }).access_token;
  await signInThroughUi(t.session.page, t.server.origin, t.server.admin.username, t.server.admin.password);
});

async function openScreen(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
}

/** The first cell's first line of each row that holds `text`. */
const firstLines = (page: Page, text: string) => () =>
  page
    .getByRole('row')
    .filter({ hasText: text })
    .evaluateAll((rows) => rows.map((row) => row.querySelector('td p')?.textContent));

test('the Contacts screen shows a page with the total, more on request, searches on the server and keeps the view', async () => {
  const { page } = t.session;
  const send = async (name: string, subject: string) => {
    const res = await fetch(`${t.server.origin}/api/contacts/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name,
        email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
        subject,
        message: 'Hello',
      }),
    });
    expect(res.status).toBe(201);
  };
  for (let i = 1; i <= 52; i += 1) await send(`Guest ${String(i).padStart(2, '0')}`, 'Opening hours');
  for (const name of ['Harbour Alpha', 'Harbour Beta', 'Harbour Gamma']) await send(name, 'Harbour cruise');
  const gamma = await fetch(`${t.server.origin}/api/contacts/?q=gamma`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const gammaId = ((await gamma.json()) as { items: { id: number }[] }).items[0]!.id;
  await fetch(`${t.server.origin}/api/contacts/${gammaId}/status?status=resolved`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}` },
  });

  await openScreen(page, 'Contacts');
  await expect.poll(() => page.getByText('Showing 50 of 55 contacts').isVisible()).toBe(true);
  expect(await page.getByRole('row').count()).toBe(51);
  expect(await page.getByRole('row').nth(1).getByText('Harbour Gamma').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => page.getByText('Showing 55 of 55 contacts').isVisible()).toBe(true);

  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('harbour');
  await expect.poll(() => page.getByText('Showing 3 of 3 contacts').isVisible()).toBe(true);
  await page.getByRole('combobox', { name: 'Sort contacts' }).selectOption({ label: 'Oldest first' });
  const oldest = ['Harbour Alpha', 'Harbour Beta', 'Harbour Gamma'];
  await expect.poll(firstLines(page, 'Harbour')).toEqual(oldest);
  const url = new URL(page.url());
  expect(url.searchParams.get('q')).toBe('harbour');
  expect(url.searchParams.get('sort')).toBe('created_at');

  await page.reload();
  await expect.poll(firstLines(page, 'Harbour')).toEqual(oldest);
  expect(await page.getByRole('searchbox', { name: 'Search contacts' }).inputValue()).toBe('harbour');
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption({ label: 'Resolved' });
  await expect.poll(() => page.getByText('Showing 1 of 1 contacts').isVisible()).toBe(true);
  expect(new URL(page.url()).searchParams.get('status')).toBe('resolved');
  // The details of a row open from the page, and the view stays behind them.
  await page.getByRole('button', { name: 'View details of Harbour Gamma' }).click();
  await expect.poll(() => page.getByRole('dialog', { name: 'Contact Details' }).isVisible()).toBe(true);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  expect(await firstLines(page, 'Harbour')()).toEqual(['Harbour Gamma']);
});

test('the Media Library shows a page of files with the total, more on request, searches and filters on the server and keeps the view', async () => {
  const { page } = t.session;
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
  const upload = async (name: string, folder?: string) => {
    const form = new FormData();
    if (folder) form.append('folder', folder);
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), name);
    const res = await fetch(`${t.server.origin}/api/media/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
  };
  for (let i = 1; i <= 62; i += 1) await upload(`leaflet-${String(i).padStart(2, '0')}.pdf`);
  await upload('harbour-map.pdf', 'Porto');
  await upload('harbour-times.pdf', 'Lisbon');
  await upload('harbour-prices.pdf', 'Lisbon');

  await openScreen(page, 'Media');
  const cards = () =>
    page
      .getByRole('list', { name: 'Media files' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
  await expect.poll(() => page.getByText('Showing 60 of 65 files').isVisible()).toBe(true);
  expect((await cards())[0]).toBe('harbour-prices.pdf');
  // The rest come as the end of the grid scrolls into view, as a person scrolls; the button is there for the
  // keyboard (pressing it is the unit test's). Scrolling to it loads the rest by itself, so clicking it raced the
  // load it starts (under load the button was gone before the click landed).
  const more = page.getByRole('button', { name: 'Show more (5 more files)' });
  expect(await more.isVisible()).toBe(true);
  await page.getByText('Showing 60 of 65 files').scrollIntoViewIfNeeded();
  await expect.poll(() => page.getByText('Showing 65 of 65 files').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: /^Show more/ }).count()).toBe(0);
  const tabs = await page
    .getByRole('group', { name: 'Folders' })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.textContent));
  expect(tabs).toEqual(['All Files', 'Lisbon', 'Porto']);

  await page.getByRole('searchbox', { name: 'Search media files' }).fill('harbour');
  await expect.poll(cards).toEqual(['harbour-prices.pdf', 'harbour-times.pdf', 'harbour-map.pdf']);
  await page.getByRole('button', { name: 'Lisbon' }).click();
  await expect.poll(cards).toEqual(['harbour-prices.pdf', 'harbour-times.pdf']);
  const url = new URL(page.url());
  expect(url.searchParams.get('q')).toBe('harbour');
  expect(url.searchParams.get('folder')).toBe('Lisbon');

  await page.reload();
  await expect.poll(cards).toEqual(['harbour-prices.pdf', 'harbour-times.pdf']);
  expect(await page.getByRole('searchbox', { name: 'Search media files' }).inputValue()).toBe('harbour');
  expect(await page.getByRole('button', { name: 'Lisbon' }).getAttribute('aria-pressed')).toBe('true');
});

test('the Pages screen shows a page with the total, more on request, searches and sorts on the server and keeps the view', async () => {
  const { page } = t.session;
  const create = async (title: string, slug: string, status: string) => {
    const res = await fetch(`${t.server.origin}/api/pages/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, slug, status }),
    });
    expect(res.status).toBe(201);
  };
  for (let i = 1; i <= 52; i += 1) await create(`Info ${String(i).padStart(2, '0')}`, `info-${i}`, 'published');
  await create('Harbour Gamma', 'harbour-gamma', 'draft');
  await create('Harbour Alpha', 'harbour-alpha', 'published');
  await create('Harbour Beta', 'harbour-beta', 'draft');

  await openScreen(page, 'Pages');
  await expect.poll(() => page.getByText('Showing 50 of 55 pages').isVisible()).toBe(true);
  expect(await page.getByRole('row').nth(1).getByText('Harbour Beta').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => page.getByText('Showing 55 of 55 pages').isVisible()).toBe(true);

  await page.getByRole('searchbox', { name: 'Search pages' }).fill('harbour');
  await expect.poll(() => page.getByText('Showing 3 of 3 pages').isVisible()).toBe(true);
  await page.getByRole('combobox', { name: 'Sort pages' }).selectOption({ label: 'Title Z–A' });
  await expect.poll(firstLines(page, 'Harbour')).toEqual(['Harbour Gamma', 'Harbour Beta', 'Harbour Alpha']);
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption({ label: 'Draft' });
  await expect.poll(firstLines(page, 'Harbour')).toEqual(['Harbour Gamma', 'Harbour Beta']);

  await page.reload();
  await expect.poll(firstLines(page, 'Harbour')).toEqual(['Harbour Gamma', 'Harbour Beta']);
  expect(await page.getByRole('searchbox', { name: 'Search pages' }).inputValue()).toBe('harbour');
  expect(await page.getByRole('combobox', { name: 'Sort pages' }).inputValue()).toBe('-title');
  expect(await page.getByRole('combobox', { name: 'Filter by status' }).inputValue()).toBe('draft');
});

test('the Activity screen pages the log by cursor with the total, filters on the server and keeps the view', async () => {
  const { page } = t.session;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  for (let i = 1; i <= 55; i += 1) {
    const res = await fetch(`${t.server.origin}/api/tags/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Mood ${String(i).padStart(2, '0')}`, slug: `mood-${i}` }),
    });
    expect(res.status).toBe(201);
  }
  const all = (await (await fetch(`${t.server.origin}/api/activity/?limit=1`, { headers })).json()) as {
    total: number;
  };

  await openScreen(page, 'Activity');
  await expect
    .poll(() => page.getByText(`Showing 50 of ${all.total.toLocaleString('en')} entries`).isVisible())
    .toBe(true);
  await page.getByRole('combobox', { name: 'Type of item' }).selectOption({ label: 'Tag' });
  await expect.poll(() => page.getByText('Showing 50 of 55 entries').isVisible()).toBe(true);
  expect(new URL(page.url()).searchParams.get('item_type')).toBe('tag');
  const titles = () =>
    page
      .getByRole('table')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.textContent));
  expect((await titles())[0]).toBe('Mood 55');

  // A tag made meanwhile does not shift the next page: the 55 entries come once each, the new one not among them.
  await fetch(`${t.server.origin}/api/tags/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Mood late', slug: 'mood-late' }),
  });
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(async () => (await titles()).length).toBe(55);
  const shown = await titles();
  expect(new Set(shown).size).toBe(55);
  expect(shown.at(-1)).toBe('Mood 01');
  expect(shown).not.toContain('Mood late');

  // A reload shows the same filter, from the newest entry.
  await page.reload();
  await expect.poll(() => page.getByText('Showing 50 of 56 entries').isVisible()).toBe(true);
  expect(await page.getByRole('combobox', { name: 'Type of item' }).inputValue()).toBe('tag');
  expect((await titles())[0]).toBe('Mood late');
});
