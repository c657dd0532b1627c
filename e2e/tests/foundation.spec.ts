import { expect, test } from 'vitest';
import { signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest();

test('an admin signs in, sees the totals, adds an editor who then cannot manage users', async () => {
  const { page } = t.session;
  await page.goto(`${t.server.origin}/admin/dashboard`);
  // Not signed in: sent to the login screen.
  await page.waitForURL(`${t.server.origin}/admin`);
  await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Admin' }).isVisible()).toBe(true);

  await page.getByLabel('Username').fill(t.server.admin.username);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Incorrect username or password');

  await page.getByLabel('Password').fill(t.server.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/dashboard');
  await expect.poll(() => page.getByText('Welcome back, Administrator!').isVisible()).toBe(true);
  await expect.poll(() => page.getByLabel('Total Users: 1').isVisible()).toBe(true);
  await expect.poll(() => page.getByLabel('Total Posts: 0').isVisible()).toBe(true);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await dialog.getByLabel('Username').fill('erin');
  await dialog.getByLabel('Email').fill('erin@example.com');
  await dialog.getByLabel('Full Name').fill('Erin Editor');
  await dialog.getByLabel('Password').fill('erin-password-1');
  await dialog.getByLabel('Role').selectOption('editor');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  const row = page.getByRole('row').filter({ hasText: 'erin@example.com' });
  await expect.poll(() => row.getByText('Editor', { exact: true }).isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${t.server.origin}/admin`);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await signInThroughUi(page, t.server.origin, 'erin', 'erin-password-1');
  await expect.poll(() => page.getByText('Welcome back, Erin Editor!').isVisible()).toBe(true);
  await expect.poll(() => page.getByLabel('Total Users: 2').isVisible()).toBe(true);
  expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).count()).toBe(0);
  await page.goto(`${t.server.origin}/admin/users`);
  await expect
    .poll(() => page.getByRole('heading', { name: "You don't have access to this screen" }).isVisible())
    .toBe(true);
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/users/', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return res.status;
  });
  expect(status).toBe(403);
});
