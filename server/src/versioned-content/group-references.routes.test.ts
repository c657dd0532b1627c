import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Contact, Post } from '@tours-cms/contract';
import { useTestLanguages } from '../test/page-fixtures.js';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';

/**
 * What a tour's translation group shares, in each language (issue 30, docs/design/languages.md "What a group
 * shares"): its category, tags and FAQs map to their translations in the item's language when there are ones, else
 * stay the same; its departures and their seats are the group's first item's, shown and booked from every language.
 */
forEachDialect('a translation group’s references and departures', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SITE_HOSTS: 'tours.test' });
    await useTestLanguages(t);
  });
  afterEach(async () => t.close());

  const as = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) => {
    const res = await injectAs(t.app, t.tokens.editor, { method, url, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json();
  };
  const translate = (base: string, id: number, language: string) =>
    as('POST', `/api/${base}/${id}/translations`, { language }, 201);
  const post = async (id: number): Promise<Post> => as('GET', `/api/posts/${id}`);

  it('gives each translation the category, tags and FAQs of its language, else the same ones', async () => {
    const boats = await as('POST', '/api/categories/', { name: 'Boat trips', slug: 'boat-trips' }, 201);
    const boatsDe = await translate('categories', boats.id, 'de');
    const sunset = await as('POST', '/api/tags/', { name: 'Sunset', slug: 'sunset' }, 201);
    const sunsetDe = await translate('tags', sunset.id, 'de');
    const family = await as('POST', '/api/tags/', { name: 'Family', slug: 'family' }, 201);
    const jackets = await as('POST', '/api/faqs/', { question: 'Life jackets?', answer: '<p>Yes</p>' }, 201);
    const jacketsDe = await translate('faqs', jackets.id, 'de');
    const rain = await as('POST', '/api/faqs/', { question: 'Rain?', answer: '<p>We sail</p>' }, 201);

    const tour = await as('POST', '/api/posts/', { title: 'Tagus cruise', slug: 'tagus-cruise', price: 40 }, 201);
    const german: Post = await translate('posts', tour.id, 'de');
    const portuguese: Post = await translate('posts', tour.id, 'pt-PT');
    await as('PUT', `/api/posts/${tour.id}`, {
      title: 'Tagus cruise',
      slug: tour.slug,
      price: 45,
      category_id: boats.id,
      tag_ids: [sunset.id, family.id],
      faq_ids: [rain.id, jackets.id],
    });
    const en = await post(tour.id);
    expect(en).toMatchObject({ category_id: boats.id, faq_ids: [rain.id, jackets.id] });
    expect(en.tags.map((tag) => tag.id).sort((a, b) => a - b)).toEqual([sunset.id, family.id].sort((a, b) => a - b));
    const de = await post(german.id);
    expect(de).toMatchObject({ price: 45, category_id: boatsDe.id, faq_ids: [rain.id, jacketsDe.id] });
    expect(de.tags.map((tag) => tag.id).sort((a, b) => a - b)).toEqual([sunsetDe.id, family.id].sort((a, b) => a - b));
    // Portuguese has no translations of them: the same ones.
    const pt = await post(portuguese.id);
    expect(pt).toMatchObject({ category_id: boats.id, faq_ids: [rain.id, jackets.id] });
    expect(pt.tags.map((tag) => tag.id).sort((a, b) => a - b)).toEqual([sunset.id, family.id].sort((a, b) => a - b));

    // Saved from German, naming the German category: the English tour keeps the English one.
    await as('PUT', `/api/posts/${german.id}`, {
      title: 'Tejo-Fahrt',
      slug: german.slug,
      price: 45,
      category_id: boatsDe.id,
      tag_ids: [sunsetDe.id],
      faq_ids: [jacketsDe.id],
    });
    expect(await post(tour.id)).toMatchObject({
      category_id: boats.id,
      tags: [{ id: sunset.id }],
      faq_ids: [jackets.id],
    });
    // Portuguese has none of its own: the default language's, not the German ones it was saved with.
    expect(await post(portuguese.id)).toMatchObject({ category_id: boats.id, faq_ids: [jackets.id] });

    // A translation made now starts with the references of its language.
    const boatsPt = await translate('categories', boats.id, 'pt-PT');
    const other = await as(
      'POST',
      '/api/posts/',
      { title: 'Sintra', slug: 'sintra', category_id: boats.id, faq_ids: [jackets.id] },
      201,
    );
    expect(await translate('posts', other.id, 'pt-PT')).toMatchObject({
      category_id: boatsPt.id,
      faq_ids: [jackets.id],
    });
    expect(await translate('posts', other.id, 'de')).toMatchObject({
      category_id: boatsDe.id,
      faq_ids: [jacketsDe.id],
    });
  });

  it('shows a German tour the English item’s departures, and books them from the German page', async () => {
    const tour = await as(
      'POST',
      '/api/posts/',
      { title: 'Alfama walk', slug: 'alfama-walk', status: 'published', price: 30 },
      201,
    );
    const departure = await as(
      'POST',
      `/api/posts/${tour.id}/departures`,
      { starts_on: '2099-03-02', start_time: '09:00', seats_total: 4 },
      201,
    );
    const draft: Post = await translate('posts', tour.id, 'de');
    const german: Post = await as('PUT', `/api/posts/${draft.id}`, {
      title: 'Alfama-Spaziergang',
      slug: 'alfama-spaziergang',
      status: 'published',
      price: 30,
    });

    // Staff see and change the group's departures from either language; a new one is the group's too.
    expect((await as('GET', `/api/posts/${german.id}/departures`)).map((d: { id: number }) => d.id)).toEqual([
      departure.id,
    ]);
    const added = await as('POST', `/api/posts/${german.id}/departures`, { starts_on: '2099-03-09' }, 201);
    expect((await as('GET', `/api/posts/${tour.id}/departures`)).map((d: { id: number }) => d.id)).toEqual([
      departure.id,
      added.id,
    ]);

    const host = { host: 'tours.test' };
    const page = await t.app.inject({ method: 'GET', url: '/de/tours/alfama-spaziergang', headers: host });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<time datetime="2099-03-02">Mo., 2. März 2099</time>');
    expect(page.body).toContain(
      `<a class="request-date" href="/tours/alfama-spaziergang/inquiry?departure=${departure.id}">`,
    );
    // The German catalogue's month filter finds it by the group's departures, and its card sums them.
    const march = await t.app.inject({ method: 'GET', url: '/de/tours?month=2099-03', headers: host });
    expect(march.statusCode).toBe(200);
    expect(march.body).toContain('href="/de/tours/alfama-spaziergang"');

    const form = await t.app.inject({
      method: 'GET',
      url: `/tours/alfama-spaziergang/inquiry?departure=${departure.id}`,
      headers: host,
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`<input type="hidden" name="departure_id" value="${departure.id}">`);
    expect(form.body).toContain(
      '<strong>Termin:</strong> Mo., 2. März 2099, 09:00 <span class="hint">(Noch 4 Plätze frei)</span>',
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/tours/alfama-spaziergang/inquiry',
      payload: new URLSearchParams({
        name: 'Maya Silva',
        email: 'maya@example.com',
        message: 'Hallo',
        departure_id: String(departure.id),
        adults: '3',
      }).toString(),
      headers: { ...host, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '198.51.100.7',
    });
    expect(sent.statusCode, sent.body).toBe(303);
    const [contact] = (await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/contacts/' })).json<
      Contact[]
    >();
    // The request names the tour the visitor read and the group's date; the seats are the group's.
    expect(contact).toMatchObject({
      post: { id: german.id },
      booking: { status: 'requested', adults: 3, departure: { id: departure.id } },
    });
    const english = await t.app.inject({
      method: 'GET',
      url: `/tours/alfama-walk/inquiry?departure=${departure.id}`,
      headers: host,
    });
    expect(english.body).toContain('(1 seat left)');

    // The English tour deleted for good: its departures stay the group's, still shown on the German page.
    expect(
      (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/posts/${tour.id}` })).statusCode,
    ).toBe(204);
    const entry = (
      (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/trash/' })).json() as {
        items: { id: number; item_id: number }[];
      }
    ).items.find((item) => item.item_id === tour.id)!;
    const purged = await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: `/api/trash/${entry.id}` });
    expect(purged.statusCode, purged.body).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/de/tours/alfama-spaziergang', headers: host });
    expect(after.body).toContain('<time datetime="2099-03-02">Mo., 2. März 2099</time>');
    expect((await as('GET', `/api/posts/${german.id}/departures`)).map((d: { id: number }) => d.id)).toEqual([
      departure.id,
      added.id,
    ]);
  });

  it('keeps a departure’s note in each language; a language without its own shows the default’s, marked as such', async () => {
    const host = { host: 'tours.test' };
    const tour = await as(
      'POST',
      '/api/posts/',
      { title: 'Tagus sail', slug: 'tagus-sail', status: 'published', price: 40 },
      201,
    );
    const slot = { starts_on: '2099-04-06', start_time: '20:00', seats_total: 8 };
    const departure = await as('POST', `/api/posts/${tour.id}/departures`, { ...slot, note: 'Full moon sail' }, 201);
    const german: Post = await translate('posts', tour.id, 'de');
    await as('PUT', `/api/posts/${german.id}`, {
      title: 'Segeln auf dem Tejo',
      slug: 'segeln-auf-dem-tejo',
      status: 'published',
      price: 40,
    });
    const portuguese: Post = await translate('posts', tour.id, 'pt-PT');
    await as('PUT', `/api/posts/${portuguese.id}`, {
      title: 'Vela no Tejo',
      slug: 'vela-no-tejo',
      status: 'published',
      price: 40,
    });
    const notes = async (id: number) =>
      (await as('GET', `/api/posts/${id}/departures`)).map(
        (d: { note: string | null; default_note: string | null }) => [d.note, d.default_note],
      );
    const page = async (path: string) => (await t.app.inject({ method: 'GET', url: path, headers: host })).body;

    // Until German staff write one, the German page shows the English note, in English.
    expect(await notes(german.id)).toEqual([[null, 'Full moon sail']]);
    expect(await page('/de/tours/segeln-auf-dem-tejo')).toContain(
      '<span class="departure-note" lang="en">Full moon sail</span>',
    );

    // Written from the German tour, the note is German only; the English stays the departure's own.
    const saved = await as('PUT', `/api/posts/${german.id}/departures/${departure.id}`, {
      ...slot,
      note: 'Vollmondsegeln',
    });
    expect(saved).toMatchObject({ note: 'Vollmondsegeln', default_note: 'Full moon sail' });
    expect(await notes(german.id)).toEqual([['Vollmondsegeln', 'Full moon sail']]);
    expect(await notes(tour.id)).toEqual([['Full moon sail', null]]);
    expect(await page('/de/tours/segeln-auf-dem-tejo')).toContain('<span class="departure-note">Vollmondsegeln</span>');
    expect(await page('/tours/tagus-sail')).toContain('<span class="departure-note">Full moon sail</span>');

    // The English note changed: German keeps its own, Portuguese (none of its own) follows the English.
    await as('PUT', `/api/posts/${tour.id}/departures/${departure.id}`, { ...slot, note: 'Full moon night' });
    expect(await notes(german.id)).toEqual([['Vollmondsegeln', 'Full moon night']]);
    expect(await notes(portuguese.id)).toEqual([[null, 'Full moon night']]);
    expect(await page('/pt-pt/tours/vela-no-tejo')).toContain(
      '<span class="departure-note" lang="en">Full moon night</span>',
    );

    // Emptied in German, the German page shows the English note again.
    await as('PUT', `/api/posts/${german.id}/departures/${departure.id}`, { ...slot, note: null });
    expect(await notes(german.id)).toEqual([[null, 'Full moon night']]);

    // A departure added from the German tour keeps its note in German; deleted, its note goes with it, so a new
    // departure (which SQLite may give the same id) starts without one.
    const added = await as(
      'POST',
      `/api/posts/${german.id}/departures`,
      { starts_on: '2099-04-13', note: 'Letzte Plätze' },
      201,
    );
    expect(added).toMatchObject({ note: 'Letzte Plätze', default_note: null });
    expect((await as('GET', `/api/posts/${tour.id}/departures`))[1]).toMatchObject({ id: added.id, note: null });
    const removed = await injectAs(t.app, t.tokens.editor, {
      method: 'DELETE',
      url: `/api/posts/${german.id}/departures/${added.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const again = await as('POST', `/api/posts/${tour.id}/departures`, { starts_on: '2099-04-13' }, 201);
    expect(
      (await as('GET', `/api/posts/${german.id}/departures`)).find((d: { id: number }) => d.id === again.id),
    ).toMatchObject({ note: null, default_note: null });
  });
});
