import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityPage, Contact, Departure } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';

const visitor = { name: 'Ann Walker', email: 'ann@example.com', message: 'We would like to come along.' };

/** Booking requests and their confirmation (issue 29 items 4 and 5), through the real app on each database. */
forEachDialect('Booking requests', (dialect) => {
  let t: TestApp;
  let tourId: number;
  let sender = 0;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    tourId = await createTour('old-town', 'published');
  });
  afterEach(async () => t.close());

  async function createTour(slug: string, status: string): Promise<number> {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: '/api/posts/',
      payload: { title: `Tour ${slug}`, slug, status, price: 40 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }
  async function addDeparture(payload: object, postId = tourId): Promise<Departure> {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${postId}/departures`,
      payload: { starts_on: '2099-05-02', start_time: '09:30', ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Departure>();
  }
  const departure = async (id: number, postId = tourId) =>
    (await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/posts/${postId}/departures?from=2000-01-01` }))
      .json<Departure[]>()
      .find((d) => d.id === id)!;
  /** Each request from its own address, so the per-address throttle never counts them together. */
  const request = (payload: object) => {
    sender += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/contacts/',
      payload: { ...visitor, post_id: tourId, ...payload },
      remoteAddress: `10.${(sender >> 16) & 255}.${(sender >> 8) & 255}.${sender & 255}`,
    });
  };
  const contacts = async () =>
    (await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/contacts/' })).json<Contact[]>();
  const step = (id: number, action: string, token = t.tokens.editor) =>
    injectAs(t.app, token, { method: 'POST', url: `/api/contacts/${id}/booking/${action}` });
  const requestedId = async (departureId: number, adults: number, children = 0) => {
    expect((await request({ departure_id: departureId, adults, children })).statusCode).toBe(201);
    return (await contacts()).find((c) => c.booking?.departure?.id === departureId && c.booking.adults === adults)!.id;
  };

  it('stores a request with its date and party, shows it to staff and counts it on the summary', async () => {
    const day = await addDeparture({ seats_total: 6 });
    const res = await request({ departure_id: day.id, adults: '2', children: '1' });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await contacts();
    expect(stored).toMatchObject({
      post: { id: tourId, slug: 'old-town' },
      booking: {
        status: 'requested',
        adults: 2,
        children: 1,
        departure: { id: day.id, starts_on: '2099-05-02', start_time: '09:30' },
      },
    });
    const summary = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/contacts/summary' });
    expect(summary.json()).toEqual({ new: 1, booking_requests: 1 });
    // A request holds its seats but takes none until staff confirm it.
    expect((await departure(day.id)).seats_taken).toBe(0);
    // The departure alone names its tour.
    expect((await request({ post_id: null, departure_id: day.id, adults: 1 })).statusCode).toBe(201);
    expect((await contacts())[0]!.post?.id).toBe(tourId);
  });

  it('refuses requests that cannot be booked with a 422 naming the field, and stores nothing', async () => {
    const other = await createTour('harbour', 'published');
    const draft = await createTour('hidden', 'draft');
    const open = await addDeparture({ seats_total: 6 });
    const cancelled = await addDeparture({ starts_on: '2099-05-03', status: 'cancelled' });
    const past = await addDeparture({ starts_on: '2001-01-01' });
    const othersDay = await addDeparture({}, other);
    const draftsDay = await addDeparture({}, draft);
    const cases: [object, string, string][] = [
      [{ departure_id: 999_999, adults: 1 }, 'departure_id', 'This date is not offered'],
      [{ departure_id: othersDay.id, adults: 1 }, 'departure_id', 'This date is not one of this tour’s'],
      [{ departure_id: cancelled.id, adults: 1 }, 'departure_id', 'This date is cancelled'],
      [{ departure_id: past.id, adults: 1 }, 'departure_id', 'This date has passed'],
      [{ post_id: null, departure_id: draftsDay.id, adults: 1 }, 'departure_id', 'This date cannot be requested'],
      [{ departure_id: open.id, adults: 0, children: 2 }, 'adults', 'At least one adult is needed'],
      [{ departure_id: open.id }, 'adults', 'At least one adult is needed'],
      [{ departure_id: open.id, adults: 100 }, 'adults', 'A party can be at most 99 people'],
      [{ departure_id: open.id, adults: 60, children: 40 }, 'adults', 'A party can be at most 99 people'],
      [{ departure_id: open.id, adults: 1.5 }, 'adults', 'Adults must be a whole number'],
      [{ departure_id: open.id, adults: 1, children: -1 }, 'children', 'Children cannot be negative'],
      [{ departure_id: open.id, adults: 5, children: 2 }, 'adults', 'Only 6 seats are left on this date'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await request(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toContainEqual({ field, message });
    }
    expect(await contacts()).toEqual([]);
  });

  it('counts waiting requests against the seats left, and refuses a sold-out date', async () => {
    const day = await addDeparture({ seats_total: 6 });
    expect((await request({ departure_id: day.id, adults: 4 })).statusCode).toBe(201);
    const second = await request({ departure_id: day.id, adults: 2, children: 1 });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual([{ field: 'adults', message: 'Only 2 seats are left on this date' }]);
    const first = (await contacts())[0]!.id;
    expect((await step(first, 'confirm')).statusCode).toBe(200);
    expect((await request({ departure_id: day.id, adults: 2 })).statusCode).toBe(201);
    const last = (await contacts())[0]!.id;
    expect((await step(last, 'confirm')).statusCode).toBe(200);
    const soldOut = await request({ departure_id: day.id, adults: 1 });
    expect(soldOut.json().errors).toEqual([{ field: 'departure_id', message: 'This date is sold out' }]);
  });

  it('confirms, declines and cancels, moving the seats and logging who did each step', async () => {
    const day = await addDeparture({ seats_total: 10 });
    const four = await requestedId(day.id, 3, 1);
    const two = await requestedId(day.id, 2);
    const confirmed = await step(four, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Contact>().booking?.status).toBe('confirmed');
    expect((await departure(day.id)).seats_taken).toBe(4);
    // Once is enough: a second confirmation, or a decline, of a confirmed booking changes nothing.
    expect((await step(four, 'confirm')).statusCode).toBe(409);
    expect((await step(four, 'decline')).statusCode).toBe(409);
    expect((await departure(day.id)).seats_taken).toBe(4);

    expect((await step(two, 'decline')).json<Contact>().booking?.status).toBe('declined');
    expect((await step(two, 'confirm')).statusCode).toBe(409);
    expect((await departure(day.id)).seats_taken).toBe(4);

    // A departure with confirmed bookings cannot be deleted; cancelling the booking gives its seats back.
    const del = await injectAs(t.app, t.tokens.editor, {
      method: 'DELETE',
      url: `/api/posts/${tourId}/departures/${day.id}`,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ seats_taken: 4 });
    expect((await step(four, 'cancel')).json<Contact>().booking?.status).toBe('cancelled');
    expect((await departure(day.id)).seats_taken).toBe(0);
    expect((await step(four, 'cancel')).statusCode).toBe(409);

    const log = await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/activity/?item_type=contact' });
    const summaries = log
      .json<ActivityPage>()
      .entries.filter((entry) => entry.item_type === 'contact' && entry.action === 'status')
      .map((entry) => `${entry.actor_name}: ${entry.summary}`);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Editor One: Booking confirmed: 4 seats on 2099-05-02 09:30',
        'Editor One: Booking declined: 2 seats on 2099-05-02 09:30',
        'Editor One: Booking cancelled: 4 seats on 2099-05-02 09:30',
      ]),
    );
  });

  it('answers 409 with the seats left when a confirmation does not fit, and takes nothing', async () => {
    const day = await addDeparture({ seats_total: 200 });
    const big = await requestedId(day.id, 8);
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/posts/${tourId}/departures/${day.id}`,
      payload: { starts_on: '2099-05-02', start_time: '09:30', seats_total: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await step(big, 'confirm');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'Only 5 seats are left on this departure; this booking needs 8',
      seats_left: 5,
    });
    expect((await departure(day.id)).seats_taken).toBe(0);
    expect((await contacts()).find((c) => c.id === big)?.booking?.status).toBe('requested');
  });

  it('lets only editors and administrators take a step, and answers 404 and 422 for bad ids and actions', async () => {
    const day = await addDeparture({ seats_total: 4 });
    const id = await requestedId(day.id, 1);
    expect((await step(id, 'confirm', t.tokens.user)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/contacts/${id}/booking/confirm` })).statusCode).toBe(401);
    expect((await step(999_999, 'confirm')).statusCode).toBe(404);
    const bad = await step(id, 'approve');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('action');
    // A plain inquiry is no booking.
    expect((await request({})).statusCode).toBe(201);
    const plain = (await contacts()).find((c) => c.booking === null)!.id;
    expect((await step(plain, 'confirm')).json()).toEqual({ detail: 'This inquiry is not a booking request' });
  });

  it('gives a confirmed booking’s seats back when the inquiry is deleted', async () => {
    const day = await addDeparture({ seats_total: 4 });
    const id = await requestedId(day.id, 3);
    await step(id, 'confirm');
    expect((await departure(day.id)).seats_taken).toBe(3);
    const res = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/contacts/${id}` });
    expect(res.statusCode).toBe(204);
    expect((await departure(day.id)).seats_taken).toBe(0);
  });

  it('stops taking requests for a tour once it is unpublished', async () => {
    const day = await addDeparture({ seats_total: 4 });
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/posts/${tourId}`,
      payload: { title: 'Tour old-town', slug: 'old-town', status: 'draft', price: 40 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await request({ departure_id: day.id, adults: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ field: 'post_id', message: 'Tour not found' }]);
  });

  describe('200 confirmations racing for 10 seats', () => {
    it('confirms exactly 10, answers 409 to the other 190, and takes 10 seats', async () => {
      // 200 requests of one seat each while there is room for all, then the departure shrinks to 10 seats.
      const day = await addDeparture({ seats_total: 200 });
      for (let i = 0; i < 200; i += 20)
        await Promise.all(
          Array.from({ length: 20 }, async () => {
            expect((await request({ departure_id: day.id, adults: 1 })).statusCode).toBe(201);
          }),
        );
      const put = await injectAs(t.app, t.tokens.editor, {
        method: 'PUT',
        url: `/api/posts/${tourId}/departures/${day.id}`,
        payload: { starts_on: '2099-05-02', start_time: '09:30', seats_total: 10 },
      });
      expect(put.statusCode, put.body).toBe(200);
      const ids = (await contacts()).map((c) => c.id);
      expect(ids).toHaveLength(200);

      const answers = await Promise.all(ids.map((id) => step(id, 'confirm')));
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(10);
      expect(codes.filter((code) => code === 409)).toHaveLength(190);
      expect(answers.find((res) => res.statusCode === 409)!.json()).toMatchObject({ seats_left: 0 });
      expect((await departure(day.id)).seats_taken).toBe(10);
      expect((await contacts()).filter((c) => c.booking?.status === 'confirmed')).toHaveLength(10);
    });
  });
});
