import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityEntry, Post, TrashList } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { createTestTerm, useTestLanguages } from '../test/page-fixtures.js';
import { isUniqueViolation } from '../db/database-errors.js';
import { useTestClock } from '../test/test-clock.js';

/** Translations as linked items (issue 30), for the two kinds that have them so far. */
const KINDS = [
  { noun: 'post', base: '/api/posts' },
  { noun: 'page', base: '/api/pages' },
] as const;

interface Item {
  id: number;
  slug: string;
  title: string;
  status: string;
  language: string;
  version: number;
  price: number | null;
  updated_at: string;
  text_updated_at: string;
  translations: {
    id: number;
    language: string;
    slug: string;
    status: string;
    text_updated_at: string;
  }[];
}

forEachDialect('translations', (dialect) => {
  let t: TestApp;
  let counter = 0;
  const clock = useTestClock();
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await useTestLanguages(t);
  });
  afterEach(async () => t.close());

  const as = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    injectAs(t.app, token, { method, url, payload });

  describe.each(KINDS)('$noun', ({ noun, base }) => {
    async function create(overrides: Record<string, unknown> = {}): Promise<Item> {
      counter += 1;
      const res = await as(t.tokens.editor, 'POST', `${base}/`, {
        title: `Old town ${counter}`,
        slug: `old-town-${counter}`,
        status: 'published',
        price: 25,
        ...overrides,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    }
    const translate = (id: number, language: unknown, token = t.tokens.editor) =>
      as(token, 'POST', `${base}/${id}/translations`, { language });
    const get = async (id: number): Promise<Item> => (await as(t.tokens.user, 'GET', `${base}/${id}`)).json();

    it('puts a new item in the default language, or in one of the site languages it names', async () => {
      expect(await create()).toMatchObject({ language: 'en', translations: [] });
      expect(await create({ language: 'de' })).toMatchObject({ language: 'de', translations: [] });
      expect(await create({ language: 'PT-pt' })).toMatchObject({ language: 'pt-PT' });
      for (const language of ['fr', 'not a tag!', 12]) {
        const res = await as(t.tokens.editor, 'POST', `${base}/`, { title: 'X', slug: 'x-y', language });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors).toEqual([{ field: 'language', message: expect.any(String) }]);
      }
      expect((await as(t.tokens.user, 'GET', `${base}/`)).json()).toHaveLength(3);
    });

    it('adds a translation: a draft copy in that language with its own slug, linked both ways, logged as a create', async () => {
      const source = await create({ title: 'Alfama at dusk' });
      const res = await translate(source.id, 'de');
      expect(res.statusCode, res.body).toBe(201);
      const translation: Item = res.json();
      expect(translation).toMatchObject({
        title: 'Alfama at dusk',
        slug: `${source.slug}-de`,
        status: 'draft',
        language: 'de',
        price: 25,
        version: 1,
        translations: [
          {
            id: source.id,
            language: 'en',
            slug: source.slug,
            status: 'published',
            text_updated_at: source.text_updated_at,
          },
        ],
      });
      expect(translation.id).not.toBe(source.id);
      // Each link says when its item's text last changed (what "out of date" compares).
      expect((await get(source.id)).translations).toEqual([
        {
          id: translation.id,
          language: 'de',
          slug: `${source.slug}-de`,
          status: 'draft',
          text_updated_at: translation.updated_at,
        },
      ]);
      // A third language joins the same group; each item names the two others.
      const portuguese: Item = (await translate(translation.id, 'pt-PT')).json();
      expect(portuguese.slug).toBe(`${translation.slug}-pt-pt`);
      expect((await get(source.id)).translations.map((link) => link.language)).toEqual(['de', 'pt-PT']);
      expect((await get(translation.id)).translations.map((link) => link.id)).toEqual([source.id, portuguese.id]);

      const activity = await as(t.tokens.admin, 'GET', '/api/activity/');
      const entry = (activity.json().entries as ActivityEntry[]).find(
        (e) => e.item_type === noun && e.item_id === translation.id,
      );
      expect(entry).toMatchObject({ action: 'create', item_title: 'Alfama at dusk', actor_name: 'Editor One' });
      expect(entry?.summary).toContain('translation into de');
    });

    it('gives a translation the next free slug when {slug}-{language} is taken', async () => {
      const source = await create({ slug: 'belem' });
      await create({ slug: 'belem-de' });
      const res = await translate(source.id, 'de');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().slug).toBe('belem-de-2');
    });

    it('refuses a language the group has (409), one the site has not or no tag (422 naming it), and asks for an editor', async () => {
      const source = await create();
      expect((await translate(source.id, 'de')).statusCode).toBe(201);
      for (const language of ['de', 'DE', 'en']) {
        const res = await translate(source.id, language);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().errors).toEqual([{ field: 'language', message: expect.any(String) }]);
      }
      for (const language of ['fr', 'english please', '', null]) {
        const res = await translate(source.id, language);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors).toEqual([{ field: 'language', message: expect.any(String) }]);
      }
      expect((await translate(999_999, 'pt-PT')).statusCode).toBe(404);
      expect((await translate(source.id, 'pt-PT', t.tokens.user)).statusCode).toBe(403);
      expect((await as(null, 'POST', `${base}/${source.id}/translations`, { language: 'pt-PT' })).statusCode).toBe(401);
      expect((await get(source.id)).translations).toHaveLength(1);
    });

    it('answers two staff adding the same language at once with one translation and one 409', async () => {
      const source = await create();
      const answers = await Promise.all([translate(source.id, 'de'), translate(source.id, 'de', t.tokens.admin)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      const conflict = answers.find((res) => res.statusCode === 409)!;
      expect(conflict.json().errors).toEqual([{ field: 'language', message: expect.any(String) }]);
      expect((await get(source.id)).translations.map((link) => link.language)).toEqual(['de']);
      const all: Item[] = (await as(t.tokens.user, 'GET', `${base}/`)).json();
      expect(all.filter((item) => item.language === 'de')).toHaveLength(1);
      // What decides in the end is the database: a second German item in the group is refused, on either dialect.
      const other = await create({ language: 'de' });
      const refusal = await t.app.ctx.db.kysely
        .updateTable(`${noun}s`)
        .set({ translation_group: source.id })
        .where('id', '=', other.id)
        .execute()
        .catch((error: unknown) => error);
      expect(isUniqueViolation(refusal)).toBe(true);
    });

    it('lists every language without ?language=, one language with it, whole or a page at a time', async () => {
      const a = await create();
      const aDe: Item = (await translate(a.id, 'de')).json();
      const b = await create({ language: 'de' });
      const whole: Item[] = (await as(t.tokens.user, 'GET', `${base}/`)).json();
      expect(whole.map((item) => item.id)).toEqual([b.id, aDe.id, a.id]);
      expect(whole.find((item) => item.id === a.id)?.translations).toEqual([
        {
          id: aDe.id,
          language: 'de',
          slug: aDe.slug,
          status: 'draft',
          text_updated_at: aDe.text_updated_at,
        },
      ]);

      const german = await as(t.tokens.user, 'GET', `${base}/?language=de`);
      expect(german.statusCode, german.body).toBe(200);
      expect((german.json() as Item[]).map((item) => [item.id, item.translations.map((link) => link.id)])).toEqual([
        [b.id, []],
        [aDe.id, [a.id]],
      ]);
      // An item's links are the same in both lists (the language's are read apart, in one query).
      expect((german.json() as Item[]).find((item) => item.id === aDe.id)?.translations).toEqual(
        whole.find((item) => item.id === aDe.id)?.translations,
      );

      const page = await as(t.tokens.user, 'GET', `${base}/?language=de&limit=1`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ total: 2, items: [{ id: b.id, language: 'de', translations: [] }] });
      const next = await as(t.tokens.user, 'GET', `${base}/?language=de&limit=1&cursor=${page.json().next_cursor}`);
      expect(next.json().items).toEqual([
        expect.objectContaining({
          id: aDe.id,
          translations: [
            {
              id: a.id,
              language: 'en',
              slug: a.slug,
              status: 'published',
              text_updated_at: a.text_updated_at,
            },
          ],
        }),
      ]);
      expect((await as(t.tokens.user, 'GET', `${base}/?language=pt-PT`)).json()).toEqual([]);

      const bad = await as(t.tokens.user, 'GET', `${base}/?language=no%20tag`);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual([{ field: 'language', message: expect.any(String) }]);
    });

    it('keeps an item in its language: a save may repeat it, not change it', async () => {
      const item = await create();
      const same = await as(t.tokens.editor, 'PUT', `${base}/${item.id}`, {
        title: 'Renamed',
        slug: item.slug,
        language: 'en',
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toMatchObject({ title: 'Renamed', language: 'en' });
      const other = await as(t.tokens.editor, 'PUT', `${base}/${item.id}`, {
        title: 'Umbenannt',
        slug: item.slug,
        language: 'de',
      });
      expect(other.statusCode, other.body).toBe(422);
      expect(other.json().errors).toEqual([{ field: 'language', message: expect.any(String) }]);
      expect(await get(item.id)).toMatchObject({ title: 'Renamed', language: 'en' });
    });

    it('writes the price to every item of the group on a save of one, each as its own version; text stays each its own', async () => {
      const source = await create({ title: 'Sintra day', price: 60 });
      const german: Item = (await translate(source.id, 'de')).json();
      const res = await as(t.tokens.editor, 'PUT', `${base}/${german.id}`, {
        title: 'Sintra-Tagesausflug',
        slug: german.slug,
        price: 75,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await get(source.id)).toMatchObject({ title: 'Sintra day', price: 75, version: 2 });
      const history = await as(t.tokens.user, 'GET', `${base}/${source.id}/revisions`);
      expect(history.statusCode, history.body).toBe(200);
      const activity = (await as(t.tokens.admin, 'GET', '/api/activity/')).json().entries as ActivityEntry[];
      expect(
        activity.find((e) => e.item_type === noun && e.item_id === source.id && e.action !== 'create'),
      ).toMatchObject({
        item_title: 'Sintra day',
        summary: expect.stringContaining('price'),
      });
      // A save that leaves the group's fields as they are writes nothing to the others.
      await as(t.tokens.editor, 'PUT', `${base}/${german.id}`, { title: 'Sintra', slug: german.slug, price: 75 });
      expect((await get(source.id)).version).toBe(2);
    });

    it("marks a translation out of date only when the source's text changed after the translation was last saved", async () => {
      const source = await create({ title: 'Belem by tram', price: 30 });
      clock.advance(1000);
      const german: Item = (await translate(source.id, 'de')).json();
      const save = async (id: number, body: Record<string, unknown>) => {
        clock.advance(1000);
        const res = await as(t.tokens.editor, 'PUT', `${base}/${id}`, body);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Item;
      };
      // Out of date as the admin reads it: the German row of a list against its English link, the German item
      // against its own link, and the English item against its German link; all three must agree.
      const outOfDate = async (): Promise<boolean> => {
        const later = (source: string, translation: string) => Date.parse(source) > Date.parse(translation);
        const rows: Item[] = (await as(t.tokens.user, 'GET', `${base}/?language=de`)).json();
        const page: Item[] = (await as(t.tokens.user, 'GET', `${base}/?language=de&limit=10`)).json().items;
        const [row, paged, item, english] = [
          rows.find((r) => r.id === german.id)!,
          page.find((r) => r.id === german.id)!,
          await get(german.id),
          await get(source.id),
        ];
        const answers = [
          later(row.translations[0]!.text_updated_at, row.text_updated_at),
          later(paged.translations[0]!.text_updated_at, paged.text_updated_at),
          later(item.translations[0]!.text_updated_at, item.text_updated_at),
          later(english.text_updated_at, english.translations[0]!.text_updated_at),
        ];
        expect(new Set(answers).size, JSON.stringify(answers)).toBe(1);
        return answers[0]!;
      };
      expect(await outOfDate()).toBe(false);
      const germanText = { title: 'Belém mit der Tram', slug: german.slug, status: 'published' };
      await save(german.id, { ...germanText, price: 30 });
      const englishText = { title: source.title, slug: source.slug, status: 'published' };
      const textTime = (await get(source.id)).text_updated_at;

      // What the group shares, changed in either language, leaves every item as up to date as it was.
      const english = await save(source.id, { ...englishText, price: 35 });
      expect(english).toMatchObject({ price: 35, text_updated_at: textTime });
      expect(english.updated_at > textTime).toBe(true);
      expect(await outOfDate()).toBe(false);
      await save(german.id, { ...germanText, price: 40 });
      expect(await get(source.id)).toMatchObject({ price: 40, text_updated_at: textTime });
      expect(await outOfDate()).toBe(false);
      // So does the source saved without a change, or with another status (a translation's status is its own).
      await save(source.id, { ...englishText, price: 40 });
      await save(source.id, { ...englishText, status: 'draft', price: 40 });
      expect(await outOfDate()).toBe(false);

      // The source's text changed: the translation is out of date, and stays so when the price changes.
      await save(source.id, { ...englishText, title: 'Belem by vintage tram', status: 'published', price: 40 });
      expect(await outOfDate()).toBe(true);
      await save(source.id, { ...englishText, title: 'Belem by vintage tram', price: 45 });
      expect(await outOfDate()).toBe(true);
      // The translation saved (its translator's save, whatever it changed): up to date again.
      await save(german.id, { ...germanText, title: 'Belém mit der historischen Tram', price: 45 });
      expect(await outOfDate()).toBe(false);
      // A third language saved changes nothing for the others.
      const portuguese: Item = (await translate(source.id, 'pt-PT')).json();
      await save(portuguese.id, { title: 'Belém de elétrico', slug: portuguese.slug, price: 50 });
      expect(await outOfDate()).toBe(false);
      // The trash keeps the time: a translation deleted and restored is as up to date as it was.
      const kept = (await get(german.id)).text_updated_at;
      expect((await as(t.tokens.editor, 'DELETE', `${base}/${german.id}`)).statusCode).toBe(204);
      const trash = (await as(t.tokens.editor, 'GET', '/api/trash/')).json() as TrashList;
      const entry = trash.items.find((e) => e.item_id === german.id)!;
      expect((await as(t.tokens.editor, 'POST', `/api/trash/${entry.id}/restore`)).statusCode).toBe(200);
      expect((await get(german.id)).text_updated_at).toBe(kept);
      expect(await outOfDate()).toBe(false);
    });

    it('puts a trashed translation back in its group, or in one of its own when the group has its language again', async () => {
      const source = await create();
      const german: Item = (await translate(source.id, 'de')).json();
      expect((await as(t.tokens.editor, 'DELETE', `${base}/${german.id}`)).statusCode).toBe(204);
      expect((await get(source.id)).translations).toEqual([]);
      const entryOf = async (id: number) =>
        ((await as(t.tokens.editor, 'GET', '/api/trash/')).json() as TrashList).items.find(
          (entry) => entry.item_id === id,
        )!;
      const restored = await as(t.tokens.editor, 'POST', `/api/trash/${(await entryOf(german.id)).id}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(await get(german.id)).toMatchObject({ language: 'de', translations: [{ id: source.id }] });

      expect((await as(t.tokens.editor, 'DELETE', `${base}/${german.id}`)).statusCode).toBe(204);
      const second: Item = (await translate(source.id, 'de')).json();
      // It took the free slug; given another, the trashed one can come back (unlinked).
      const renamed = await as(t.tokens.editor, 'PUT', `${base}/${second.id}`, {
        title: second.title,
        slug: `${second.slug}-neu`,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const again = await as(t.tokens.editor, 'POST', `/api/trash/${(await entryOf(german.id)).id}/restore`);
      expect(again.statusCode, again.body).toBe(200);
      expect(await get(german.id)).toMatchObject({ language: 'de', translations: [] });
      expect((await get(source.id)).translations.map((link) => link.id)).toEqual([second.id]);
    });
    it('moves one translation or the whole group to the trash, as asked, and restores the group together', async () => {
      const source = await create();
      const german: Item = (await translate(source.id, 'de')).json();
      const portuguese: Item = (await translate(source.id, 'pt-PT')).json();
      const trashList = async () => ((await as(t.tokens.editor, 'GET', '/api/trash/')).json() as TrashList).items;
      // A value that is not a yes or no is refused, naming the parameter; nothing moves.
      const odd = await as(t.tokens.editor, 'DELETE', `${base}/${german.id}?group=maybe`);
      expect(odd.statusCode).toBe(422);
      expect(odd.json().errors).toEqual([{ field: 'group', message: 'Group must be true or false' }]);
      expect(await trashList()).toEqual([]);

      // Without ?group, the spec's delete: only this translation.
      expect((await as(t.tokens.editor, 'DELETE', `${base}/${german.id}?group=false`)).statusCode).toBe(204);
      expect((await get(source.id)).translations.map((link) => link.language)).toEqual(['pt-PT']);
      // The whole group: the source and the Portuguese translation, each its own entry; the German one already there.
      expect((await as(t.tokens.editor, 'DELETE', `${base}/${source.id}?group=true`)).statusCode).toBe(204);
      expect((await as(t.tokens.user, 'GET', `${base}/${source.id}`)).statusCode).toBe(404);
      expect((await as(t.tokens.user, 'GET', `${base}/${portuguese.id}`)).statusCode).toBe(404);
      const entries = await trashList();
      expect(entries.map((entry) => [entry.item_id, entry.group_entries]).sort()).toEqual(
        [
          [source.id, 3],
          [german.id, 3],
          [portuguese.id, 3],
        ].sort(),
      );

      // The group's restore, from any of its entries: every language back, linked as before.
      const entry = entries.find((e) => e.item_id === portuguese.id)!;
      const restored = await as(t.tokens.editor, 'POST', `/api/trash/${entry.id}/restore?group=true`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toEqual({ item_type: entries[0]!.item_type, item_id: portuguese.id });
      expect(await trashList()).toEqual([]);
      expect((await get(source.id)).translations.map((link) => link.id)).toEqual([german.id, portuguese.id]);

      // One entry's restore without ?group brings back that item alone; its group's others stay in the trash.
      expect((await as(t.tokens.editor, 'DELETE', `${base}/${german.id}?group=true`)).statusCode).toBe(204);
      const germanEntry = (await trashList()).find((e) => e.item_id === german.id)!;
      expect((await as(t.tokens.editor, 'POST', `/api/trash/${germanEntry.id}/restore`)).statusCode).toBe(200);
      expect((await get(german.id)).translations).toEqual([]);
      expect((await trashList()).map((e) => e.group_entries)).toEqual([2, 2]);
    });
  });

  it("shares a tour's category, tags, featured image and FAQs across its group, not its text", async () => {
    const category = await createTestTerm(t, 'categories', { name: 'Boat trips', slug: 'boat-trips' });
    const tag = await createTestTerm(t, 'tags', { name: 'Sunset', slug: 'sunset' });
    const faq = await as(t.tokens.editor, 'POST', '/api/faqs/', { question: 'Life jackets?', answer: '<p>Yes</p>' });
    expect(faq.statusCode, faq.body).toBe(201);
    const tour: Post = (
      await as(t.tokens.editor, 'POST', '/api/posts/', { title: 'Tagus cruise', slug: 'tagus-cruise', price: 40 })
    ).json();
    const german: Post = (await translate(tour.id, 'de')).json();
    const res = await as(t.tokens.editor, 'PUT', `/api/posts/${tour.id}`, {
      title: 'Tagus sunset cruise',
      slug: tour.slug,
      price: 45,
      category_id: category.id,
      tag_ids: [tag.id],
      faq_ids: [faq.json().id],
      highlights: ['Sunset on the river'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(t.tokens.user, 'GET', `/api/posts/${german.id}`)).json()).toMatchObject({
      title: 'Tagus cruise',
      price: 45,
      category_id: category.id,
      tags: [{ id: tag.id }],
      faq_ids: [faq.json().id],
      highlights: [],
      version: 2,
    });

    function translate(id: number, language: string) {
      return as(t.tokens.editor, 'POST', `/api/posts/${id}/translations`, { language });
    }
  });

  it("writes no version to the group's other items when a save sends the same tags in another order", async () => {
    const [boat, sunset] = [
      await createTestTerm(t, 'tags', { name: 'Boat', slug: 'boat' }),
      await createTestTerm(t, 'tags', { name: 'Sunset', slug: 'sunset' }),
    ];
    // Kept by name (Boat, Sunset); sent the other way round from the German editor.
    const tour: Post = (
      await as(t.tokens.editor, 'POST', '/api/posts/', {
        title: 'Tagus cruise',
        slug: 'tagus-cruise',
        tag_ids: [boat.id, sunset.id],
      })
    ).json();
    const german: Post = (
      await as(t.tokens.editor, 'POST', `/api/posts/${tour.id}/translations`, { language: 'de' })
    ).json();
    const res = await as(t.tokens.editor, 'PUT', `/api/posts/${german.id}`, {
      title: 'Tejo-Fahrt',
      slug: german.slug,
      tag_ids: [sunset.id, boat.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const english: Post = (await as(t.tokens.user, 'GET', `/api/posts/${tour.id}`)).json();
    expect(english).toMatchObject({ version: 1, updated_at: tour.updated_at });
    const history = await as(t.tokens.user, 'GET', `/api/posts/${tour.id}/revisions`);
    expect(history.json().items).toEqual([]);
  });
});
