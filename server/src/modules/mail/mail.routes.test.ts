import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_NOT_CONFIGURED_MESSAGE } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import {
  bodyText,
  headerLines,
  startSilentServer,
  startTestMailServer,
  type TestMailServer,
} from '../../test/smtp-server.js';
import { MAIL_MAX_ATTEMPTS } from './mail.service.js';

const inquiry = {
  name: 'Ann Walker',
  email: 'ann@example.com',
  phone: '+44 20 7946 0958',
  subject: 'Room for four?',
  message: 'Is there room for four on Friday?\nWe have two children.',
};

const MAIL_ENV = {
  MAIL_FROM: 'Sunny Tours <no-reply@sunny-tours.example>',
  PUBLIC_ORIGIN: 'https://sunny-tours.example',
};

function sendInquiry(t: TestApp, payload: Record<string, unknown> = inquiry) {
  return t.app.inject({ method: 'POST', url: '/api/contacts/', payload, remoteAddress: '203.0.113.7' });
}

async function setRecipients(t: TestApp, recipients: unknown) {
  return injectAs(t.app, t.tokens.admin, {
    method: 'PUT',
    url: '/api/settings/mail',
    payload: { inquiry_recipients: recipients },
  });
}

async function mailStatus(t: TestApp) {
  const res = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/settings/mail' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function publishedTour(t: TestApp, title: string): Promise<number> {
  const res = await injectAs(t.app, t.tokens.editor, {
    method: 'POST',
    url: '/api/posts/',
    payload: { title, slug: 'sunset-cruise', status: 'published' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const inAMinute = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

forEachDialect('e-mail to staff', (dialect) => {
  describe('without SMTP settings', () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
    });
    afterEach(async () => t.close());

    it('says that no e-mail is sent, queues nothing for an inquiry, and refuses a test message with the reason', async () => {
      expect(await mailStatus(t)).toMatchObject({ configured: false, from: null, undelivered: [] });
      expect((await setRecipients(t, ['office@sunny-tours.example'])).statusCode).toBe(200);
      expect((await sendInquiry(t)).statusCode).toBe(201);
      expect(await t.app.ctx.db.kysely.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
      const test = await injectAs(t.app, t.tokens.admin, { method: 'POST', url: '/api/settings/mail/test' });
      expect(test.statusCode).toBe(409);
      expect(test.json().detail).toBe(MAIL_NOT_CONFIGURED_MESSAGE);
    });
  });

  describe('with a mail server', () => {
    let t: TestApp;
    let smtp: TestMailServer;
    beforeEach(async () => {
      smtp = await startTestMailServer();
      t = await createTestApp(dialect, { ...MAIL_ENV, SMTP_URL: smtp.url, SMTP_TIMEOUT_SECONDS: '2' });
    });
    afterEach(async () => {
      await t.close();
      await smtp.close();
    });

    it('lets administrators alone choose who is told, and refuses what is not an e-mail address', async () => {
      expect(
        (
          await injectAs(t.app, t.tokens.editor, {
            method: 'PUT',
            url: '/api/settings/mail',
            payload: { inquiry_recipients: [] },
          })
        ).statusCode,
      ).toBe(403);
      expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/settings/mail' })).statusCode).toBe(
        403,
      );
      const bad = await setRecipients(t, ['office@sunny-tours.example', 'not an address']);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0]).toMatchObject({
        field: 'inquiry_recipients[1]',
        message: 'Enter a valid email address',
      });
      const saved = await setRecipients(t, [
        'Office@Sunny-Tours.example',
        'guides@sunny-tours.example',
        'office@sunny-tours.example',
      ]);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        configured: true,
        from: MAIL_ENV.MAIL_FROM,
        inquiry_recipients: ['office@sunny-tours.example', 'guides@sunny-tours.example'],
      });
      const activity = await injectAs(t.app, t.tokens.admin, {
        method: 'GET',
        url: '/api/activity/?item_type=settings',
      });
      expect(activity.json().entries[0]).toMatchObject({
        item_title: 'E-mail notifications',
        summary: 'Send inquiries to office@sunny-tours.example, guides@sunny-tours.example',
      });
    });

    it('tells the recipients of an inquiry: the tour, who sent it and how to reach them, with a link to it, replying to the visitor', async () => {
      await setRecipients(t, ['office@sunny-tours.example', 'guides@sunny-tours.example']);
      const postId = await publishedTour(t, 'Sunset Cruise');
      expect((await sendInquiry(t, { ...inquiry, post_id: postId })).statusCode).toBe(201);
      // The visitor's answer did not wait: the message is queued, not sent.
      expect(smtp.received).toEqual([]);
      expect(await t.app.ctx.services.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.to).toEqual(['office@sunny-tours.example', 'guides@sunny-tours.example']);
      expect(mail!.from).toBe('no-reply@sunny-tours.example');
      const headers = headerLines(mail!.raw);
      expect(headers).toContain('Subject: New inquiry about Sunset Cruise from Ann Walker: Room for four?');
      expect(headers).toContain('Reply-To: Ann Walker <ann@example.com>');
      const contact = await t.app.ctx.db.kysely.selectFrom('contacts').select('id').executeTakeFirstOrThrow();
      for (const line of [
        'Name: Ann Walker',
        'E-mail: ann@example.com',
        'Phone: +44 20 7946 0958',
        'We have two children.',
        `https://sunny-tours.example/admin/contacts?view=${contact.id}`,
      ]) {
        expect(bodyText(mail!.raw)).toContain(line);
      }
      expect(await mailStatus(t)).toMatchObject({ undelivered: [], last_sent_at: expect.any(String) });
      // Once sent, never again.
      expect(await t.app.ctx.services.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
    });

    it('never lets what a visitor typed reach the headers: a line break in the name or subject stays text', async () => {
      await setRecipients(t, ['office@sunny-tours.example']);
      const res = await sendInquiry(t, {
        ...inquiry,
        name: 'Eve\r\nBcc: mallory@evil.test',
        subject: 'Hi\r\nBcc: mallory@evil.test\r\n\r\nInjected body',
      });
      expect(res.statusCode).toBe(201);
      await t.app.ctx.services.mail.deliverDue();
      const [mail] = smtp.received;
      expect(mail!.to).toEqual(['office@sunny-tours.example']);
      const headers = headerLines(mail!.raw);
      expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
      expect(headers).toContain(
        'Subject: New inquiry from Eve Bcc: mallory@evil.test: Hi Bcc: mallory@evil.test Injected body',
      );
    });

    it('keeps the inquiry and retries with back-off when the mail server refuses, shows the error, and sends once it accepts', async () => {
      await setRecipients(t, ['office@sunny-tours.example']);
      smtp.refuseWith = '550 Mailbox unavailable';
      expect((await sendInquiry(t)).statusCode).toBe(201);
      expect(await t.app.ctx.services.mail.deliverDue()).toEqual({ sent: 0, failed: 1 });
      const status = await mailStatus(t);
      expect(status.undelivered).toEqual([
        expect.objectContaining({
          status: 'pending',
          attempts: 1,
          recipients: ['office@sunny-tours.example'],
          last_error: expect.stringContaining('550 Mailbox unavailable'),
        }),
      ]);
      expect(Date.parse(status.undelivered[0].next_attempt_at)).toBeGreaterThan(Date.now());
      // Not due again yet; then due, and the server accepts.
      expect(await t.app.ctx.services.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
      smtp.refuseWith = null;
      expect(await t.app.ctx.services.mail.deliverDue(inAMinute(2))).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect((await mailStatus(t)).undelivered).toEqual([]);
      const contacts = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/contacts/' });
      expect(contacts.json()).toHaveLength(1);
    });

    it(`gives a message up after ${MAIL_MAX_ATTEMPTS} tries and lists it as failed`, async () => {
      await setRecipients(t, ['office@sunny-tours.example']);
      smtp.refuseWith = '554 Rejected';
      await sendInquiry(t);
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        expect(await t.app.ctx.services.mail.deliverDue(inAMinute(attempt * 120))).toEqual({ sent: 0, failed: 1 });
      }
      expect(await t.app.ctx.services.mail.deliverDue(inAMinute(100_000))).toEqual({ sent: 0, failed: 0 });
      expect((await mailStatus(t)).undelivered).toEqual([
        expect.objectContaining({
          status: 'failed',
          attempts: MAIL_MAX_ATTEMPTS,
          next_attempt_at: null,
          last_error: expect.stringContaining('554'),
        }),
      ]);
    });

    it('sends a message once when deliveries run at the same moment', async () => {
      await setRecipients(t, ['office@sunny-tours.example']);
      await sendInquiry(t);
      const runs = await Promise.all([
        t.app.ctx.services.mail.deliverDue(),
        t.app.ctx.services.mail.deliverDue(),
        t.app.ctx.services.mail.deliverDue(),
      ]);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
      expect(smtp.received).toHaveLength(1);
    });

    it('sends a test message at once to the recipients, and says why when there is no one to send to or the server refuses', async () => {
      const send = () => injectAs(t.app, t.tokens.admin, { method: 'POST', url: '/api/settings/mail/test' });
      const nobody = await send();
      expect(nobody.statusCode).toBe(422);
      expect(nobody.json().errors[0]).toMatchObject({ field: 'inquiry_recipients' });
      await setRecipients(t, ['office@sunny-tours.example']);
      const sent = await send();
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ sent_to: ['office@sunny-tours.example'] });
      expect(headerLines(smtp.received[0]!.raw)).toContain('Subject: Test e-mail from Tours CMS');
      smtp.refuseWith = '550 No such user here';
      const refused = await send();
      expect(refused.statusCode).toBe(502);
      expect(refused.json().detail).toContain('550 No such user here');
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/settings/mail/test' })).statusCode,
      ).toBe(403);
    });
  });

  it('retries later when the mail server does not answer, and the inquiry is stored', async () => {
    const silent = await startSilentServer();
    const t = await createTestApp(dialect, { ...MAIL_ENV, SMTP_URL: silent.url, SMTP_TIMEOUT_SECONDS: '1' });
    try {
      await setRecipients(t, ['office@sunny-tours.example']);
      expect((await sendInquiry(t)).statusCode).toBe(201);
      expect(await t.app.ctx.services.mail.deliverDue()).toEqual({ sent: 0, failed: 1 });
      const [message] = (await mailStatus(t)).undelivered;
      expect(message).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: expect.stringMatching(/greeting|timeout|timed out/i),
      });
    } finally {
      await t.close();
      await silent.close();
    }
  });

  it('sends an inquiry soon without anyone asking: the delivery loop hears of it as it is queued', async () => {
    const smtp = await startTestMailServer();
    // The periodic jobs run (once an hour here), so only the queued message's own signal can send it quickly.
    const t = await createTestApp(dialect, { ...MAIL_ENV, SMTP_URL: smtp.url, SCHEDULER_INTERVAL_SECONDS: '3600' });
    try {
      await setRecipients(t, ['office@sunny-tours.example']);
      await t.app.ready();
      expect((await sendInquiry(t)).statusCode).toBe(201);
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
