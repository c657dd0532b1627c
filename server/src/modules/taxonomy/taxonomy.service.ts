import {
  languageName,
  TAXONOMY_LABELS,
  type TaxonomyData,
  type TaxonomyItem,
  type TaxonomyKind,
} from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { invalidField, notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import { slugConflict, slugGuard, type SlugGuard } from '../../core/slug-guard.js';
import type { SiteChanges } from '../../core/site-changes.js';
import type { Actor } from '../../core/actor.js';
import { describeChanges } from '../../core/change-summary.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { TaxonomyRow } from '../../db/tables.js';
import {
  joinGroup,
  translationsOf,
  translationsOfLanguage,
  translationsWithin,
  type TranslationLink,
} from '../../db/translation-groups.js';
import {
  assertSameLanguage,
  freeTranslationSlug,
  itemLanguage,
  translateItem,
  type SiteLanguages,
} from '../../versioned-content/translation-items.js';
import * as repo from './taxonomy.repository.js';

export interface TaxonomyDeps {
  db: Db;
  /** Categories and tags show on the public tour pages and catalogue. */
  siteChanges: SiteChanges;
  activity: ActivityService;
  /** The site's languages (Settings): a category or tag is in one of them. */
  siteLanguages: SiteLanguages;
}

const ITEM_TYPES = { categories: 'category', tags: 'tag' } as const;
const TAXONOMY_FIELD_LABELS: Partial<Record<keyof TaxonomyItem, string>> = {
  name: 'name',
  slug: 'slug',
  description: 'description',
  parent_id: 'parent',
};

const slugs: Record<TaxonomyKind, SlugGuard> = {
  categories: slugGuard('categories', () => slugConflict(TAXONOMY_LABELS.categories.lower)),
  tags: slugGuard('tags', () => slugConflict(TAXONOMY_LABELS.tags.lower)),
};

/** A row as the API answers it: its group as the group's other items (issue 30). */
function toItem({ translation_group: _group, ...row }: TaxonomyRow, links: TranslationLink[]): TaxonomyItem {
  // Categories and tags have no status: their links' is null (read so by translation-groups).
  return { ...row, translations: links as unknown as TaxonomyItem['translations'] };
}

/** Categories and tags: one set of rules over two tables of the same shape. */
export function createTaxonomyService({ db, siteChanges, activity, siteLanguages }: TaxonomyDeps) {
  async function get(kind: TaxonomyKind, id: number): Promise<TaxonomyItem> {
    const item = await repo.findTaxonomyById(db, kind, id);
    if (!item) throw notFound(TAXONOMY_LABELS[kind].singular);
    const links = await translationsOf(db, kind, [item]);
    return toItem(item, links.get(id) ?? []);
  }

  /**
   * Parents are one level deep. The parent must exist, must not be the item itself, must be top-level and in the
   * item's language; and an item that has children cannot itself become a child, or the tree would grow a second
   * level.
   */
  async function assertValidParent(
    kind: TaxonomyKind,
    parentId: number | null,
    language: string,
    selfId?: number,
    tx: Db = db,
  ): Promise<void> {
    if (parentId === null) return;
    const { lower } = TAXONOMY_LABELS[kind];
    if (parentId === selfId) throw invalidField('parent_id', `A ${lower} cannot be its own parent`);
    const parent = await repo.findTaxonomyById(tx, kind, parentId);
    if (!parent) throw invalidField('parent_id', `Parent ${lower} ${parentId} does not exist`);
    if (parent.parent_id !== null)
      throw invalidField('parent_id', `The parent must be a top-level ${lower}, not a child of another`);
    // A group's items are each in their own language: a German category sits under a German parent (issue 30).
    if (parent.language !== language)
      throw invalidField(
        'parent_id',
        `The parent must be in ${languageName(language)} like this ${lower}: ${parent.name} is in ${languageName(parent.language)}`,
      );
    if (selfId !== undefined && (await repo.countTaxonomyChildren(tx, kind, selfId)) > 0) {
      throw invalidField('parent_id', `This ${lower} has children of its own, so it cannot be placed under another`);
    }
  }

  return {
    /**
     * Every item, or those in one language (issue 30); each names its translations, read from the list's own rows
     * when it holds every item, else in one query.
     */
    async list(kind: TaxonomyKind, language?: string): Promise<TaxonomyItem[]> {
      const rows = await repo.listTaxonomy(db, kind, language);
      const links =
        language === undefined
          ? translationsWithin(
              rows.map(({ id, language, slug, translation_group }) => ({
                id,
                language,
                slug,
                status: null,
                translation_group,
              })),
            )
          : await translationsOfLanguage(db, kind, rows, language);
      return rows.map((row) => toItem(row, links.get(row.id) ?? []));
    },

    get,

    /** For the posts service: a post may name only a category that exists (422 otherwise). */
    async assertCategoryExists(categoryId: number | null): Promise<void> {
      if (categoryId !== null && !(await repo.findTaxonomyById(db, 'categories', categoryId))) {
        throw invalidField('category_id', `Category ${categoryId} does not exist`);
      }
    },

    /** For the posts service: every tag a post names must exist (422 naming `tag_ids` otherwise). */
    async assertTagsExist(tagIds: number[]): Promise<void> {
      if (!tagIds.length) return;
      const found = new Set(await repo.existingTaxonomyIds(db, 'tags', tagIds));
      const missing = tagIds.filter((id) => !found.has(id));
      if (missing.length) throw invalidField('tag_ids', `Tag ${missing.join(', ')} does not exist`);
    },

    /** Which of these ids exist (for a restore that must leave out what was deleted since). */
    existingIds: (kind: TaxonomyKind, ids: number[]): Promise<number[]> =>
      ids.length ? repo.existingTaxonomyIds(db, kind, ids) : Promise.resolve([]),

    async create(kind: TaxonomyKind, input: TaxonomyData, actor: Actor): Promise<TaxonomyItem> {
      const now = nowIso();
      const id = await inTransaction(db, async (tx) => {
        const language = await itemLanguage(tx, siteLanguages, input.language);
        await assertValidParent(kind, input.parent_id, language, undefined, tx);
        return slugs[kind].claim(tx, input.slug, undefined, async () => {
          const newId = await repo.insertTaxonomy(tx, kind, { ...input, language, created_at: now, updated_at: now });
          // A new item is the first of its own translation group.
          await joinGroup(tx, kind, newId, newId);
          await activity.record(tx, actor, {
            action: 'create',
            itemType: ITEM_TYPES[kind],
            itemId: newId,
            title: input.name,
          });
          return newId;
        });
      });
      siteChanges.changed('taxonomy');
      return get(kind, id);
    },

    async update(kind: TaxonomyKind, id: number, input: TaxonomyData, actor: Actor): Promise<TaxonomyItem> {
      const before = await get(kind, id);
      assertSameLanguage(TAXONOMY_LABELS[kind].lower, before.language, input.language);
      await assertValidParent(kind, input.parent_id, before.language, id);
      await inTransaction(db, (tx) =>
        slugs[kind].claim(tx, input.slug, id, async () => {
          await repo.updateTaxonomy(tx, kind, id, { ...input, language: before.language, updated_at: nowIso() });
          await activity.record(tx, actor, {
            action: 'update',
            itemType: ITEM_TYPES[kind],
            itemId: id,
            title: input.name,
            summary: describeChanges(before, input, TAXONOMY_FIELD_LABELS),
          });
        }),
      );
      siteChanges.changed('taxonomy');
      return get(kind, id);
    },

    /**
     * Adds a translation (issue 30): a copy in `language` with a free slug (`{slug}-{language}`), linked to the
     * item's group. Its parent is the parent's translation in that language when there is one (a top-level one),
     * else none: a parent is in its child's language. 409 when the group has that language, 422 naming `language`
     * for one the site has not.
     */
    async translate(kind: TaxonomyKind, id: number, language: string, actor: Actor): Promise<TaxonomyItem> {
      const { singular, lower } = TAXONOMY_LABELS[kind];
      const newId = await translateItem(
        db,
        {
          table: kind,
          noun: singular,
          what: lower,
          siteLanguages,
          async copy(tx, sourceId, to) {
            const source = await repo.findTaxonomyById(tx, kind, sourceId);
            if (!source) return undefined;
            const parentId =
              source.parent_id === null ? null : await repo.translationOf(tx, kind, source.parent_id, to);
            const now = nowIso();
            const copyId = await repo.insertTaxonomy(tx, kind, {
              name: source.name,
              slug: await freeTranslationSlug(tx, kind, source.slug, to),
              description: source.description,
              parent_id: parentId ?? null,
              language: to,
              created_at: now,
              updated_at: now,
            });
            await activity.record(tx, actor, {
              action: 'create',
              itemType: ITEM_TYPES[kind],
              itemId: copyId,
              title: source.name,
              summary: `Translation into ${to} of ${lower} ${sourceId}`,
            });
            return copyId;
          },
        },
        id,
        language,
      );
      siteChanges.changed('taxonomy');
      return get(kind, newId);
    },

    /**
     * Deleting a parent makes its children top-level. The posts of a deleted category are left uncategorised by
     * the posts table's foreign key (ON DELETE SET NULL), so this module needs to know nothing of posts.
     */
    async remove(kind: TaxonomyKind, id: number, actor: Actor): Promise<void> {
      const before = await get(kind, id);
      await inTransaction(db, async (tx) => {
        await repo.detachTaxonomyChildren(tx, kind, id, nowIso());
        if (!(await repo.deleteTaxonomy(tx, kind, id))) throw notFound(TAXONOMY_LABELS[kind].singular);
        await activity.record(tx, actor, {
          action: 'delete',
          itemType: ITEM_TYPES[kind],
          itemId: id,
          title: before.name,
        });
      });
      siteChanges.changed('taxonomy');
    },
  };
}

export type TaxonomyService = ReturnType<typeof createTaxonomyService>;
