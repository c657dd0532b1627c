import {
  COMPONENT_COPY_SUFFIX,
  componentFields,
  groupFieldKeys,
  componentInputSchema,
  componentSnapshot,
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
import { invalidField, notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import { slugConflict } from '../../core/slug-guard.js';
import type { SiteChanges } from '../../core/site-changes.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import type { MediaService } from '../media/media.service.js';
import type { TrashService } from '../trash/trash.service.js';
import type { Actor } from '../../core/actor.js';
import type { ActivityService } from '../activity/activity.service.js';
import { createContentLifecycle, type Settled } from '../../versioned-content/content-lifecycle.js';
import { itemLanguage, type SiteLanguages } from '../../versioned-content/translation-items.js';
import {
  joinGroup,
  translationsOf,
  translationsOfLanguage,
  translationsWithin,
  type TranslationLink,
} from '../../db/translation-groups.js';
import * as repo from './common-components.repository.js';

/** The database keeps booleans as 0/1; the group is answered as its other items (issue 30). */
function toComponent({ translation_group: _group, ...row }: ComponentRow, translations: TranslationLink[]): Component {
  return {
    ...row,
    is_common: Boolean(row.is_common),
    is_active: Boolean(row.is_active),
    translations: translations as Component['translations'],
  };
}

/** What a component's row tells of it as a translation link: active or inactive. */
const asLink = ({ id, language, slug, is_active, text_updated_at, translation_group }: ComponentRow) => ({
  id,
  language,
  slug,
  status: is_active ? 'active' : 'inactive',
  text_updated_at,
  translation_group,
});

export interface ComponentsDeps {
  db: Db;
  /** Told which media items a component's HTML shows. */
  media: Pick<MediaService, 'recordUsage'>;
  siteChanges: SiteChanges;
  revisions: RevisionsService;
  trash: TrashService;
  activity: ActivityService;
  /** The site's languages (Settings): a component is in one of them. */
  siteLanguages: SiteLanguages;
}

/** The slug the input asks for, else one made from the name; a name of only symbols gives no slug (422). */
function slugFor(input: ComponentData, fallback?: string): string {
  const slug = input.slug ?? fallback ?? slugify(input.name).slice(0, SLUG_MAX).replace(/-+$/, '');
  if (!slug) throw invalidField('name', 'Name must contain at least one letter or digit');
  return slug;
}

function columnsOf(input: ComponentData, { slug }: Settled) {
  return {
    name: input.name,
    slug,
    type: input.type,
    content: input.content,
    description: input.description,
    is_common: input.is_common ? 1 : 0,
    is_active: input.is_active ? 1 : 0,
    // Set by the lifecycle on create, translation and save; absent on a restore from the trash (its row keeps it).
    ...(input.language === undefined ? {} : { language: input.language }),
  } as const;
}

/** The common components (header, footer, navigation, sidebar). Every write tells the public site before it answers. */
export function createComponentsService({
  db,
  siteChanges,
  revisions,
  trash,
  activity,
  media,
  siteLanguages,
}: ComponentsDeps) {
  /**
   * The components, every language or one; their translations from their own rows when the list holds every item of
   * their groups (no filter), else in one query.
   */
  async function list(filter: repo.ComponentFilter = {}): Promise<Component[]> {
    const rows = await repo.listComponents(db, filter);
    const whole = filter.isCommon === undefined && filter.isActive === undefined;
    const links =
      whole && filter.language === undefined
        ? translationsWithin(rows.map(asLink))
        : whole
          ? await translationsOfLanguage(db, 'components', rows, filter.language!)
          : await translationsOf(db, 'components', rows);
    return rows.map((row) => toComponent(row, links.get(row.id) ?? []));
  }

  /** One component as the API answers it, with its translations. */
  async function withTranslations(row: ComponentRow): Promise<Component> {
    const links = await translationsOf(db, 'components', [row]);
    return toComponent(row, links.get(row.id) ?? []);
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
    return withTranslations(row);
  }

  /** A kept version's or trashed component's fields, as today's input takes them (422 when they no longer fit). */
  async function restorable(fields: unknown): Promise<ComponentData> {
    const parsed = componentInputSchema.safeParse(fields);
    if (!parsed.success)
      throw invalidField('data', `This version cannot be restored: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  const lifecycle = createContentLifecycle(
    { db, siteChanges, revisions, trash, activity, media, siteLanguages },
    {
      itemType: 'component',
      noun: 'Component',
      fields: componentFields,
      slugTable: 'components',
      slugConflict: () => slugConflict('component', 'Another component already uses this slug: choose another name'),
      get: getById,
      lock: repo.lockComponentForSave,
      snapshot: async (_tx, row) => componentSnapshot(row),
      restorable,
      titleOf: (component) => component.name,
      createdSummary: (component) => `Type ${component.type}`,
      // The slug follows the name when the name changes, and stays as it is otherwise.
      slugOf: (input, current) => slugFor(input, current && input.name === current.name ? current.slug : undefined),
      // A translation starts switched off: it takes over its language's pages once translated and switched on.
      translations: {
        table: 'components',
        groupKeys: groupFieldKeys(componentFields),
        asNew: (copy) => ({ ...copy, is_active: false }),
      },
      write: {
        insert: async (tx, data, settled, { updated_by, created_at, updated_at, text_updated_at }) =>
          (
            await repo.insertComponent(tx, {
              ...columnsOf(data, settled),
              updated_by,
              created_at,
              updated_at,
              text_updated_at,
            })
          ).id,
        update: (tx, id, data, settled, stamp) =>
          repo.updateComponent(tx, id, { ...columnsOf(data, settled), ...stamp }),
        reinsert: (tx, id, data, settled, kept) =>
          repo.restoreComponent(tx, { id, ...columnsOf(data, settled), ...kept }),
        remove: repo.deleteComponent,
      },
    },
  );

  return {
    list,

    /** What the public site wraps around every page: the active common components. */
    listPublic: (): Promise<Component[]> => list({ isCommon: true, isActive: true }),

    /**
     * The content of the active common component of a type that the site shows, or null: the newest in `language`
     * when given, else the newest in the site's default language (issue 30), else the newest of any.
     */
    async activeCommonContent(type: ComponentType, language?: string): Promise<string | null> {
      const fallback = language === undefined ? undefined : (await siteLanguages()).default_language;
      return repo.findActiveCommonContent(
        db,
        type,
        language === undefined ? undefined : { language, fallback: fallback! },
      );
    },

    /** By id when the key is a number that names one, else by slug (a slug may itself be digits, "2026"). */
    async get(key: string): Promise<Component> {
      const byId = /^\d{1,15}$/.test(key) ? await repo.findComponentById(db, Number(key)) : undefined;
      const row = byId ?? (await repo.findComponentBySlug(db, key));
      if (!row) throw notFound('Component');
      return withTranslations(row);
    },

    create: (input: ComponentData, actor: Actor | null = null): Promise<Component> => lifecycle.create(input, actor),

    /**
     * A PUT replaces every field. The slug follows the name when the name changes (it is "generated from the
     * name"), and stays as it is otherwise, so links to a component survive edits of its content. The version the
     * editor loaded, when sent, must still be the current one (409 otherwise).
     */
    update: (id: number, input: ComponentData, actor: Actor | null = null): Promise<Component> =>
      lifecycle.save(id, input, actor, input.version),

    /**
     * A copy of the component in another of the site's languages, linked to its group (issue 30), switched off until
     * someone switches it on. 409 when the group has that language already.
     */
    translate: (id: number, language: string, actor: Actor): Promise<Component> =>
      lifecycle.translate(id, language, actor),

    /** The component's history, newest first, a page at a time, and one version whole (404 for an unknown component). */
    ...revisions.forItem('component', getById),

    restore: lifecycle.restore,
    remove: (id: number, actor: Actor | null = null): Promise<void> => lifecycle.remove(id, actor),
    untrash: lifecycle.untrash,
    untrashGroup: lifecycle.untrashGroup,

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
            // In its source's language, still one of the site's while the copy is written (`itemLanguage`).
            await itemLanguage(tx, siteLanguages, source.language);
            const copy = await repo.insertComponent(tx, {
              name,
              slug,
              type: source.type,
              content: source.content,
              description: source.description,
              is_common: source.is_common,
              is_active: 0,
              language: source.language,
              updated_by: actor.id,
              created_at: now,
              updated_at: now,
              text_updated_at: now,
            });
            // A copy is a component of its own, not a translation: the first of its own group.
            await joinGroup(tx, 'components', copy.id, copy.id);
            await activity.record(tx, actor, {
              action: 'create',
              itemType: 'component',
              itemId: copy.id,
              title: copy.name,
              summary: `Duplicated from "${source.name}"`,
            });
            return copy;
          });
          // An inactive copy changes nothing on the site, but the signal is cheap and keeps the rule simple.
          siteChanges.changed('component');
          return withTranslations({ ...row, translation_group: row.id });
        } catch (error) {
          // Two duplicates at once may pick the same free slug; the loser picks again.
          if (!isUniqueViolation(error) || attempt >= 4) throw error;
        }
      }
    },
  };
}

export type ComponentsService = ReturnType<typeof createComponentsService>;
