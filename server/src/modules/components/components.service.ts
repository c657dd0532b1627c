import {
  COMPONENT_COPY_SUFFIX,
  componentInputSchema,
  NAME_MAX,
  SLUG_MAX,
  slugify,
  type Component,
  type ComponentData,
  type ComponentType,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { ComponentRow } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import { inTransaction } from '../../db/transaction.js';
import { invalidField, notFound } from '../../errors.js';
import { nowIso } from '../../clock.js';
import { slugConflict, slugGuard, slugTakenMeanwhile } from '../../slug-guard.js';
import type { SiteChanges } from '../../public-site/site-changes.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import { keptColumns, trashedItem, type TrashService } from '../trash/trash.service.js';
import type { Actor } from '../../actor.js';
import { describeChanges } from '../../change-summary.js';
import type { ActivityService } from '../activity/activity.service.js';
import * as repo from './components.repository.js';

/** The database keeps booleans as 0/1. */
function toComponent(row: ComponentRow): Component {
  return { ...row, is_common: Boolean(row.is_common), is_active: Boolean(row.is_active) };
}

const slugs = slugGuard('components', () => slugConflict('component', 'Another component already uses this slug: choose another name'));

export interface ComponentsDeps {
  db: Db;
  siteChanges: SiteChanges;
  revisions: RevisionsService;
  trash: TrashService;
  activity: ActivityService;
}

/** The fields of a component as the activity log names them when they change. */
const COMPONENT_LABELS: Partial<Record<keyof ComponentData, string>> = {
  name: 'name',
  type: 'type',
  content: 'content',
  description: 'description',
  is_common: 'common flag',
  is_active: 'active flag',
};

/** The fields of a saved component as its input takes them: what a revision keeps, compares and restores. */
function snapshotOf(row: ComponentRow): Omit<ComponentData, 'version'> {
  return {
    name: row.name,
    slug: row.slug,
    type: row.type,
    content: row.content,
    description: row.description,
    is_common: Boolean(row.is_common),
    is_active: Boolean(row.is_active),
  };
}

/** The slug the input asks for, else one made from the name; a name of only symbols gives no slug (422). */
function slugFor(input: ComponentData, fallback?: string): string {
  const slug = input.slug ?? fallback ?? slugify(input.name).slice(0, SLUG_MAX).replace(/-+$/, '');
  if (!slug) throw invalidField('name', 'Name must contain at least one letter or digit');
  return slug;
}

function columnsOf(input: ComponentData, slug: string) {
  return {
    name: input.name,
    slug,
    type: input.type,
    content: input.content,
    description: input.description,
    is_common: input.is_common ? 1 : 0,
    is_active: input.is_active ? 1 : 0,
  } as const;
}

/** The common components (header, footer, navigation, sidebar). Every write tells the public site before it answers. */
export function createComponentsService({ db, siteChanges, revisions, trash, activity }: ComponentsDeps) {
  async function list(filter: repo.ComponentFilter = {}): Promise<Component[]> {
    return (await repo.listComponents(db, filter)).map(toComponent);
  }

  /** The first of base, base-2, base-3... that no component holds. */
  async function freeSlug(base: string): Promise<string> {
    const taken = new Set(await repo.listSlugsStartingWith(db, base));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async function getById(id: number): Promise<Component> {
    const row = await repo.findComponentById(db, id);
    if (!row) throw notFound('Component');
    return toComponent(row);
  }

  /**
   * Saves the component as a new version in one transaction: lock, version check (409), keep the old, write the
   * new. The slug follows the name when the name changes, and stays as it is otherwise.
   */
  async function save(id: number, input: ComponentData, actor: Actor | null, expected: number | undefined, note?: string): Promise<Component> {
    await inTransaction(db, async (tx) => {
      const current = await repo.lockComponentForSave(tx, id);
      if (!current) throw notFound('Component');
      const slug = slugFor(input, input.name === current.name ? current.slug : undefined);
      const before = snapshotOf(current);
      await revisions.replaced(tx, 'component', current, before, expected);
      const summary = describeChanges(before, input, COMPONENT_LABELS);
      await activity.record(tx, actor, {
        action: note ? 'restore' : 'update',
        itemType: 'component',
        itemId: id,
        title: input.name,
        summary: note ? `${note}; ${summary.charAt(0).toLowerCase()}${summary.slice(1)}` : summary,
      });
      await slugs.claim(tx, slug, id, () =>
        repo.updateComponent(tx, id, { ...columnsOf(input, slug), version: current.version + 1, updated_by: actor?.id ?? null, updated_at: nowIso() }),
      );
    });
    siteChanges.changed('component');
    return getById(id);
  }

  return {
    list,

    /** What the public site wraps around every page: the active common components. */
    listPublic: (): Promise<Component[]> => list({ isCommon: true, isActive: true }),

    /** The content of the newest active common component of a type (the one the site shows), or null. */
    activeCommonContent: (type: ComponentType): Promise<string | null> => repo.findActiveCommonContent(db, type),

    /** By id when the key is a number that names one, else by slug (a slug may itself be digits, "2026"). */
    async get(key: string): Promise<Component> {
      const byId = /^\d{1,15}$/.test(key) ? await repo.findComponentById(db, Number(key)) : undefined;
      const row = byId ?? (await repo.findComponentBySlug(db, key));
      if (!row) throw notFound('Component');
      return toComponent(row);
    },

    async create(input: ComponentData, actor: Actor | null = null): Promise<Component> {
      const slug = slugFor(input);
      const now = nowIso();
      const row = await inTransaction(db, (tx) =>
        slugs.claim(tx, slug, undefined, async () => {
          const created = await repo.insertComponent(tx, { ...columnsOf(input, slug), updated_by: actor?.id ?? null, created_at: now, updated_at: now });
          await activity.record(tx, actor, { action: 'create', itemType: 'component', itemId: created.id, title: created.name, summary: `Type ${created.type}` });
          return created;
        }),
      );
      siteChanges.changed('component');
      return toComponent(row);
    },

    /**
     * A PUT replaces every field. The slug follows the name when the name changes (it is "generated from the
     * name"), and stays as it is otherwise, so links to a component survive edits of its content. The version the
     * editor loaded, when sent, must still be the current one (409 otherwise).
     */
    update: (id: number, input: ComponentData, actor: Actor | null = null): Promise<Component> => save(id, input, actor, input.version),

    /** The component's history, newest first, a page at a time, and one version whole (404 for an unknown component). */
    ...revisions.forItem('component', getById),

    /** Makes a kept version current again, as a new version. */
    async restore(id: number, revisionId: number, actor: Actor): Promise<Component> {
      await getById(id);
      const revision = await revisions.get('component', id, revisionId);
      const parsed = componentInputSchema.safeParse(revision.data);
      if (!parsed.success) throw invalidField('data', `This version cannot be restored: ${parsed.error.issues[0]?.message}`);
      return save(id, parsed.data, actor, undefined, `Restored version ${revision.version}`);
    },

    /** Deletes the component into the trash (decisions §13): it answers 404 from now on, until someone restores it. */
    async remove(id: number, actor: Actor | null = null): Promise<void> {
      await inTransaction(db, async (tx) => {
        const current = await repo.lockComponentForSave(tx, id);
        if (!current) throw notFound('Component');
        await trash.moveIn(tx, { itemType: 'component', itemId: id, title: current.name, kept: trashedItem(snapshotOf(current), current) }, actor);
        await repo.deleteComponent(tx, id);
      });
      siteChanges.changed('component');
    },

    /** Puts a trashed component back under its own id, as it was; 409 when another component took its slug meanwhile. */
    async untrash(entryId: number, actor: Actor): Promise<Component> {
      const { itemId, kept } = await trash.peek(entryId, 'component');
      const parsed = componentInputSchema.safeParse(kept.fields);
      if (!parsed.success) throw invalidField('data', `This component cannot be restored: ${parsed.error.issues[0]?.message}`);
      const slug = slugFor(parsed.data);
      const slugTaken = () => slugTakenMeanwhile('component', slug);
      await inTransaction(db, async (tx) => {
        await trash.takeBack(tx, entryId, { itemType: 'component', itemId, title: parsed.data.name }, actor);
        await slugGuard('components', slugTaken).claim(tx, slug, undefined, () =>
          repo.restoreComponent(tx, { id: itemId, ...columnsOf(parsed.data, slug), ...keptColumns(kept) }),
        );
      });
      siteChanges.changed('component');
      return getById(itemId);
    },

    /**
     * "Main header" → "Main header (copy)" with a fresh unique slug ("main-header-copy", then
     * "main-header-copy-2"...). The copy starts inactive, so that it never takes over the live site (the public
     * page uses the newest active component of each type) until someone switches it on.
     */
    async duplicate(id: number, actor: Actor): Promise<Component> {
      const source = await repo.findComponentById(db, id);
      if (!source) throw notFound('Component');
      const name = `${source.name.slice(0, NAME_MAX - COMPONENT_COPY_SUFFIX.length).trimEnd()}${COMPONENT_COPY_SUFFIX}`;
      const base = (slugify(name) || 'component-copy').slice(0, SLUG_MAX - 8).replace(/-+$/, '');
      for (let attempt = 0; ; attempt++) {
        const now = nowIso();
        try {
          const slug = await freeSlug(base);
          const row = await inTransaction(db, async (tx) => {
            const copy = await repo.insertComponent(tx, {
              name,
              slug,
              type: source.type,
              content: source.content,
              description: source.description,
              is_common: source.is_common,
              is_active: 0,
              updated_by: actor.id,
              created_at: now,
              updated_at: now,
            });
            await activity.record(tx, actor, { action: 'create', itemType: 'component', itemId: copy.id, title: copy.name, summary: `Duplicated from "${source.name}"` });
            return copy;
          });
          // An inactive copy changes nothing on the site, but the signal is cheap and keeps the rule simple.
          siteChanges.changed('component');
          return toComponent(row);
        } catch (error) {
          // Two duplicates at once may pick the same free slug; the loser picks again.
          if (!isUniqueViolation(error) || attempt >= 4) throw error;
        }
      }
    },
  };
}

export type ComponentsService = ReturnType<typeof createComponentsService>;
