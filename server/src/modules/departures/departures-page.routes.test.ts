import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';

/** The rows of the "Dates and prices" table, as text: day, time, price, availability (not the request link). */
function dateRows(page: string): string[][] {
  const table = /<section id="dates"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
  return [...table.matchAll(/<tr>\n([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)]
      .map((cell) => cell[1]!.replace(/<[^>]+>/g, '').trim())
      .slice(0, 4),
  );
}

forEachDialect('Dates and prices on the tour page', (dialect) => {
  let t: TestApp;
  let tourId: number;
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

  const visit = async () =>
    (await t.app.inject({ method: 'GET', url: '/tours/old-town', headers: { host: 'tours.test' } })).body;
  const add = async (payload: object) => {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${tourId}/departures`,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>();
  };

  it('has no table while the tour has no departures', async () => {
    expect(await visit()).not.toContain('Dates and prices');
  });

  it('lists the next 12 departures with day, time, price, seats left when limited, sold out and cancelled', async () => {
    await add({ starts_on: '2020-01-01' }); // past: not listed
    await add({ starts_on: '2099-03-02', start_time: '09:30', price: 55, seats_total: 10 });
    const limited = await add({ starts_on: '2099-03-03', seats_total: 6 });
    const soldOut = await add({ starts_on: '2099-03-04', seats_total: 2 });
    await add({ starts_on: '2099-03-05', status: 'cancelled' });
    await t.app.ctx.db.kysely.updateTable('departures').set({ seats_taken: 3 }).where('id', '=', limited.id).execute();
    await t.app.ctx.db.kysely.updateTable('departures').set({ seats_taken: 2 }).where('id', '=', soldOut.id).execute();
    await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${tourId}/departures/series`,
      payload: { from: '2099-04-01', to: '2099-04-30', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
    const rows = dateRows(await visit());
    expect(rows).toHaveLength(12);
    expect(rows.slice(0, 5)).toEqual([
      ['Mon, 2 Mar 2099', '09:30', '€55.00', 'Available'],
      ['Tue, 3 Mar 2099', '', '€40.00', '3 seats left'],
      ['Wed, 4 Mar 2099', '', '€40.00', 'Sold out'],
      ['Thu, 5 Mar 2099', '', '€40.00', 'Cancelled'],
      ['Wed, 1 Apr 2099', '', '€40.00', 'Available'],
    ]);
    expect(rows.at(-1)![0]).toBe('Wed, 8 Apr 2099');
  });
});

/** The tour node of a page's JSON-LD. */
function tourJsonLd(page: string): { offers?: Record<string, unknown> } {
  const blocks = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
  return blocks.find((block) => Array.isArray(block['@type']) && block['@type'].includes('TouristTrip'));
}

/** The month (YYYY-MM) `n` months from now. */
function monthFromNow(n: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1)).toISOString().slice(0, 7);
}

