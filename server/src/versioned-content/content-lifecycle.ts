import {
  activityLabels,
  languageName,
  mediaReferencesOf,
  SLUG_MAX,
  textFieldKeys,
  translationSlug,
  type RevisionItemType,
} from '@tours-cms/contract';
import type { Db } from '../db/dialect.js';
import { findSlugOwner, type SlugTable } from '../db/slug-owner.js';
import { isUniqueViolation } from '../db/database-errors.js';
import { groupItemIn, groupOf, joinGroup, lockGroup, type TranslatedTable } from '../db/translation-groups.js';
import { inTransaction, lockSiteLanguages } from '../db/transaction.js';
import { assertSameLanguage, itemLanguage, languageTaken } from './translation-items.js';
import { HttpError, notFound } from '../core/errors.js';
import { nowIso } from '../core/clock.js';
import { slugConflict, slugGuard, slugTakenMeanwhile } from '../core/slug-guard.js';
import { publishEachDue, scheduleOf } from '../core/scheduling.js';
import type { Actor } from '../core/actor.js';
import { changedKeys, describeChanges, saveAction } from '../core/change-summary.js';
import type { SiteChanges } from '../core/site-changes.js';
import type { ActivityService } from '../modules/activity/activity.service.js';
import type { MediaService } from '../modules/media/media.service.js';
import type { RedirectsService } from '../modules/redirects/redirects.service.js';
import type { RevisionsService } from '../modules/revisions/revisions.service.js';
import {
  keptColumns,
  trashedItem,
  type KeptColumns,
  type TrashedItem,
  type TrashService,
} from '../modules/trash/trash.service.js';

/** What a save reads of an item's row under its lock. */
export interface LockedRow {
  id: number;
  slug: string;
  version: number;
  updated_by: number | null;
  updated_at: string;
  /** When its text last changed (issue 30): the trash keeps it. */
  text_updated_at?: string;
  created_at: string;
  author_id?: number | null;
  status?: string;
  publish_at?: string | null;
  /** The kinds with translations (posts, pages): the item's language and its translation group. */
  language?: string;
  translation_group?: number;
}

/** What the lifecycle settles for a write beyond the input itself: the slug it claims and the schedule it stores. */
export interface Settled {
  slug: string;
  publish_at: string | null;
}

/** Who and when, as a create stamps an item's row (a type without authors ignores `author_id`). */
export interface CreateStamp {
  author_id: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
  /** When its text last changed (issue 30): a new item's and a new translation's is when it was made. */
  text_updated_at: string;
}

/** Who and when, as a save stamps an item's row, and the version it becomes. */
export interface SaveStamp {
  version: number;
  updated_by: number | null;
  updated_at: string;
  /**
   * Set when the save changed the item's text, or saved an item not in the site's default language (its translator's
   * save); absent when the row keeps its own (a write of what the group shares, a save of other fields in the source).
   */
  text_updated_at?: string;
}

/** A status and its schedule, for the types that have them. */
interface Publishable {
  status: string;
  publish_at: string | null;
}

/**
 * What one kind of versioned content (posts, pages, common components) tells the lifecycle: how to read, check and
 * write its rows. Everything else (the version check, the history, the activity log, the trash, redirects,
 * scheduling and the site-change signal) is the lifecycle's, the same for every kind.
 */
