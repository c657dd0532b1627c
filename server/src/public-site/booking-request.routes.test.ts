import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Contact } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';

/** "Request this date" on a tour page (issue 29 item 4): the form with the date chosen, its refusals, its answer. */
forEachDialect('Requesting a date on the tour page', (dialect) => {
  let t: TestApp;
  let tourId: number;
  let sender = 0;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
    tourId = (
      await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/posts/',
        payload: { title: 'Old town walk', slug: 'old-town', status: 'published', price: 40 },
      })
    ).json<{ id: number }>().id;
  });
  afterEach(async () => t.close());

  const host = { host: 'tours.test' };
  const add = async (payload: object) => {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${tourId}/departures`,
      payload: { starts_on: '2099-03-02', start_time: '09:00', ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const open = (query: string) =>
    t.app.inject({ method: 'GET', url: `/tours/old-town/inquiry${query}`, headers: host });
  const send = (fields: Record<string, string>) => {
    sender += 1;
    return t.app.inject({
      method: 'POST',
      url: '/tours/old-town/inquiry',
      payload: new URLSearchParams({
        name: 'Maya Silva',
        email: 'maya@example.com',
        message: 'Hi',
        ...fields,
      }).toString(),
      headers: { ...host, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: `198.51.100.${sender}`,
    });
  };
  const contacts = async () =>
    (await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/contacts/' })).json<Contact[]>();

  it('links each bookable date of the table to the request form, and no closed one', async () => {
    const bookable = await add({ seats_total: 6 });
    const cancelled = await add({ starts_on: '2099-03-03', status: 'cancelled' });
    const page = (await t.app.inject({ method: 'GET', url: '/tours/old-town', headers: host })).body;
    expect(page).toContain(`<a class="request-date" href="/tours/old-town/inquiry?departure=${bookable}">`);
    expect(page).not.toContain(`departure=${cancelled}`);
  });

  it('shows the form with the date chosen and the party limited to the seats left', async () => {
    const id = await add({ seats_total: 6 });
    const res = await open(`?departure=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1 class="title">Request this date</h1>');
    expect(res.body).toContain(`<input type="hidden" name="departure_id" value="${id}">`);
    expect(res.body).toContain('<strong>Date:</strong> Mon, 2 Mar 2099, 09:00');
    expect(res.body).toContain('(6 seats left)');
    expect(res.body).toMatch(
      /<label for="inquiry-adults">Adults<\/label><input id="inquiry-adults"[^>]* min="1" max="6"/,
    );
    expect(res.body).toMatch(
      /<label for="inquiry-children">Children<\/label><input id="inquiry-children"[^>]* min="0"/,
    );
    expect(res.body).toContain('Send booking request');
    // Another tour's date, or none at all, is the tour's plain form.
    expect((await open('?departure=999999')).headers.location).toBe('/tours/old-town#inquiry');
  });

  it('stores the request and thanks the visitor; a second party larger than the seats left is told why', async () => {
    const id = await add({ seats_total: 6 });
    const first = await send({ departure_id: String(id), adults: '4', children: '0' });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/tours/old-town#inquiry-sent');
    expect((await contacts())[0]?.booking).toMatchObject({ status: 'requested', adults: 4, children: 0 });

    const second = await send({ departure_id: String(id), adults: '2', children: '1', message: 'Three of us' });
    expect(second.statusCode).toBe(422);
    expect(second.body).toContain('<h1 class="title">Your inquiry was not sent</h1>');
    expect(second.body).toContain('<li><a href="#inquiry-adults">Only 2 seats are left on this date</a></li>');
    // The form is kept: the date, the party and the message as typed.
    expect(second.body).toContain(`<input type="hidden" name="departure_id" value="${id}">`);
    expect(second.body).toContain('(2 seats left)');
    expect(second.body).toMatch(/id="inquiry-adults"[^>]* value="2" aria-invalid="true"/);
    expect(second.body).toContain('>Three of us</textarea>');
    expect(await contacts()).toHaveLength(1);
  });

  it('says why a closed date cannot be requested', async () => {
    const id = await add({ starts_on: '2099-03-04', status: 'cancelled' });
    const res = await open(`?departure=${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('<li>This date is cancelled</li>');
    expect(res.body).not.toContain('name="departure_id"');
    const sent = await send({ departure_id: String(id), adults: '1' });
    expect(sent.statusCode).toBe(422);
    expect(sent.body).toContain('<li>This date is cancelled</li>');
    expect(await contacts()).toEqual([]);
  });
});
