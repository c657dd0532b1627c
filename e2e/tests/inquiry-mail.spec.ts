import { afterAll, beforeAll, expect, test } from 'vitest';
import { seriousFindings, signInThroughUi, useBrowserTest } from '../src/index.js';
import { bodyText, headerLines, startTestMailServer, type TestMailServer } from '../../server/src/test/smtp-server.js';

let smtp: TestMailServer;
// The mail server starts first, so that the server's environment can name it.
beforeAll(async () => {
  smtp = await startTestMailServer();
});
afterAll(async () => smtp?.close());

const t = useBrowserTest(() => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Sunny Tours <no-reply@sunny-tours.example>',
  SCHEDULER_INTERVAL_SECONDS: '5',
}));

test('an office manager chooses who is told of inquiries, sends a test e-mail, and is told of a visitor’s inquiry within a minute', async () => {
  const { page } = t.session;
  const origin = t.server.origin;
  await signInThroughUi(page, origin, t.server.admin.username, t.server.admin.password);
  // A published tour to ask about.
  const created = await page.evaluate(async () => {
    const res = await fetch('/api/posts/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Dolphin Watching',
        slug: 'dolphin-watching',
        status: 'published',
        short_description: 'Two hours at sea',
      }),
    });
    return res.status;
  });
  expect(created).toBe(201);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const card = page.getByRole('region', { name: 'E-mail notifications' });
  await expect
    .poll(() => card.getByText('E-mail is sent from Sunny Tours <no-reply@sunny-tours.example>.').isVisible())
    .toBe(true);
  expect(await seriousFindings(page)).toEqual([]);
  const field = card.getByLabel('Send inquiries to');
  await field.fill('office@sunny-tours.example\nnot-an-address');
  await card.getByRole('button', { name: 'Save E-mail Settings' }).click();
  await expect.poll(() => card.getByText('"not-an-address" is not an e-mail address').isVisible()).toBe(true);
  await field.fill('office@sunny-tours.example');
  await card.getByRole('button', { name: 'Save E-mail Settings' }).click();
  await expect.poll(() => page.getByText('E-mail settings saved.').isVisible()).toBe(true);
  await card.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect.poll(() => page.getByText('Test e-mail sent to office@sunny-tours.example.').isVisible()).toBe(true);
  expect(headerLines(smtp.received[0]!.raw)).toContain('Subject: Test e-mail from Tours CMS');

  // A visitor asks about the tour from their phone.
  const visitor = await t.session.browser.newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(`${origin}/tours/dolphin-watching`);
  const form = visitor.getByRole('region', { name: 'Ask about this tour' });
  await form.getByLabel('Name').fill('Maya Silva');
  await form.getByLabel('Email').fill('maya@example.com');
  await form.getByLabel('Message').fill('Is it calm in the morning?');
  await form.getByRole('button', { name: 'Send inquiry' }).click();
  await visitor.waitForURL(`${origin}/tours/dolphin-watching#inquiry-sent`);
  await visitor.close();

  await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(2);
  const mail = smtp.received[1]!;
  expect(mail.to).toEqual(['office@sunny-tours.example']);
  expect(headerLines(mail.raw)).toContain('Reply-To: Maya Silva <maya@example.com>');
  const body = bodyText(mail.raw);
  expect(body).toContain('Is it calm in the morning?');
  const link = /(http:\/\/\S+\/admin\/contacts\?view=\d+)/.exec(body)![1]!;

  // The sidebar counts the new inquiry, and the link in the e-mail opens it.
  await page.reload();
  await expect
    .poll(() =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts 1 new' }).isVisible(),
    )
    .toBe(true);
  await page.goto(link);
  const details = page.getByRole('dialog');
  await expect.poll(() => details.getByText('Is it calm in the morning?').isVisible()).toBe(true);
});