export interface ContentSpec<Data extends object, Snap extends object, Row extends LockedRow, Item> {
  itemType: RevisionItemType;
  /** As a 404 names it: 'Post'. */
  noun: string;
  /** Its field table (fields.ts): the activity log names the fields that changed from it. */
  fields: object;
  slugTable: SlugTable;
  /** What a slug conflict answers; default "A post with this slug already exists". */
  slugConflict?: () => ReturnType<typeof slugConflict>;
  /** The item as the API answers it (404 when there is none). */
  get(id: number): Promise<Item>;
  lock(tx: Db, id: number): Promise<Row | undefined>;
  /** The fields of a locked row as its versions keep them. */
  snapshot(tx: Db, row: Row): Promise<Snap>;
  /** A kept version's or trashed item's fields made valid for today (references deleted since left out), or 422. */
  restorable(fields: unknown): Promise<Data>;
  /** Refuses input whose references do not exist (422), before any transaction. */
  check?(data: Data): Promise<void>;
  /**
   * The input as it is saved, in the write's transaction: what it left out filled from the row it replaces
   * (`current`, absent for a new or restored item), what it holds cleaned.
   */
  prepare?(tx: Db, data: Data, current: Row | undefined): Promise<Data>;
  titleOf(data: Data | Row): string;
  /** The activity log's line for a create ("Status draft"). */
  createdSummary(data: Data): string;
  /** The slug a write claims; default the input's. `current` is the row being saved, absent on create and restore from the trash. */
  slugOf?(data: Data, current: Row | undefined): string;
  write: {
    insert(tx: Db, data: Data, settled: Settled, stamp: CreateStamp): Promise<number>;
    update(tx: Db, id: number, data: Data, settled: Settled, stamp: SaveStamp): Promise<unknown>;
    /** Puts a trashed item's row back under its own id. */
    reinsert(
      tx: Db,
      id: number,
      data: Data,
      settled: Settled,
      kept: KeptColumns & { text_updated_at: string },
    ): Promise<unknown>;
    remove(tx: Db, id: number): Promise<unknown>;
  };
  /**
   * For the kinds linked as translations (issue 30): their table, and the fields a translation group keeps once
   * (`groupFieldKeys`), which a save of one item writes to every item of its group, each as a new version.
   */
  translations?: {
    table: TranslatedTable;
    groupKeys: readonly string[];
    /**
     * The group's fields that are sets, whose order means nothing (a post's tags, which its versions keep by name):
     * a save that sends them in another order changes nothing on the other items.
     */
    setKeys?: readonly string[];
    /** What a new translation's copy starts as, beyond its slug and language (a component's is switched off). */
    asNew?(copy: Data): Data;
    /**
     * The group's fields as an item in `language` keeps them: references to items linked as translations
     * (categories, tags, FAQs) become their translations in that language when there are ones, else stay.
     */
    inLanguage?(tx: Db, shared: Record<string, unknown>, language: string): Promise<Record<string, unknown>>;
  };
  /** For the kinds with a status, a schedule and a public address (posts, pages). */
  publishing?: {
    /** The public address of an item with this slug: a published item's move leaves a redirect from the old one. */
    path(slug: string): string;
    listDue(db: Db, now: string): Promise<number[]>;
    /** Marks a due item published as its next version, keeping its last saver. */
    markPublished(tx: Db, id: number, version: number, now: string): Promise<unknown>;
  };
}

export interface LifecycleDeps {
  db: Db;
  siteChanges: SiteChanges;
  revisions: RevisionsService;
  trash: TrashService;
  activity: ActivityService;
  redirects?: RedirectsService;
  /** Told, in each write's transaction, which media items the item uses (the Media Library's "Used by"). */
  media?: Pick<MediaService, 'recordUsage'>;
  /** The site's languages (Settings), for the kinds linked as translations. */
  siteLanguages?: (tx?: Db) => Promise<{ default_language: string; languages: readonly string[] }>;
}

function publishable(value: object): Publishable | undefined {
  return 'status' in value && typeof value.status === 'string' ? (value as Publishable) : undefined;
}

/** "Restored version 3; changed title": a restore's note, then what it changed. */
function withNote(note: string | undefined, summary: string): string {
  return note ? `${note}; ${summary.charAt(0).toLowerCase()}${summary.slice(1)}` : summary;
}

/**
 * The one lifecycle of versioned content: create, save (version check, revision, activity, slug, redirects, site
 * change), restore of a version, move to the trash and back, and publishing what is due. Each write is one
 * transaction under a row lock; the site hears of it after the commit.
 */
