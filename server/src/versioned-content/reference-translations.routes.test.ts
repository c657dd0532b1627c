import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@tours-cms/contract';
import { useTestLanguages } from '../test/page-fixtures.js';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { isUniqueViolation } from '../db/database-errors.js';

/**
 * Common components, categories, tags and FAQs as linked translation items (issue 30, migration 0033): the posts'
 * model (translations.routes.test.ts) on the kinds a tour refers to. Their links keep the posts' shape
 * `{ id, language, slug, status }`: a component's status is active or inactive, categories and tags have no status
 * (null), FAQs neither slug nor status.
 */
const KINDS = [
  {
    noun: 'component',
    table: 'components',
    base: '/api/components',
    input: (n: number) => ({ name: `Main header ${n}`, type: 'header', content: `<nav>Home ${n}</nav>` }),
    rename: (item: Item) => ({ name: item.name, type: 'header', content: '<nav>Start</nav>' }),
    title: 'name',
    // A translation starts switched off (it would take over its language's pages at once otherwise).
    link: (item: Item) => ({
      id: item.id,
      language: item.language,
      slug: item.slug,
      status: 'active',
      text_updated_at: item.text_updated_at,
    }),
    copyLink: (item: Item) => ({
      id: item.id,
      language: item.language,
      slug: item.slug,
      status: 'inactive',
      text_updated_at: item.text_updated_at,
    }),
    slugged: true,
  },
  {
    noun: 'category',
    table: 'categories',
    base: '/api/categories',
    input: (n: number) => ({ name: `Boat trips ${n}`, slug: `boat-trips-${n}` }),
    rename: (item: Item) => ({ name: 'Bootsfahrten', slug: item.slug }),
    title: 'name',
    link: (item: Item) => ({ id: item.id, language: item.language, slug: item.slug, status: null }),
    copyLink: (item: Item) => ({ id: item.id, language: item.language, slug: item.slug, status: null }),
    slugged: true,
  },
  {
    noun: 'tag',
    table: 'tags',
    base: '/api/tags',
    input: (n: number) => ({ name: `Sunset ${n}`, slug: `sunset-${n}` }),
    rename: (item: Item) => ({ name: 'Sonnenuntergang', slug: item.slug }),
    title: 'name',
    link: (item: Item) => ({ id: item.id, language: item.language, slug: item.slug, status: null }),
    copyLink: (item: Item) => ({ id: item.id, language: item.language, slug: item.slug, status: null }),
    slugged: true,
  },
  {
    noun: 'faq',
    table: 'faqs',
    base: '/api/faqs',
    input: (n: number) => ({ question: `What should I bring? ${n}`, answer: '<p>Water</p>' }),
    rename: () => ({ question: 'Was soll ich mitbringen?', answer: '<p>Wasser</p>' }),
    title: 'question',
    link: (item: Item) => ({ id: item.id, language: item.language, slug: null, status: null }),
    copyLink: (item: Item) => ({ id: item.id, language: item.language, slug: null, status: null }),
    slugged: false,
  },
] as const;

interface Item {
  id: number;
  name?: string;
  question?: string;
  slug: string;
  language: string;
  is_active?: boolean;
  text_updated_at?: string;
  translations: { id: number; language: string; slug: string | null; status: string | null }[];
}

