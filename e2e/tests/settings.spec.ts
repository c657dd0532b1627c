import { expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest();

test('an admin sets the site name, currency and languages; they hold after a reload and the API answers them', async () => {
  const { page } = t.session;
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
  await page.getByRole('textbox', { name: 'Site Name', exact: true }).fill('Azure Bay Tours');
  await page.getByLabel(/^Currency/).fill('XYZ');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect
    .poll(() => page.getByText('Currency must be an ISO 4217 code, such as EUR or USD').isVisible())
    .toBe(true);
  await page.getByLabel(/^Currency/).fill('usd');
  await page.getByLabel('Contact Email').fill('hello@azurebay.example.com');
  // The site's languages: German and Brazilian Portuguese added by their tags, German made the default.
  await page.getByLabel('Add a Language').fill('de');
  await page.getByLabel('Add a Language').press('Enter');
  await page.getByLabel('Add a Language').fill('pt-br');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Default Language').selectOption('de');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toBe('Settings saved.');

  await page.reload();
  await expect.poll(() => page.getByLabel(/^Currency/).inputValue()).toBe('USD');
  expect(await page.getByRole('textbox', { name: 'Site Name', exact: true }).inputValue()).toBe('Azure Bay Tours');
  expect(await page.getByLabel('Default Language').inputValue()).toBe('de');
  const languages = page.getByRole('list', { name: "The Site's Languages" }).getByRole('listitem');
  expect(await languages.allTextContents()).toEqual([
    'Deutsch (de)Default',
    'English (en)Remove',
    expect.stringMatching(/\(pt-BR\)Remove$/),
  ]);
  const saved = await page.evaluate(async () => {
    const res = await fetch('/api/settings', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return res.json();
  });
  expect(saved).toMatchObject({
    site_name: 'Azure Bay Tours',
    currency: 'USD',
    contact_email: 'hello@azurebay.example.com',
    default_language: 'de',
    languages: ['de', 'en', 'pt-BR'],
  });
});
