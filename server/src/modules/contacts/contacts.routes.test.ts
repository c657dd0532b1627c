import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONTACT_MESSAGE_MAX, CONTACT_RECEIPT, contactInputSchema, type Contact } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { HttpError } from '../../core/errors.js';
import { createContactsService } from './contacts.service.js';

const inquiry = {
  name: 'Ann Walker',
  email: 'ann@example.com',
  phone: '+44 (0)20 7946 0958',
  subject: 'Sunset cruise',
  message: 'Is there room for four on Friday?',
};

/** Posts to the public endpoint as the website form does: no token. */
function sendInquiry(app: FastifyInstance, payload: Record<string, unknown> = inquiry, remoteAddress = '203.0.113.7') {
  return app.inject({ method: 'POST', url: '/api/contacts/', payload, remoteAddress });
}

async function listContacts(t: TestApp): Promise<Contact[]> {
  const res = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/contacts/' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function storedContactId(t: TestApp): Promise<number> {
  expect((await sendInquiry(t.app)).statusCode).toBe(201);
  const [contact] = await listContacts(t);
  return contact!.id;
}

forEachDialect('contacts', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { CONTACT_MAX_PER_HOUR: '3' });
  });
  afterEach(async () => t.close());

  describe('GET /contacts/summary', () => {
    it('counts the inquiries that are new, for every signed-in role, and no one else', async () => {
      await storedContactId(t);
      const second = await storedContactId(t);
      expect(
        (
          await injectAs(t.app, t.tokens.editor, {
            method: 'PUT',
            url: `/api/contacts/${second}/status?status=resolved`,
          })
        ).statusCode,
      ).toBe(200);
      const res = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/contacts/summary' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ new: 1, booking_requests: 0 });
      expect((await t.app.inject({ method: 'GET', url: '/api/contacts/summary' })).statusCode).toBe(401);
    });
  });

  describe('public POST /contacts/', () => {
    it('stores an inquiry without a token as status new and answers the receipt', async () => {
      const res = await sendInquiry(t.app);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(CONTACT_RECEIPT);
      const contacts = await listContacts(t);
      expect(contacts).toEqual([
        {
          id: expect.any(Number),
          ...inquiry,
          status: 'new',
          post: null,
          booking: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ]);
    });

    it("keeps the sender's address in the database but never sends it out", async () => {
      await sendInquiry(t.app, inquiry, '198.51.100.23');
      const row = await t.app.ctx.db.kysely.selectFrom('contacts').select('ip_address').executeTakeFirstOrThrow();
      expect(row.ip_address).toBe('198.51.100.23');
      expect((await listContacts(t))[0]).not.toHaveProperty('ip_address');
    });

    it('ignores the fields the server owns (id, status, timestamps)', async () => {
      const res = await sendInquiry(t.app, {
        ...inquiry,
        id: 99,
        status: 'resolved',
        created_at: '2001-01-01T00:00:00.000Z',
      });
      expect(res.statusCode).toBe(201);
      const [contact] = await listContacts(t);
      expect(contact).toMatchObject({ status: 'new' });
      expect(contact!.id).not.toBe(99);
      expect(contact!.created_at).not.toBe('2001-01-01T00:00:00.000Z');
    });

    it('accepts an inquiry without phone or subject', async () => {
      const res = await sendInquiry(t.app, { name: 'Bo', email: 'bo@example.com', message: 'Hello' });
      expect(res.statusCode).toBe(201);
      expect((await listContacts(t))[0]).toMatchObject({ phone: null, subject: '' });
    });

    it('accepts a urlencoded form post, as a form without script sends it', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ name: 'Cy', email: 'cy@example.com', message: 'Hi', website: '' }).toString(),
      });
      expect(res.statusCode).toBe(201);
      expect(await listContacts(t)).toHaveLength(1);
    });

    it('keeps HTML in every field verbatim, as text', async () => {
      const html = {
        name: '<b>Eve</b>',
        email: 'eve@example.com',
        subject: '<img src=x onerror=alert(1)>',
        message: '<script>alert("hi")</script>\n<a href="javascript:alert(1)">click</a>',
      };
      expect((await sendInquiry(t.app, html)).statusCode).toBe(201);
      expect((await listContacts(t))[0]).toMatchObject(html);
    });

    it.each([
      ['a missing email', { email: undefined }, 'email', 'Email is required'],
      ['an invalid email', { email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      ['a missing message', { message: undefined }, 'message', 'Message is required'],
      ['a blank message', { message: '   ' }, 'message', 'Message is required'],
      ['a missing name', { name: undefined }, 'name', 'Name is required'],
      [
        'a message over the limit',
        { message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) },
        'message',
        `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
      ],
      [
        'a phone with letters',
        { phone: 'call me maybe' },
        'phone',
        'Phone may contain only digits, spaces and + ( ) . / -',
      ],
    ])('refuses %s with 422 naming the field and stores nothing', async (_case, change, field, message) => {
      const res = await sendInquiry(t.app, { ...inquiry, ...change });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toContainEqual({ field, message });
      expect(res.json().detail).toContain(message);
      expect(await listContacts(t)).toEqual([]);
    });

    it('refuses a 1 MB message with 413 before reading it, and stores nothing', async () => {
      const res = await sendInquiry(t.app, { ...inquiry, message: 'x'.repeat(1024 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ detail: 'The request body is too large' });
      expect(await listContacts(t)).toEqual([]);
    });

    it('answers a filled honeypot exactly like a real inquiry but stores nothing', async () => {
      const real = await sendInquiry(t.app, { ...inquiry, website: '' });
      const bot = await sendInquiry(t.app, { ...inquiry, website: 'http://spam.example' });
      expect(bot.statusCode).toBe(real.statusCode);
      expect(bot.body).toBe(real.body);
      expect(await listContacts(t)).toHaveLength(1);
    });

    it('throttles one address after CONTACT_MAX_PER_HOUR inquiries with 429 and Retry-After, across both base paths', async () => {
      expect((await sendInquiry(t.app)).statusCode).toBe(201);
      expect((await sendInquiry(t.app)).statusCode).toBe(201);
      const third = await t.app.inject({
        method: 'POST',
        url: '/admin_vendor_api/api/contacts/',
        payload: inquiry,
        remoteAddress: '203.0.113.7',
      });
      expect(third.statusCode).toBe(201);

      const res = await sendInquiry(t.app);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ detail: 'Too many messages from your address. Please try again later.' });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await listContacts(t)).toHaveLength(3);

      expect((await sendInquiry(t.app, inquiry, '203.0.113.8')).statusCode).toBe(201);
    });

    // Review finding: the throttle counted, then inserted, so inquiries sent in parallel all passed the count.
    it('counts inquiries sent in parallel from one address, so no more than the limit is stored', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => sendInquiry(t.app)));
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
      expect(await listContacts(t)).toHaveLength(3);
    });

    it('counts the addresses of one IPv6 /64 as one sender', async () => {
      for (const n of [1, 2, 3])
        expect((await sendInquiry(t.app, inquiry, `2001:db8:aa:bb::${n}`)).statusCode).toBe(201);
      expect((await sendInquiry(t.app, inquiry, '2001:db8:aa:bb:ffff::1')).statusCode).toBe(429);
      expect((await sendInquiry(t.app, inquiry, '2001:db8:aa:bc::1')).statusCode).toBe(201);
    });

    it('lets the sandboxed website frame (origin "null") read the answer, without credentials', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/contacts/',
        headers: {
          origin: 'null',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'Content-Type',
      });
      expect(preflight.headers).not.toHaveProperty('access-control-allow-credentials');

      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/contacts/',
        headers: { origin: 'null' },
        payload: inquiry,
      });
      expect(ok.headers['access-control-allow-origin']).toBe('*');
      // Errors too, so the form can show the reason.
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/contacts/',
        headers: { origin: 'null' },
        payload: { ...inquiry, email: 'x' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.headers['access-control-allow-origin']).toBe('*');
    });

    it('grants no cross-origin access to the staff endpoints', async () => {
      const list = await injectAs(t.app, t.tokens.editor, {
        method: 'GET',
        url: '/api/contacts/',
        headers: { origin: 'null' },
      });
      expect(list.headers).not.toHaveProperty('access-control-allow-origin');
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/contacts/1/status',
        headers: { origin: 'null', 'access-control-request-method': 'PUT' },
      });
      expect(preflight.headers).not.toHaveProperty('access-control-allow-origin');
    });
  });

  describe('staff endpoints', () => {
    it('needs a token to list contacts', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/contacts/' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not authenticated' });
    });

    it('lists the newest inquiry first', async () => {
      await sendInquiry(t.app, { ...inquiry, subject: 'first' });
      await sendInquiry(t.app, { ...inquiry, subject: 'second' });
      expect((await listContacts(t)).map((c) => c.subject)).toEqual(['second', 'first']);
    });

    it('marks an inquiry in progress, then resolved, answering the whole contact', async () => {
      const id = await storedContactId(t);
      for (const status of ['in-progress', 'resolved'] as const) {
        const res = await injectAs(t.app, t.tokens.editor, {
          method: 'PUT',
          url: `/api/contacts/${id}/status?status=${status}`,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id, ...inquiry, status });
      }
      expect((await listContacts(t))[0]).toMatchObject({ status: 'resolved' });
    });

    it.each([['done'], ['NEW'], ['']])('refuses the unknown status %j with 422 and changes nothing', async (status) => {
      const id = await storedContactId(t);
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/contacts/${id}/status?status=${status}`,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        { field: 'status', message: 'Status must be one of new, in-progress, resolved' },
      ]);
      expect((await listContacts(t))[0]).toMatchObject({ status: 'new' });
    });

    it('refuses a status change without a status', async () => {
      const id = await storedContactId(t);
      const res = await injectAs(t.app, t.tokens.editor, { method: 'PUT', url: `/api/contacts/${id}/status` });
      expect(res.statusCode).toBe(422);
    });

    it('answers 404 for the status of an unknown contact', async () => {
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: '/api/contacts/999/status?status=resolved',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Contact not found' });
    });

    it('deletes an inquiry, then answers 404 for it', async () => {
      const id = await storedContactId(t);
      const res = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/contacts/${id}` });
      expect(res.statusCode).toBe(204);
      expect(await listContacts(t)).toEqual([]);
      const again = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/contacts/${id}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: 'Contact not found' });
    });

    it('lets a plain user read contacts but neither change nor delete them', async () => {
      const id = await storedContactId(t);
      const put = await injectAs(t.app, t.tokens.user, {
        method: 'PUT',
        url: `/api/contacts/${id}/status?status=resolved`,
      });
      expect(put.statusCode).toBe(403);
      const del = await injectAs(t.app, t.tokens.user, { method: 'DELETE', url: `/api/contacts/${id}` });
      expect(del.statusCode).toBe(403);
      expect((await listContacts(t))[0]).toMatchObject({ id, status: 'new' });
    });

    it('refuses a non-numeric id with 422', async () => {
      const res = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: '/api/contacts/abc' });
      expect(res.statusCode).toBe(422);
    });
  });

  describe('inquiries about a tour', () => {
    async function createPost(
      status: string,
      slug = `tour-${status}`,
    ): Promise<{ id: number; title: string; slug: string }> {
      const res = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/posts/',
        payload: { title: `Tour ${status}`, slug, status },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    }

    it('lists an inquiry with the published tour it names, and the dashboard counts it', async () => {
      const tour = await createPost('published');
      expect((await sendInquiry(t.app, { ...inquiry, post_id: tour.id })).statusCode).toBe(201);
      const [contact] = await listContacts(t);
      expect(contact!.post).toEqual({ id: tour.id, title: 'Tour published', slug: 'tour-published' });
      const stats = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/dashboard/stats' });
      expect(stats.json()).toMatchObject({ total_contacts: 1, new_contacts: 1 });
    });

    it('refuses a tour that is not published or does not exist with 422 naming post_id, and stores nothing', async () => {
      const draft = await createPost('draft');
      for (const post_id of [draft.id, 999_999]) {
        const res = await sendInquiry(t.app, { ...inquiry, post_id });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          detail: 'Tour not found',
          errors: [{ field: 'post_id', message: 'Tour not found' }],
        });
      }
      expect(await listContacts(t)).toEqual([]);
    });

    it('keeps the inquiry when its tour is deleted, with no tour, and the dashboard still counts it', async () => {
      const tour = await createPost('published');
      expect((await sendInquiry(t.app, { ...inquiry, post_id: tour.id })).statusCode).toBe(201);
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/posts/${tour.id}` })).statusCode,
      ).toBe(204);
      const [contact] = await listContacts(t);
      expect(contact).toMatchObject({ name: 'Ann Walker', post: null });
      // The column itself was emptied by the foreign key (ON DELETE SET NULL), not merely hidden by the join.
      const row = await t.app.ctx.db.kysely.selectFrom('contacts').select('post_id').executeTakeFirstOrThrow();
      expect(row.post_id).toBeNull();
      const stats = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/dashboard/stats' });
      expect(stats.json()).toMatchObject({ total_contacts: 1, new_contacts: 1 });
    });

    it('answers a filled honeypot with the receipt before looking at the tour, and stores nothing', async () => {
      const draft = await createPost('draft');
      const res = await sendInquiry(t.app, { ...inquiry, post_id: draft.id, website: 'http://spam.example' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(CONTACT_RECEIPT);
      expect(await listContacts(t)).toEqual([]);
    });

    it('refuses with the same field error when the tour vanishes between the check and the insert', async () => {
      // A posts service that vouches for a post already gone, as a concurrent delete would leave things.
      const posts = { ...t.app.ctx.services.posts, publishedTitle: async () => 'A tour already deleted' };
      const { mail, activity, departures } = t.app.ctx.services;
      const contacts = createContactsService({
        db: t.app.ctx.db,
        config: { contactMaxPerHour: 3 },
        posts,
        mail,
        activity,
        departures,
      });
      const refusal = await contacts
        .receive(contactInputSchema.parse({ ...inquiry, post_id: 999_999 }), '203.0.113.7')
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ statusCode: 422, errors: [{ field: 'post_id', message: 'Tour not found' }] });
      expect(await listContacts(t)).toEqual([]);
    });
  });
});