export function createContentLifecycle<Data extends object, Snap extends object, Row extends LockedRow, Item>(
  deps: LifecycleDeps,
  spec: ContentSpec<Data, Snap, Row, Item>,
) {
  const { db, siteChanges, revisions, trash, activity, redirects, media } = deps;
  const { itemType, publishing, translations } = spec;
  const labels = activityLabels(spec.fields) as Partial<Record<keyof Snap, string>>;
  const textKeys = textFieldKeys(spec.fields) as (keyof Snap & string)[];
  const conflict = spec.slugConflict ?? (() => slugConflict(itemType));
  const slugs = slugGuard(spec.slugTable, conflict);
  const slugOf = (data: Data, current: Row | undefined): string =>
    spec.slugOf?.(data, current) ?? (data as { slug: string }).slug;

  /** The site's languages; only English until they are given (the kinds without translations never ask). */
  async function siteLanguages(tx?: Db): Promise<{ default_language: string; languages: readonly string[] }> {
    return (await deps.siteLanguages?.(tx)) ?? { default_language: 'en', languages: ['en'] };
  }

  /**
   * The language a new item is in: the one given, if the site has it (422 otherwise), else the site's default; asked
   * in the transaction that writes it, which holds the site's languages (a removal meanwhile waits, then counts it).
   */
  const languageFor = (tx: Db, given: string | undefined): Promise<string> => itemLanguage(tx, siteLanguages, given);

  /** 409 naming the language: the group has an item in it already. */
  const takenIn = (language: string) => languageTaken(itemType, language);

  /** A save keeps the item's language: a body may repeat it, never change it (422). */
  function withItsLanguage(data: Data, current: Row): Data {
    if (!translations) return data;
    assertSameLanguage(itemType, current.language!, (data as { language?: string }).language);
    return { ...data, language: current.language };
  }

  /** The schedule a write stores (422 for a moment already past), for the kinds that have one. */
  function scheduleFor(data: Data, current: Row | undefined): string | null {
    const input = publishable(data);
    if (!publishing || !input) return null;
    return scheduleOf(input, current && publishable(current));
  }

  /** Records which media items the item's fields use now (none once it is in the trash). */
  async function recordUsage(tx: Db, itemId: number, data: Data | null): Promise<void> {
    await media?.recordUsage(
      tx,
      itemType,
      itemId,
      data ? mediaReferencesOf(spec.fields, data as Record<string, unknown>) : { ids: [], paths: [] },
    );
  }

  /** A published address that moved leaves a redirect; an address published now drops any redirect from it. */
  async function followAddress(
    tx: Db,
    before: { status?: string; slug: string } | undefined,
    after: Data,
    slug: string,
  ): Promise<void> {
    if (!publishing || !redirects) return;
    const language = (after as { language?: string }).language;
    if (before?.status === 'published' && before.slug !== slug)
      await redirects.moved(tx, await addressOf(tx, before.slug, language), await addressOf(tx, slug, language));
    if (publishable(after)?.status === 'published') await redirects.released(tx, await addressOf(tx, slug, language));
  }

  /**
   * An item's address on the site: the default language's at the site's own (`/tours/{slug}`), any other under its
   * tag (`/de/tours/{slug}`), as the public site places them; so a translation's old address redirects where it was.
   */
  async function addressOf(tx: Db, slug: string, language: string | undefined): Promise<string> {
    const path = publishing!.path(slug);
    if (!translations || language === undefined) return path;
    const site = await siteLanguages(tx);
    return language === site.default_language ? path : `/${language.toLowerCase()}${path}`;
  }

  /**
   * Saves the input as the item's next version, in one transaction: the row is locked, a stale `expected` version
   * answers 409, the version being replaced is kept in the history, the activity log says what changed.
   */
  async function save(
    id: number,
    input: Data,
    actor: Actor | null,
    expected: number | undefined,
    note?: string,
  ): Promise<Item> {
    await spec.check?.(input);
    // Read before the transaction: a kind's settings reader may not take it (SQLite has one connection).
    const defaultLanguage = translations && (await siteLanguages()).default_language;
    await inTransaction(db, async (tx) => {
      // The whole group is locked first, in id order: a save in one language and one in another wait for each other,
      // and a translation added while the lock was awaited gets what this save shares too (lockGroup looks again).
      const group = translations ? await lockGroup(tx, translations.table, id) : [];
      const current = await spec.lock(tx, id);
      if (!current) throw notFound(spec.noun);
      const data = withItsLanguage(spec.prepare ? await spec.prepare(tx, input, current) : input, current);
      // A translation's own save says it is current, whatever it changed; the source's, only when its text changed.
      const translatorsSave = defaultLanguage !== undefined && current.language !== defaultLanguage;
      await writeVersion(tx, current, data, actor, expected, note, translatorsSave);
      for (const otherId of group) if (otherId !== id) await shareGroupFields(tx, otherId, data, actor);
    });
    siteChanges.changed(itemType);
    return spec.get(id);
  }

  /**
   * Writes `data` (prepared) over the locked row `current` as its next version: history, activity, slug, media,
   * redirects. Its `text_updated_at` is set when its text changed or `textStamp` says so (a translation's own save);
   * a write of what the group shares (`shareGroupFields`) changes no text, so it keeps the row's.
   */
  async function writeVersion(
    tx: Db,
    current: Row,
    data: Data,
    actor: Actor | null,
    expected: number | undefined,
    note: string | undefined,
    textStamp: boolean,
  ): Promise<void> {
    const id = current.id;
    const before = await spec.snapshot(tx, current);
    await revisions.replaced(tx, itemType, current, before as Record<string, unknown>, expected);
    const settled = { slug: slugOf(data, current), publish_at: scheduleFor(data, current) };
    const after = { ...data, ...(publishing ? { publish_at: settled.publish_at } : {}) } as unknown as Partial<Snap>;
    const textChanged = textKeys.some(
      (key) => key in after && JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
    );
    const now = nowIso();
    const status = publishable(data)?.status;
    await activity.record(tx, actor, {
      action: note
        ? 'restore'
        : status !== undefined
          ? saveAction(current.status ?? '', status, changedKeys(before, after, labels))
          : 'update',
      itemType,
      itemId: id,
      title: spec.titleOf(data),
      summary: withNote(note, describeChanges(before, after, labels)),
    });
    await slugs.claim(tx, settled.slug, id, () =>
      spec.write.update(tx, id, data, settled, {
        version: current.version + 1,
        updated_by: actor?.id ?? null,
        updated_at: now,
        ...(textChanged || textStamp ? { text_updated_at: now } : {}),
      }),
    );
    await recordUsage(tx, id, data);
    await followAddress(tx, current, data, settled.slug);
  }

  /**
   * Writes the group's fields of a saved item (`data`) to another item of its group (locked with the group), as that
   * item's next version, when they differ: its own history and activity say who changed the price, in which item.
   */
  async function shareGroupFields(tx: Db, otherId: number, data: Data, actor: Actor | null): Promise<void> {
    if (!translations) return;
    const row = await spec.lock(tx, otherId);
    if (!row) return;
    const fields = (await spec.snapshot(tx, row)) as Record<string, unknown>;
    const values = data as Record<string, unknown>;
    const given = Object.fromEntries(translations.groupKeys.map((key) => [key, values[key] ?? null]));
    const shared = translations.inLanguage ? await translations.inLanguage(tx, given, row.language!) : given;
    const comparable = (key: string, value: unknown) =>
      JSON.stringify(
        translations.setKeys?.includes(key) && Array.isArray(value)
          ? [...(value as number[])].sort((a, b) => a - b)
          : (value ?? null),
      );
    if (translations.groupKeys.every((key) => comparable(key, fields[key]) === comparable(key, shared[key]))) return;
    const merged = { ...fields, ...shared, language: row.language } as unknown as Data;
    const prepared = spec.prepare ? await spec.prepare(tx, merged, row) : merged;
    await writeVersion(tx, row, prepared, actor, undefined, undefined, false);
  }

  /** A slug no item of the table holds: `wanted`, else `wanted-2`, `wanted-3`... */
  async function freeSlug(tx: Db, wanted: string): Promise<string> {
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '' : `-${n}`;
      const slug = `${wanted.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
      if ((await findSlugOwner(tx, spec.slugTable, slug)) === undefined) return slug;
    }
  }

  /** A trash entry read for its restore: what the trash kept, and the fields it restores (`spec.restorable`). */
  interface TrashedEntry {
    entryId: number;
    itemId: number;
    kept: TrashedItem<unknown>;
    restored: Data;
  }

  /**
   * Puts trashed items back under their own ids, in one transaction (`untrash`, `untrashGroup`): what the trash kept
   * is read first (the references deleted since are left out outside the transaction), then each entry is taken
   * back and its row written. Answers the items' ids, in the entries' order.
   */
  async function untrashAll(entryIds: readonly number[], actor: Actor): Promise<number[]> {
    const items: TrashedEntry[] = [];
    for (const entryId of entryIds) {
      const { itemId, kept } = await trash.peek(entryId, itemType);
      items.push({ entryId, itemId, kept, restored: await spec.restorable(kept.fields) });
    }
    await inTransaction(db, async (tx) => {
      // The site's languages are held until the commit: a removal of one of them meanwhile waits, then counts these.
      if (translations) await lockSiteLanguages(tx, 'use');
      const site = translations && (await siteLanguages(tx));
      for (const item of items) {
        try {
          await untrashOne(tx, item, site, actor);
        } catch (error) {
          if (items.length === 1 || !(error instanceof HttpError)) throw error;
          const { language } = keptColumns(item.kept);
          const what = `"${spec.titleOf(item.restored)}"${language === undefined ? '' : ` in ${languageName(language)}`}`;
          throw new HttpError(
            error.statusCode,
            `Nothing was restored: ${what} cannot come back. ${error.detail}`,
            error.errors,
            error.headers,
            error.extra,
          );
        }
      }
    });
    siteChanges.changed(itemType);
    return items.map((item) => item.itemId);
  }

  /** One trashed item back, in `tx` (`untrashAll`). */
  async function untrashOne(
    tx: Db,
    { entryId, itemId, kept, restored }: TrashedEntry,
    site: { default_language: string; languages: readonly string[] } | undefined,
    actor: Actor,
  ): Promise<void> {
    const settled = { slug: slugOf(restored, undefined), publish_at: publishable(restored)?.publish_at ?? null };
    // An entry from before migration 0036 kept no time of its text: its last save's stands for it.
    const columns = { ...keptColumns(kept), text_updated_at: kept.text_updated_at ?? kept.updated_at };
    // An item in a language the site no longer has would be at no address: Settings first (409, nothing changes).
    if (site && columns.language !== undefined && !site.languages.includes(columns.language))
      throw new HttpError(
        409,
        `This ${itemType} is in ${languageName(columns.language)}, no longer one of the site's languages: add it in Settings first`,
      );
    const data = spec.prepare ? await spec.prepare(tx, restored, undefined) : restored;
    await trash.takeBack(tx, entryId, { itemType, itemId, title: spec.titleOf(restored) }, actor);
    if (translations && site) {
      // Back in its group, unless the group has another item in its language meanwhile: then in a group of its own.
      const language = columns.language ?? site.default_language;
      const group = columns.translation_group ?? itemId;
      const taken = (await groupItemIn(tx, translations.table, group, language)) !== undefined;
      Object.assign(columns, { language, translation_group: taken ? itemId : group });
    }
    await slugGuard(spec.slugTable, () => slugTakenMeanwhile(itemType, settled.slug)).claim(
      tx,
      settled.slug,
      undefined,
      () => spec.write.reinsert(tx, itemId, data, settled, columns),
    );
    await recordUsage(tx, itemId, data);
    await followAddress(tx, undefined, data, settled.slug);
  }

  return {
    save,

    /** The author is whoever is signed in: an `author_id` sent by a client never reaches here. */
    async create(input: Data, actor: Actor | null): Promise<Item> {
      await spec.check?.(input);
      const now = nowIso();
      const settled = { slug: slugOf(input, undefined), publish_at: scheduleFor(input, undefined) };
      const id = await inTransaction(db, async (tx) => {
        const language = translations && (await languageFor(tx, (input as { language?: string }).language));
        const prepared = spec.prepare ? await spec.prepare(tx, input, undefined) : input;
        const data = translations ? { ...prepared, language } : prepared;
        return slugs.claim(tx, settled.slug, undefined, async () => {
          const itemId = await spec.write.insert(tx, data, settled, {
            author_id: actor?.id ?? null,
            updated_by: actor?.id ?? null,
            created_at: now,
            updated_at: now,
            text_updated_at: now,
          });
          // A new item is the first of its own translation group.
          if (translations) await joinGroup(tx, translations.table, itemId, itemId);
          await activity.record(tx, actor, {
            action: 'create',
            itemType,
            itemId,
            title: spec.titleOf(data),
            summary: spec.createdSummary(data),
          });
          await recordUsage(tx, itemId, data);
          await followAddress(tx, undefined, data, settled.slug);
          return itemId;
        });
      });
      siteChanges.changed(itemType);
      return spec.get(id);
    },

    /**
     * Adds a translation (issue 30): a draft copy of the item in `language`, with a free slug (`{slug}-{language}`),
     * linked to its group in the same transaction. 422 for a language the site does not have, 409 when the group
     * has one in it already: the group is locked meanwhile, and should two requests still race, the unique index on
     * (translation_group, language) refuses the second.
     */
    async translate(id: number, language: string, actor: Actor): Promise<Item> {
      if (!translations) throw notFound(spec.noun);
      const { table } = translations;
      let itemId: number;
      try {
        itemId = await inTransaction(db, async (tx) => {
          await languageFor(tx, language);
          await lockGroup(tx, table, id);
          const source = await spec.lock(tx, id);
          if (!source) throw notFound(spec.noun);
          const group = source.translation_group ?? source.id;
          if (source.language === language || (await groupItemIn(tx, table, group, language)) !== undefined)
            throw takenIn(language);
          const slug = await freeSlug(tx, translationSlug(source.slug, language, SLUG_MAX));
          const copy = {
            ...(await spec.snapshot(tx, source)),
            slug,
            language,
            ...(publishing ? { status: 'draft', publish_at: null } : {}),
          } as unknown as Data;
          const copied = translations.inLanguage
            ? ({ ...copy, ...(await translations.inLanguage(tx, copy as Record<string, unknown>, language)) } as Data)
            : copy;
          const fresh = translations.asNew ? translations.asNew(copied) : copied;
          const data = spec.prepare ? await spec.prepare(tx, fresh, undefined) : fresh;
          const now = nowIso();
          const newId = await spec.write.insert(
            tx,
            data,
            { slug, publish_at: null },
            { author_id: actor.id, updated_by: actor.id, created_at: now, updated_at: now, text_updated_at: now },
          );
          await joinGroup(tx, table, newId, group);
          await activity.record(tx, actor, {
            action: 'create',
            itemType,
            itemId: newId,
            title: spec.titleOf(data),
            summary: `${spec.createdSummary(data)}; translation into ${language} of ${itemType} ${id}`,
          });
          await recordUsage(tx, newId, data);
          return newId;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The transaction is gone (PostgreSQL refuses anything after the violation); look again outside it.
        const group = await groupOf(db, table, id);
        if (group !== undefined && (await groupItemIn(db, table, group, language)) !== undefined)
          throw takenIn(language);
        throw conflict();
      }
      siteChanges.changed(itemType);
      return spec.get(itemId);
    },

    /** Makes a kept version current again, as a new version (so a restore can itself be undone). */
    async restore(id: number, revisionId: number, actor: Actor): Promise<Item> {
      await spec.get(id);
      const revision = await revisions.get(itemType, id, revisionId);
      return save(id, await spec.restorable(revision.data), actor, undefined, `Restored version ${revision.version}`);
    },

    /**
     * Deletes the item into the trash (decisions §13): it answers 404 from now on, until someone restores it. With
     * `group` (issue 30), every item of its translation group goes, in one transaction, each its own trash entry
     * marked with the group (so the group's restore finds them); the group is locked first, in id order, as a save's.
     */
    async remove(id: number, actor: Actor | null, group = false): Promise<void> {
      await inTransaction(db, async (tx) => {
        const ids = group && translations ? await lockGroup(tx, translations.table, id) : [id];
        if (!ids.length) throw notFound(spec.noun);
        for (const itemId of ids) {
          const current = await spec.lock(tx, itemId);
          if (!current) throw notFound(spec.noun);
          const kept = trashedItem(await spec.snapshot(tx, current), current);
          await trash.moveIn(tx, { itemType, itemId, title: spec.titleOf(current), kept }, actor);
          await spec.write.remove(tx, itemId);
          await recordUsage(tx, itemId, null);
        }
      });
      siteChanges.changed(itemType);
    },

    /**
     * Puts a trashed item back under its own id, as it was (a schedule already past comes back as a draft; references
     * deleted since are left out). 409 when another item took its slug meanwhile, or when it is in a language the site
     * no longer has.
     */
    async untrash(entryId: number, actor: Actor): Promise<Item> {
      const [itemId] = await untrashAll([entryId], actor);
      return spec.get(itemId!);
    },

    /**
     * Puts several trashed items back (a translation group's, issue 30), the first first, in one transaction: all
     * of them or none. An item that cannot come back (its slug taken, its language gone) refuses the whole restore
     * with its own answer, which names it. Answers the first item.
     */
    async untrashGroup(entryIds: readonly number[], actor: Actor): Promise<Item> {
      const [itemId] = await untrashAll(entryIds, actor);
      return spec.get(itemId!);
    },

    /**
     * Publishes the scheduled items whose moment has come (the periodic job). Each is claimed under a row lock and
     * checked again, so when several server processes share one database each is published exactly once; the
     * version it replaces goes into its history like any save's, and its last saver stays the one who scheduled it.
     */
    async publishDue(now: string = nowIso()): Promise<number> {
      if (!publishing) return 0;
      const ids = await publishing.listDue(db, now);
      const lock = async (tx: Db, id: number) => {
        const row = await spec.lock(tx, id);
        return row && { row, status: row.status ?? '', publish_at: row.publish_at ?? null };
      };
      const published = await publishEachDue(db, ids, now, lock, async (tx, { row }, id) => {
        await revisions.replaced(
          tx,
          itemType,
          row,
          (await spec.snapshot(tx, row)) as Record<string, unknown>,
          undefined,
        );
        await publishing.markPublished(tx, id, row.version + 1, now);
        await redirects?.released(tx, await addressOf(tx, row.slug, row.language));
        await activity.record(tx, null, {
          action: 'publish',
          itemType,
          itemId: id,
          title: spec.titleOf(row),
          summary: `Published on schedule (${row.publish_at})`,
        });
      });
      if (published) siteChanges.changed(itemType);
      return published;
    },
  };
}

export type ContentLifecycle = ReturnType<typeof createContentLifecycle>;
