import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrashList } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../test/test-app.js';
import { useTestLanguages } from '../test/page-fixtures.js';
import { LANGUAGE_TABLES } from '../modules/settings/settings.repository.js';

/**
 * Translation groups under concurrent and partial writes (issue 30): a language removed from Settings while an
 * editor puts an item in it, and a whole group moved to the trash or brought back, all of it or none.
 */

interface Item {
  id: number;
  slug: string;
  language: string;
  translations: { id: number; language: string }[];
}

/** How many times each race is run: enough for both orders and the interleavings between them to come up. */
const RUNS = 8;

forEachDialect('translation groups under concurrent writes', (dialect) => {
  let t: TestApp;
  let counter = 0;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await useTestLanguages(t);
  });
  afterEach(async () => t.close());

  const as = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    injectAs(t.app, token, { method, url, payload });

  async function created(url: string, payload: object): Promise<Item> {
    const res = await as(t.tokens.editor, 'POST', url, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const setLanguages = (languages: string[]) =>
    as(t.tokens.admin, 'PUT', '/api/settings', {
      site_name: 'Lisbon Walks',
      currency: 'EUR',
      default_language: 'en',
      languages,
    });

  /** Items (of every table with a language) in a language the site does not have: never any. */
  async function itemsInNoSiteLanguage(): Promise<string[]> {
    const languages: string[] = (await as(t.tokens.user, 'GET', '/api/settings')).json().languages;
    const strays: string[] = [];
    for (const table of LANGUAGE_TABLES) {
      const rows = await t.app.ctx.db.kysely
        .selectFrom(table)
        .select(['id', 'language'])
        .where('language', 'not in', languages)
        .execute();
      strays.push(...rows.map((row) => `${table} ${row.id} in ${row.language}`));
    }
    return strays;
  }

  const trashEntries = async () => ((await as(t.tokens.editor, 'GET', '/api/trash/')).json() as TrashList).items;

  /**
   * The writes that put an item in German, each raced against German's removal: `prepare` makes what it needs while
   * the site has German, `write` is the request, and `undo` takes its German item out of the way afterwards (to the
   * trash, which does not count), so German can be removed on the next run.
   */
  const WRITES: {
    name: string;
    prepare(): Promise<number>;
    write(subject: number): Promise<{ statusCode: number; body: string; json(): unknown }>;
    /** `item`: what the write answered (an item, or a restore's `{ item_type, item_id }`). */
    undo(item: Item & { item_id: number }): Promise<{ statusCode: number }>;
  }[] = [
    {
      name: 'a translation of a post',
      prepare: async () => {
        counter += 1;
        return (await created('/api/posts/', { title: `Tour ${counter}`, slug: `tour-${counter}`, status: 'draft' }))
          .id;
      },
      write: (id) => as(t.tokens.editor, 'POST', `/api/posts/${id}/translations`, { language: 'de' }),
      undo: (item) => as(t.tokens.editor, 'DELETE', `/api/posts/${item.id}`),
    },
    {
      name: 'a translation of a category',
      prepare: async () => {
        counter += 1;
        return (await created('/api/categories/', { name: `Boats ${counter}`, slug: `boats-${counter}` })).id;
      },
      write: (id) => as(t.tokens.editor, 'POST', `/api/categories/${id}/translations`, { language: 'de' }),
      undo: (item) => as(t.tokens.editor, 'DELETE', `/api/categories/${item.id}`),
    },
    {
      name: 'a new FAQ in German',
      prepare: async () => 0,
      write: () =>
        as(t.tokens.editor, 'POST', '/api/faqs/', { question: 'Schwimmwesten?', answer: '<p>Ja</p>', language: 'de' }),
      undo: (item) => as(t.tokens.editor, 'DELETE', `/api/faqs/${item.id}`),
    },
    {
      name: 'a German page restored from the trash',
      prepare: async () => {
        counter += 1;
        const page = await created('/api/pages/', {
          title: `Seite ${counter}`,
          slug: `seite-${counter}`,
          language: 'de',
        });
        expect((await as(t.tokens.editor, 'DELETE', `/api/pages/${page.id}`)).statusCode).toBe(204);
        return (await trashEntries()).find((entry) => entry.item_id === page.id)!.id;
      },
      write: (entryId) => as(t.tokens.editor, 'POST', `/api/trash/${entryId}/restore`),
      undo: (item) => as(t.tokens.editor, 'DELETE', `/api/pages/${item.item_id}`),
    },
  ];

  describe.each(WRITES)('$name, while an administrator removes German', (write) => {
    it('either keeps German with the item (409) or refuses the item (422 or 409), never both done', async () => {
      for (let run = 0; run < RUNS; run++) {
        expect((await setLanguages(['en', 'de', 'pt-PT'])).statusCode).toBe(200);
        const subject = await write.prepare();
        const [removal, added] = await Promise.all([setLanguages(['en', 'pt-PT']), write.write(subject)]);
        expect(await itemsInNoSiteLanguage()).toEqual([]);
        if (removal.statusCode === 200) {
          // German went first: the write found it gone.
          expect([409, 422], added.body).toContain(added.statusCode);
          expect(added.json()).toMatchObject({ detail: expect.stringMatching(/Settings first/) });
        } else {
          // The item went first: the removal counted it.
          expect(removal.statusCode, removal.body).toBe(409);
          expect(removal.json().errors).toEqual([{ field: 'languages', message: expect.stringMatching(/Deutsch/) }]);
          expect([200, 201], added.body).toContain(added.statusCode);
          const languages: string[] = (await as(t.tokens.user, 'GET', '/api/settings')).json().languages;
          expect(languages).toContain('de');
          const item = added.json() as Item & { item_id: number };
          expect((await write.undo(item)).statusCode).toBe(204);
        }
      }
    });
  });

  /** The kinds whose trash entries carry their translation group: posts and pages delete a whole group at once. */
  const GROUP_KINDS = [
    {
      noun: 'post',
      base: '/api/posts',
      input: (slug: string) => ({ title: `Alfama ${slug}`, slug, status: 'published' }),
      groupDelete: true,
    },
    {
      noun: 'page',
      base: '/api/pages',
      input: (slug: string) => ({ title: `Alfama ${slug}`, slug, status: 'published' }),
      groupDelete: true,
    },
    {
      noun: 'component',
      base: '/api/components',
      input: (slug: string) => ({ name: `Header ${slug}`, slug, type: 'header', content: '<nav>Home</nav>' }),
      groupDelete: false,
    },
  ] as const;

  it('gives a translation added while a price is saved the price the group ends with', async () => {
    for (let run = 0; run < RUNS; run++) {
      counter += 1;
      const source = await created('/api/posts/', { title: `Tram 28 ${counter}`, slug: `tram-${counter}`, price: 20 });
      const german = await created(`/api/posts/${source.id}/translations`, { language: 'de' });
      const [saved, added] = await Promise.all([
        as(t.tokens.editor, 'PUT', `/api/posts/${source.id}`, {
          title: `Tram 28 ${counter}`,
          slug: `tram-${counter}`,
          price: 30,
          version: 1,
        }),
        as(t.tokens.admin, 'POST', `/api/posts/${german.id}/translations`, { language: 'pt-PT' }),
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(added.statusCode, added.body).toBe(201);
      // Whichever came first, the group shares one price: the one saved last.
      for (const id of [source.id, german.id, (added.json() as Item).id]) {
        const item = await as(t.tokens.user, 'GET', `/api/posts/${id}`);
        expect(item.json().price, `run ${run}, post ${id}`).toBe(30);
      }
    }
  });

  describe.each(GROUP_KINDS)('a $noun group in the trash', (kind) => {
    const get = (id: number) => as(t.tokens.user, 'GET', `${kind.base}/${id}`);

    async function group(): Promise<Item[]> {
      counter += 1;
      const source = await created(`${kind.base}/`, kind.input(`alfama-${counter}`));
      const german = await created(`${kind.base}/${source.id}/translations`, { language: 'de' });
      const portuguese = await created(`${kind.base}/${source.id}/translations`, { language: 'pt-PT' });
      return [source, german, portuguese];
    }

    async function trashGroup(items: Item[]): Promise<void> {
      if (kind.groupDelete)
        expect((await as(t.tokens.editor, 'DELETE', `${kind.base}/${items[0]!.id}?group=true`)).statusCode).toBe(204);
      else
        for (const item of items)
          expect((await as(t.tokens.editor, 'DELETE', `${kind.base}/${item.id}`)).statusCode).toBe(204);
    }

    it('restores all of the group or none: a slug taken or a language gone refuses it, naming the item', async () => {
      const items = await group();
      const [source, german] = items as [Item, Item, Item];
      await trashGroup(items);
      const entry = (await trashEntries()).find((e) => e.item_id === source.id)!;
      expect(entry.group_entries).toBe(3);

      // Another item took the German translation's slug meanwhile: nothing comes back.
      const blocker = await created(`${kind.base}/`, kind.input(german.slug));
      const taken = await as(t.tokens.editor, 'POST', `/api/trash/${entry.id}/restore?group=true`);
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json().detail).toMatch(/^Nothing was restored: ".+" in Deutsch \(de\) cannot come back\. Another/);
      expect(taken.json().detail).toContain(german.slug);
      expect(taken.json().errors).toEqual([{ field: 'slug', message: expect.any(String) }]);
      expect(await trashEntries()).toHaveLength(3);
      for (const item of items) expect((await get(item.id)).statusCode).toBe(404);

      // The slug is free again, but Portuguese is no longer one of the site's languages: still nothing.
      expect((await as(t.tokens.editor, 'DELETE', `${kind.base}/${blocker.id}`)).statusCode).toBe(204);
      expect((await setLanguages(['en', 'de'])).statusCode).toBe(200);
      const gone = await as(t.tokens.editor, 'POST', `/api/trash/${entry.id}/restore?group=true`);
      expect(gone.statusCode, gone.body).toBe(409);
      expect(gone.json().detail).toMatch(
        /^Nothing was restored: ".+" in .*\(pt-PT\) cannot come back\. .*Settings first/,
      );
      expect(await trashEntries()).toHaveLength(4);
      for (const item of items) expect((await get(item.id)).statusCode).toBe(404);

      // With Portuguese back, the whole group returns, linked as before.
      expect((await setLanguages(['en', 'de', 'pt-PT'])).statusCode).toBe(200);
      const restored = await as(t.tokens.editor, 'POST', `/api/trash/${entry.id}/restore?group=true`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toEqual({ item_type: kind.noun, item_id: source.id });
      expect(((await get(source.id)).json() as Item).translations.map((link) => link.language)).toEqual([
        'de',
        'pt-PT',
      ]);
      expect((await trashEntries()).map((e) => e.item_id)).toEqual([blocker.id]);
    });

    if (kind.groupDelete) {
      it('moves a group to the trash once when two staff delete it at once', async () => {
        for (let run = 0; run < 3; run++) {
          const items = await group();
          const answers = await Promise.all([
            as(t.tokens.editor, 'DELETE', `${kind.base}/${items[0]!.id}?group=true`),
            as(t.tokens.admin, 'DELETE', `${kind.base}/${items[2]!.id}?group=true`),
          ]);
          expect(answers.map((res) => res.statusCode).sort()).toEqual([204, 404]);
          const entries = (await trashEntries()).filter((e) => items.some((item) => item.id === e.item_id));
          expect(entries.map((e) => e.item_id).sort((a, b) => a - b)).toEqual(items.map((item) => item.id));
        }
      });

      it('takes a translation added while the group is being deleted with it, or refuses the translation', async () => {
        for (let run = 0; run < RUNS; run++) {
          counter += 1;
          const source = await created(`${kind.base}/`, kind.input(`belem-${counter}`));
          const german = await created(`${kind.base}/${source.id}/translations`, { language: 'de' });
          const [removal, added] = await Promise.all([
            as(t.tokens.editor, 'DELETE', `${kind.base}/${source.id}?group=true`),
            as(t.tokens.admin, 'POST', `${kind.base}/${german.id}/translations`, { language: 'pt-PT' }),
          ]);
          expect(removal.statusCode, removal.body).toBe(204);
          const entry = (await trashEntries()).find((e) => e.item_id === source.id)!;
          if (added.statusCode === 201) {
            // The translation came first: the group's move took it too.
            expect((await get((added.json() as Item).id)).statusCode).toBe(404);
            expect(entry.group_entries).toBe(3);
          } else {
            // Refused, or made and then taken by the group's move before its answer was read back: either way the
            // client is told the item is gone, and the trash holds whatever was made.
            expect(added.statusCode, added.body).toBe(404);
            expect([2, 3]).toContain(entry.group_entries);
          }
          // Nothing of the group is left outside the trash: no translation without its group.
          const live = (await as(t.tokens.editor, 'GET', `${kind.base}/`)).json() as { slug: string }[];
          const ours = new RegExp(`^belem-${counter}(-|$)`);
          expect(live.filter((item) => ours.test(item.slug))).toEqual([]);
        }
      });
    }
  });
});
