import { expect, test } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { launchBrowser, seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';

const t = useBrowserTest();

/** What an authenticator app shows for this key, `steps` 30-second steps from now. */
function codeFor(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

async function openAccount(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Account', level: 1 }).isVisible()).toBe(true);
}

/** The password step of the sign-in screen; the code step follows for an account with two-factor sign-in on. */
async function typePassword(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${t.server.origin}/admin`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Makes an editor through the API, as the signed-in admin. */
async function createEditor(page: Page, username: string, fullName: string, password: string): Promise<void> {
  const status = await page.evaluate(
    async ({ username, fullName, password }) => {
      const res = await fetch('/api/users/', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          username,
          email: `${username}@example.com`,
          full_name: fullName,
          password,
          role: 'editor',
        }),
      });
      return res.status;
    },
    { username, fullName, password },
  );
  expect(status).toBe(201);
}

test('an editor turns on two-factor sign-in by typing the key shown and their password, signs out, and signs in with a code, then a recovery code', async () => {
  const { page } = t.session;
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await createEditor(page, 'erin', 'Erin Editor', 'erin-password-1');
  await page.getByRole('button', { name: 'Logout' }).click();
  // Erin is signed in on another browser too: turning it on signs that one out.
  const other = await launchBrowser();
  try {
    await signInThroughUi(other.page, t.server.origin, 'erin', 'erin-password-1');
    await signInThroughUi(page, t.server.origin, 'erin', 'erin-password-1');

    await openAccount(page);
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect
      .poll(() => card.getByRole('img', { name: 'QR code to scan with your authenticator app' }).isVisible())
      .toBe(true);
    // Scanning nothing: the key as text, typed into "the app" (computed here).
    const secret = (await card.getByLabel('Secret key').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByLabel(/^Code from the app/).fill(codeFor(secret));
    // Someone at a browser left signed in does not know the password: refused at its field.
    const password = card.getByLabel(/^Your Password/);
    await password.fill('not erins password');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(await card.getByText('Your current password is not right').isVisible()).toBe(true);
    expect(await seriousFindings(page)).toEqual([]);
    await password.fill('erin-password-1');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await other.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts' }).click();
    await expect.poll(() => other.page.getByRole('heading', { name: 'Sign in to Admin' }).isVisible()).toBe(true);
    await continueWithCodes(page, secret);
  } finally {
    await other.close();
  }
});

/** Erin's two-factor sign-in, just turned on: the recovery codes saved, then a sign-in with a code and one with a recovery code. */
async function continueWithCodes(page: Page, secret: string): Promise<void> {
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect.poll(() => codes.count()).toBe(10);
  const recoveryCode = (await codes.first().textContent())!;
  await card.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect.poll(() => card.getByText(/On: signing in asks for a code/).isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Logout' }).click();
  await typePassword(page, 'erin', 'erin-password-1');
  const code = page.getByLabel('Authentication code');
  await expect.poll(() => code.isVisible()).toBe(true);
  // The code of the next step: the one that turned it on was used, and a code is accepted once.
  await code.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin/dashboard');
  await expect.poll(() => page.getByText('Welcome back, Erin Editor!').isVisible()).toBe(true);

  // The dashboard's Recent Activity tells what happened, newest first.
  const recent = page.getByRole('region', { name: 'Recent Activity' });
  await expect
    .poll(() => recent.getByRole('listitem').first().textContent())
    .toMatch(/Erin Editor · Signed in · User erin/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await typePassword(page, 'erin', 'erin-password-1');
  await page.getByLabel('Authentication code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin/dashboard');
  await openAccount(page);
  await expect.poll(() => page.getByText(/9 recovery codes left/).isVisible()).toBe(true);
}

test('changing the e-mail address asks for the password, and shows a wrong one at its field', async () => {
  const { page } = t.session;
  await page
    .getByRole('button', { name: 'Logout' })
    .click()
    .catch(() => undefined);
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await createEditor(page, 'dora', 'Dora Editor', 'dora-password-1');
  await page.getByRole('button', { name: 'Logout' }).click();
  await signInThroughUi(page, t.server.origin, 'dora', 'dora-password-1');
  await openAccount(page);
  const details = page.getByRole('region', { name: 'Your details' });
  expect(await details.getByLabel(/^Your Password/).count()).toBe(0);
  await details.getByLabel(/^Email/).fill('dora@harbour.example');
  const password = details.getByLabel(/^Your Password/);
  await password.fill('a guess');
  await details.getByRole('button', { name: 'Save Details' }).click();
  await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
  expect(await details.getByText('Your current password is not right').isVisible()).toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  await password.fill('dora-password-1');
  await details.getByRole('button', { name: 'Save Details' }).click();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Your details were saved.' }).isVisible())
    .toBe(true);
  await page.reload();
  await expect
    .poll(() =>
      page
        .getByRole('region', { name: 'Your details' })
        .getByLabel(/^Email/)
        .inputValue(),
    )
    .toBe('dora@harbour.example');
});

test('ending another session: that browser loses access at its next action', async () => {
  const { page } = t.session;
  await page
    .getByRole('button', { name: 'Logout' })
    .click()
    .catch(() => undefined);
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await createEditor(page, 'otto', 'Otto Editor', 'otto-password-1');
  await page.getByRole('button', { name: 'Logout' }).click();

  const laptop = page;
  const phone = await launchBrowser();
  try {
    await signInThroughUi(laptop, t.server.origin, 'otto', 'otto-password-1');
    await signInThroughUi(phone.page, t.server.origin, 'otto', 'otto-password-1');

    await openAccount(laptop);
    const sessions = laptop.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await sessions.first().textContent()).toContain('This browser');
    await sessions
      .nth(1)
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await expect.poll(() => sessions.count()).toBe(1);

    // The other browser still shows the admin, until it does anything.
    await phone.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts' }).click();
    await expect.poll(() => phone.page.getByRole('heading', { name: 'Sign in to Admin' }).isVisible()).toBe(true);
    expect(await phone.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // This one carries on.
    await laptop.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts' }).click();
    await expect.poll(() => laptop.getByRole('heading', { name: 'Posts', level: 1 }).isVisible()).toBe(true);
  } finally {
    await phone.close();
  }
});

test('an administrator reads the activity log and filters it by person', async () => {
  const { page } = t.session;
  await page
    .getByRole('button', { name: 'Logout' })
    .click()
    .catch(() => undefined);
  await signInThroughUi(page, t.server.origin, t.server.admin.username, t.server.admin.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Activity', level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('option', { name: 'Erin Editor' }).count()).toBe(1);
  await page.getByLabel('Person').selectOption({ label: 'Erin Editor' });
  const rows = page.getByRole('table').getByRole('row');
  await expect
    .poll(async () => (await rows.allTextContents()).slice(1).every((row) => row.includes('Erin Editor')))
    .toBe(true);
  expect((await rows.allTextContents()).join('\n')).toMatch(/Two-factor sign-in[\s\S]*Turned on two-factor sign-in/);
});