forEachDialect('translations of components, categories, tags and FAQs', (dialect) => {
  let t: TestApp;
  let counter = 0;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await useTestLanguages(t);
  });
  afterEach(async () => t.close());

  const as = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    injectAs(t.app, token, { method, url, payload });

  describe.each(KINDS)('$noun', (kind) => {
    const { base } = kind;
    async function create(overrides: Record<string, unknown> = {}): Promise<Item> {
      counter += 1;
      const res = await as(t.tokens.editor, 'POST', `${base}/`, { ...kind.input(counter), ...overrides });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    }
    const translate = (id: number, language: unknown, token = t.tokens.editor) =>
      as(token, 'POST', `${base}/${id}/translations`, { language });
    const get = async (id: number): Promise<Item> => (await as(t.tokens.user, 'GET', `${base}/${id}`)).json();
    const list = async (query = ''): Promise<Item[]> => {
      const res = await as(t.tokens.user, 'GET', `${base}/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    it('puts a new item in the default language, or in one of the site languages it names (422 otherwise)', async () => {
      expect(await create()).toMatchObject({ language: 'en', translations: [] });
      expect(await create({ language: 'PT-pt' })).toMatchObject({ language: 'pt-PT', translations: [] });
      for (const language of ['fr', 'not a tag!', 12]) {
        counter += 1;
        const res = await as(t.tokens.editor, 'POST', `${base}/`, { ...kind.input(counter), language });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors).toEqual([{ field: 'language', message: expect.any(String) }]);
      }
      expect(await list()).toHaveLength(2);
    });

    it('adds a translation: a copy in that language, linked both ways, logged as a create', async () => {
      const source = await create();
      const res = await translate(source.id, 'de');
      expect(res.statusCode, res.body).toBe(201);
      const german: Item = res.json();
      expect(german.id).not.toBe(source.id);
      expect(german.language).toBe('de');
      expect(german[kind.title]).toBe(source[kind.title]);
      if (kind.slugged) expect(german.slug).toBe(`${source.slug}-de`);
      if (kind.noun === 'component') expect(german.is_active).toBe(false);
      expect(german.translations).toEqual([kind.link(source)]);
      expect((await get(source.id)).translations).toEqual([kind.copyLink(german)]);

      const portuguese: Item = (await translate(german.id, 'pt-PT')).json();
      expect((await get(source.id)).translations.map((link) => link.id)).toEqual([german.id, portuguese.id]);
      expect((await get(portuguese.id)).translations.map((link) => link.language)).toEqual(['de', 'en']);

      const entries = (await as(t.tokens.admin, 'GET', '/api/activity/')).json().entries as ActivityEntry[];
      const entry = entries.find((e) => e.item_type === kind.noun && e.item_id === german.id);
      expect(entry).toMatchObject({ action: 'create', actor_name: 'Editor One' });
      expect(entry?.summary).toContain('ranslation into de');
    });

    it('refuses a language the group has (409), one the site has not (422 naming it); 404, 403, 401', async () => {
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
      expect(answers.find((res) => res.statusCode === 409)!.json().errors).toEqual([
        { field: 'language', message: expect.any(String) },
      ]);
      expect((await get(source.id)).translations.map((link) => link.language)).toEqual(['de']);
      // What decides in the end is the database: a second German item in the group is refused, on either dialect.
      const other = await create({ language: 'de' });
      const refusal = await t.app.ctx.db.kysely
        .updateTable(kind.table)
        .set({ translation_group: source.id })
        .where('id', '=', other.id)
        .execute()
        .catch((error: unknown) => error);
      expect(isUniqueViolation(refusal)).toBe(true);
    });

    it('lists every language without ?language=, one language with it', async () => {
      const a = await create();
      const aDe: Item = (await translate(a.id, 'de')).json();
      const b = await create({ language: 'de' });
      const whole = await list();
      expect(whole.map((item) => item.id).sort((x, y) => x - y)).toEqual([a.id, aDe.id, b.id]);
      expect(whole.find((item) => item.id === a.id)?.translations).toEqual([kind.copyLink(aDe)]);
      const german = await list('?language=de');
      expect(
        german.map((item) => [item.id, item.translations.map((link) => link.id)] as const).sort((x, y) => x[0] - y[0]),
      ).toEqual([
        [aDe.id, [a.id]],
        [b.id, []],
      ]);
      // An item's links are the same in both lists (the language's are read apart, in one query).
      const links = whole.find((item) => item.id === aDe.id)?.translations;
      expect(links).toHaveLength(1);
      expect(german.find((item) => item.id === aDe.id)?.translations).toEqual(links);
      expect(await list('?language=pt-PT')).toEqual([]);
      const bad = await as(t.tokens.user, 'GET', `${base}/?language=no%20tag`);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual([{ field: 'language', message: expect.any(String) }]);
    });

    it('keeps an item in its language: a save may repeat it, not change it', async () => {
      const source = await create();
      const german: Item = (await translate(source.id, 'de')).json();
      const same = await as(t.tokens.editor, 'PUT', `${base}/${german.id}`, { ...kind.rename(german), language: 'de' });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toMatchObject({ language: 'de', translations: [{ id: source.id }] });
      const other = await as(t.tokens.editor, 'PUT', `${base}/${german.id}`, {
        ...kind.rename(german),
        language: 'en',
      });
      expect(other.statusCode, other.body).toBe(422);
      expect(other.json().errors).toEqual([{ field: 'language', message: expect.any(String) }]);
      // The source's text is its own.
      expect((await get(source.id))[kind.title]).toBe(source[kind.title]);
    });
  });

  it.each(['categories', 'tags'])('refuses a parent in another language (422 naming parent_id): %s', async (kind) => {
    const english: Item = (await as(t.tokens.editor, 'POST', `/api/${kind}/`, { name: 'Boats', slug: 'boats' })).json();
    const german: Item = (
      await as(t.tokens.editor, 'POST', `/api/${kind}/`, { name: 'Boote', slug: 'boote', language: 'de' })
    ).json();
    const refused = await as(t.tokens.editor, 'POST', `/api/${kind}/`, {
      name: 'Segeln',
      slug: 'segeln',
      language: 'de',
      parent_id: english.id,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual([
      { field: 'parent_id', message: expect.stringMatching(/in Deutsch \(de\).*Boats is in English \(en\)/) },
    ]);
    const child = await as(t.tokens.editor, 'POST', `/api/${kind}/`, {
      name: 'Segeln',
      slug: 'segeln',
      language: 'de',
      parent_id: german.id,
    });
    expect(child.statusCode, child.body).toBe(201);
    // A save is held to the same: the German child cannot move under the English parent.
    const moved = await as(t.tokens.editor, 'PUT', `/api/${kind}/${child.json().id}`, {
      name: 'Segeln',
      slug: 'segeln',
      parent_id: english.id,
    });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().errors).toEqual([{ field: 'parent_id', message: expect.any(String) }]);
    expect((await as(t.tokens.user, 'GET', `/api/${kind}/${child.json().id}`)).json().parent_id).toBe(german.id);
  });

  it('gives a translated category or tag the next free slug, and a child the translation of its parent', async () => {
    const parent: Item = (
      await as(t.tokens.editor, 'POST', '/api/categories/', { name: 'Boats', slug: 'boats' })
    ).json();
    const child: Item = (
      await as(t.tokens.editor, 'POST', '/api/categories/', { name: 'Sailing', slug: 'sailing', parent_id: parent.id })
    ).json();
    await as(t.tokens.editor, 'POST', '/api/categories/', { name: 'Taken', slug: 'sailing-de' });
    // Without the parent's translation, the child's is top-level: a parent is in its child's language.
    const first = await as(t.tokens.editor, 'POST', `/api/categories/${child.id}/translations`, { language: 'pt-PT' });
    expect(first.json()).toMatchObject({ slug: 'sailing-pt-pt', parent_id: null });
    const parentDe: Item = (
      await as(t.tokens.editor, 'POST', `/api/categories/${parent.id}/translations`, { language: 'de' })
    ).json();
    const childDe = await as(t.tokens.editor, 'POST', `/api/categories/${child.id}/translations`, { language: 'de' });
    expect(childDe.statusCode, childDe.body).toBe(201);
    expect(childDe.json()).toMatchObject({ slug: 'sailing-de-2', parent_id: parentDe.id, language: 'de' });
  });

  it('duplicates a component into a group of its own, in its language', async () => {
    const header: Item = (
      await as(t.tokens.editor, 'POST', '/api/components/', {
        name: 'Kopfzeile',
        type: 'header',
        content: '<nav>Start</nav>',
        language: 'de',
      })
    ).json();
    const copy = await as(t.tokens.editor, 'POST', `/api/components/${header.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ language: 'de', translations: [] });
    // Being in a group of its own, it can be translated into English by itself.
    expect(
      (await as(t.tokens.editor, 'POST', `/api/components/${copy.json().id}/translations`, { language: 'en' }))
        .statusCode,
    ).toBe(201);
  });
});