const monthName = (m: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${m}-01T00:00:00Z`),
  );

forEachDialect('Departures across the tour page and the catalogue', (dialect) => {
  let t: TestApp;
  const host = { host: 'tours.test' };
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
  });
  afterEach(async () => t.close());

  const tour = async (slug: string, price: number | null) =>
    (
      await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/posts/',
        payload: { title: `Tour ${slug}`, slug, status: 'published', price },
      })
    ).json<{ id: number }>().id;
  const add = async (postId: number, payload: object) => {
    const res = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${postId}/departures`,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>();
  };
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: host })).body;

  it('shows 12 dates, then every one through "Show more dates", a plain link; a note beside its day', async () => {
    const id = await tour('walk', 40);
    await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${id}/departures/series`,
      payload: { from: '2099-04-01', to: '2099-04-20', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
    const first = await get('/tours/walk');
    expect(dateRows(first)).toHaveLength(12);
    expect(first).toContain('<a href="/tours/walk?dates=all#dates">Show more dates</a>');
    const all = await get('/tours/walk?dates=all');
    expect(dateRows(all)).toHaveLength(20);
    expect(all).not.toContain('Show more dates');

    await add(id, { starts_on: '2099-03-01', note: 'Full moon night' });
    // The cached page is dropped by the write: the new first date and its note show at once.
    const after = dateRows(await get('/tours/walk'));
    expect(after[0]![0]).toBe('Sun, 1 Mar 2099Full moon night');
  });

  it('gives the summary the next date and the lowest upcoming price, and JSON-LD offers from the departures', async () => {
    const id = await tour('walk', 40);
    expect(tourJsonLd(await get('/tours/walk')).offers).toEqual({
      '@type': 'Offer',
      price: '40.00',
      priceCurrency: 'EUR',
      url: 'http://tours.test/tours/walk',
    });
    const cheap = await add(id, { starts_on: '2099-03-02', price: 35, seats_total: 4 });
    await add(id, { starts_on: '2099-03-03', price: 60 });
    await add(id, { starts_on: '2099-03-04', price: 10, status: 'cancelled' }); // cancelled: no offer, no "from"
    await add(id, { starts_on: '2020-03-04', price: 5 }); // past: neither
    const page = await get('/tours/walk');
    expect(page).toContain('<p class="price">From <data value="35.00"');
    expect(page).toContain('Next departure: <time datetime="2099-03-02">Mon, 2 Mar 2099</time>');
    expect(tourJsonLd(page).offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: '35.00',
      highPrice: '60.00',
      offerCount: 2,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: 'http://tours.test/tours/walk',
    });

    // Only the limited departure left: one Offer, LimitedAvailability; sold out: SoldOut, and no "from" from it.
    const later = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/posts/${id}/departures` });
    const dear = later.json<{ id: number; price: number | null }[]>().find((d) => d.price === 60)!;
    await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/posts/${id}/departures/${dear.id}` });
    expect(tourJsonLd(await get('/tours/walk')).offers).toMatchObject({
      '@type': 'Offer',
      price: '35.00',
      availability: 'https://schema.org/LimitedAvailability',
    });
    await t.app.ctx.db.kysely.updateTable('departures').set({ seats_taken: 4 }).where('id', '=', cheap.id).execute();
    await injectAs(t.app, t.tokens.editor, {
      method: 'PUT',
      url: `/api/posts/${id}/departures/${cheap.id}`,
      payload: { starts_on: '2099-03-02', price: 35, seats_total: 4 },
    });
    const soldOut = await get('/tours/walk');
    expect(tourJsonLd(soldOut).offers).toMatchObject({ '@type': 'Offer', availability: 'https://schema.org/SoldOut' });
    expect(soldOut).toContain('<p class="price">From <data value="40.00"');
    expect(soldOut).not.toContain('Next departure');
  });

  it('drops the cached pages when the site’s day turns, so a day that has passed leaves them', async () => {
    const id = await tour('walk', 40);
    const departure = await add(id, { starts_on: '2099-03-02' });
    expect(dateRows(await get('/tours/walk'))).toHaveLength(1);
    // Written behind the site's back, as the passing of time is: the cached page does not know yet.
    await t.app.ctx.db.kysely
      .updateTable('departures')
      .set({ starts_on: '2020-01-01' })
      .where('id', '=', departure.id)
      .execute();
    const { departures } = t.app.ctx.services;
    expect(await departures.noticeDay('2099-03-01')).toBe(false); // the first look only remembers the day
    expect(dateRows(await get('/tours/walk'))).toHaveLength(1);
    expect(await departures.noticeDay('2099-03-02')).toBe(true);
    expect(dateRows(await get('/tours/walk'))).toHaveLength(0);
  });

  it('shows a draft tour’s dates through its preview link, and nothing on the site', async () => {
    const id = (
      await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/posts/',
        payload: { title: 'Draft walk', slug: 'draft-walk', status: 'draft', price: 40 },
      })
    ).json<{ id: number }>().id;
    await add(id, { starts_on: '2099-03-02', start_time: '09:30', seats_total: 3 });
    const link = await injectAs(t.app, t.tokens.editor, {
      method: 'POST',
      url: `/api/posts/${id}/previews`,
      payload: {},
    });
    expect(link.statusCode, link.body).toBe(201);
    const preview = await get(link.json<{ url: string }>().url);
    expect(dateRows(preview)).toEqual([['Mon, 2 Mar 2099', '09:30', '€40.00', '3 seats left']]);
    expect((await t.app.inject({ method: 'GET', url: '/tours/draft-walk', headers: host })).statusCode).toBe(404);
    expect(await get('/tours')).not.toContain('draft-walk');
  });

  it('puts the next date and the "from" price on catalogue cards, and filters the catalogue by month', async () => {
    const soon = monthFromNow(1);
    const later = monthFromNow(2);
    const walk = await tour('walk', 40);
    const boat = await tour('boat', 90);
    await tour('bike', 20); // no departures: its own price, in no month
    await add(walk, { starts_on: `${soon}-10`, price: 30 });
    await add(boat, { starts_on: `${soon}-12` });
    await add(boat, { starts_on: `${later}-05`, seats_total: 2 });
    const full = await add(walk, { starts_on: `${later}-06`, seats_total: 2 });
    await t.app.ctx.db.kysely.updateTable('departures').set({ seats_taken: 2 }).where('id', '=', full.id).execute();
    await add(walk, { starts_on: `${later}-07`, status: 'cancelled' });
    // The direct write above did not drop the cache; a write through the API does.
    await add(boat, { starts_on: '2099-01-01' });

    const catalogue = await get('/tours');
    const card = (slug: string) =>
      catalogue.split('<li><article class="card">').find((part) => part.includes(`href="/tours/${slug}"`)) ?? '';
    expect(card('walk')).toContain(`<time datetime="${soon}-10">`);
    expect(card('walk')).toContain('From <data value="30.00"');
    expect(card('boat')).toContain('From <data value="90.00"');
    expect(card('bike')).not.toContain('Next departure');
    expect(card('bike')).toContain('From <data value="20.00"');

    expect(catalogue).toContain(`<option value="${soon}">${monthName(soon)} (2)</option>`);
    expect(catalogue).toContain(`<option value="${later}">${monthName(later)} (1)</option>`);
    expect(await get(`/tours?month=${soon}`)).toContain('2 tours match your filters');

    // Sold out and cancelled days do not count: only the boat can be booked that month.
    const inLater = await get(`/tours?month=${later}`);
    expect(inLater).toContain('1 tour match your filters');
    expect(inLater).toContain('href="/tours/boat"');
    expect(inLater).not.toContain('href="/tours/walk"');
    expect(inLater).toContain(`<option value="${later}" selected>`);
    // A month beyond the form's year still filters, and stays chosen.
    const far = await get('/tours?month=2099-01');
    expect(far).toContain('1 tour match your filters');
    expect(far).toContain('<option value="2099-01" selected>January 2099</option>');
    // A month that cannot be is ignored, as other unreadable filters are.
    expect(await get('/tours?month=2099-13')).toContain('3 tours');
  });

  it("counts each month's bookable tours beside the month filter, and counts again after a change", async () => {
    const soon = monthFromNow(1);
    const later = monthFromNow(2);
    const [walk, boat, bike] = [await tour('walk', 40), await tour('boat', 90), await tour('bike', 20)];
    await add(walk, { starts_on: `${soon}-10` });
    await add(walk, { starts_on: `${soon}-11` }); // two days, one tour
    await add(boat, { starts_on: `${soon}-12`, seats_total: 4 });
    await add(bike, { starts_on: `${later}-03`, status: 'cancelled' });
    const draft = (
      await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/posts/',
        payload: { title: 'Draft', slug: 'draft', status: 'draft' },
      })
    ).json<{ id: number }>().id;
    await add(draft, { starts_on: `${later}-04` });
    const options = (page: string) =>
      [...page.matchAll(/<option value="(\d{4}-\d{2})"( selected)?>([^<]*)<\/option>/g)].map(
        ([, value, selected, label]) => `${value}${selected ?? ''} ${label}`,
      );

    const catalogue = options(await get('/tours'));
    expect(catalogue).toHaveLength(12);
    expect(catalogue[0]).toBe(`${monthFromNow(0)} ${monthName(monthFromNow(0))} (0)`);
    expect(catalogue[1]).toBe(`${soon} ${monthName(soon)} (2)`);
    // Cancelled dates and drafts' dates are not bookable.
    expect(catalogue[2]).toBe(`${later} ${monthName(later)} (0)`);
    // The same counts whatever the view is filtered by, the chosen month marked.
    expect(options(await get(`/tours?month=${soon}&q=walk`))[1]).toBe(`${soon} selected ${monthName(soon)} (2)`);

    // The boat's date sells out, and the boat and the bike get dates the month after: the next render may still
    // show the counts known before (they are read again beside it); a render after that read shows the new ones.
    await t.app.ctx.db.kysely.updateTable('departures').set({ seats_taken: 4 }).where('post_id', '=', boat).execute();
    await add(boat, { starts_on: `${later}-07` });
    await add(bike, { starts_on: `${later}-08` });
    await get('/tours');
    await get(`/tours?month=${soon}&q=walk`);
    await t.app.monthCounts.settled();
    const after = options(await get('/tours'));
    expect(after[1]).toBe(`${soon} ${monthName(soon)} (1)`);
    expect(after[2]).toBe(`${later} ${monthName(later)} (2)`);
    // The searches' own cache is dropped too.
    expect(options(await get(`/tours?month=${soon}&q=walk`))[1]).toBe(`${soon} selected ${monthName(soon)} (1)`);
  });
});
