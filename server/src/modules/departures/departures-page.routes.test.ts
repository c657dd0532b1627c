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
