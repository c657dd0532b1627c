import { activityLabels, mediaReferencesOf, type RevisionItemType } from '@tours-cms/contract';
import type { Db } from '../db/dialect.js';
import type { SlugTable } from '../db/slug-owner.js';
import { inTransaction } from '../db/transaction.js';
import { notFound } from '../core/errors.js';
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
import { keptColumns, trashedItem, type KeptColumns, type TrashService } from '../modules/trash/trash.service.js';

/** What a save reads of an item's row under its lock. */
export interface LockedRow {
  id: number;
  slug: string;
  version: number;
  updated_by: number | null;
  updated_at: string;
  created_at: string;
  author_id?: number | null;
  status?: string;
  publish_at?: string | null;
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
}

/** Who and when, as a save stamps an item's row, and the version it becomes. */
export interface SaveStamp {
  version: number;
  updated_by: number | null;
  updated_at: string;
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
    reinsert(tx: Db, id: number, data: Data, settled: Settled, kept: KeptColumns): Promise<unknown>;
    remove(tx: Db, id: number): Promise<unknown>;
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
  const { itemType, publishing } = spec;
  const labels = activityLabels(spec.fields) as Partial<Record<keyof Snap, string>>;
  const conflict = spec.slugConflict ?? (() => slugConflict(itemType));
  const slugs = slugGuard(spec.slugTable, conflict);
  const slugOf = (data: Data, current: Row | undefined): string =>
    spec.slugOf?.(data, current) ?? (data as { slug: string }).slug;

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
    if (before?.status === 'published' && before.slug !== slug)
      await redirects.moved(tx, publishing.path(before.slug), publishing.path(slug));
    if (publishable(after)?.status === 'published') await redirects.released(tx, publishing.path(slug));
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
    await inTransaction(db, async (tx) => {
      const current = await spec.lock(tx, id);
      if (!current) throw notFound(spec.noun);
      const data = spec.prepare ? await spec.prepare(tx, input, current) : input;
      const before = await spec.snapshot(tx, current);
      await revisions.replaced(tx, itemType, current, before as Record<string, unknown>, expected);
      const settled = { slug: slugOf(data, current), publish_at: scheduleFor(data, current) };
      const after = { ...data, ...(publishing ? { publish_at: settled.publish_at } : {}) } as unknown as Partial<Snap>;
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
          updated_at: nowIso(),
        }),
      );
      await recordUsage(tx, id, data);
      await followAddress(tx, current, data, settled.slug);
    });
    siteChanges.changed(itemType);
    return spec.get(id);
  }

  return {
    save,

    /** The author is whoever is signed in: an `author_id` sent by a client never reaches here. */
    async create(input: Data, actor: Actor | null): Promise<Item> {
      await spec.check?.(input);
      const now = nowIso();
      const settled = { slug: slugOf(input, undefined), publish_at: scheduleFor(input, undefined) };
      const id = await inTransaction(db, async (tx) => {
        const data = spec.prepare ? await spec.prepare(tx, input, undefined) : input;
        return slugs.claim(tx, settled.slug, undefined, async () => {
          const itemId = await spec.write.insert(tx, data, settled, {
            author_id: actor?.id ?? null,
            updated_by: actor?.id ?? null,
            created_at: now,
            updated_at: now,
          });
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

    /** Makes a kept version current again, as a new version (so a restore can itself be undone). */
    async restore(id: number, revisionId: number, actor: Actor): Promise<Item> {
      await spec.get(id);
      const revision = await revisions.get(itemType, id, revisionId);
      return save(id, await spec.restorable(revision.data), actor, undefined, `Restored version ${revision.version}`);
    },

    /** Deletes the item into the trash (decisions §13): it answers 404 from now on, until someone restores it. */
    async remove(id: number, actor: Actor | null): Promise<void> {
      await inTransaction(db, async (tx) => {
        const current = await spec.lock(tx, id);
        if (!current) throw notFound(spec.noun);
        const kept = trashedItem(await spec.snapshot(tx, current), current);
        await trash.moveIn(tx, { itemType, itemId: id, title: spec.titleOf(current), kept }, actor);
        await spec.write.remove(tx, id);
        await recordUsage(tx, id, null);
      });
      siteChanges.changed(itemType);
    },

    /**
     * Puts a trashed item back under its own id, as it was (a schedule already past comes back as a draft; references
     * deleted since are left out). 409 when another item took its slug meanwhile.
     */
    async untrash(entryId: number, actor: Actor): Promise<Item> {
      const { itemId, kept } = await trash.peek(entryId, itemType);
      const restored = await spec.restorable(kept.fields);
      const settled = { slug: slugOf(restored, undefined), publish_at: publishable(restored)?.publish_at ?? null };
      await inTransaction(db, async (tx) => {
        const data = spec.prepare ? await spec.prepare(tx, restored, undefined) : restored;
        await trash.takeBack(tx, entryId, { itemType, itemId, title: spec.titleOf(restored) }, actor);
        await slugGuard(spec.slugTable, () => slugTakenMeanwhile(itemType, settled.slug)).claim(
          tx,
          settled.slug,
          undefined,
          () => spec.write.reinsert(tx, itemId, data, settled, keptColumns(kept)),
        );
        await recordUsage(tx, itemId, data);
        await followAddress(tx, undefined, data, settled.slug);
      });
      siteChanges.changed(itemType);
      return spec.get(itemId);
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
        await redirects?.released(tx, publishing.path(row.slug));
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
