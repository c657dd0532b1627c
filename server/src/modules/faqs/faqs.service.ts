import { FAQ_ITEM_TITLE_MAX, type Faq, type FaqData, type FaqListItem, type FaqTour } from '@tours-cms/contract';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, invalidField, notFound } from '../../core/errors.js';
import { nowIso } from '../../core/clock.js';
import { describeChanges, joinList } from '../../core/change-summary.js';
import { cleanRichText } from '../../rich-text.js';
import type { SiteChanges } from '../../core/site-changes.js';
import type { ActivityService } from '../activity/activity.service.js';
import { joinGroup, translationsOf, translationsOfLanguage, translationsWithin } from '../../db/translation-groups.js';
import {
  assertSameLanguage,
  itemLanguage,
  translateItem,
  type SiteLanguages,
} from '../../versioned-content/translation-items.js';
import * as repo from './faqs.repository.js';

export interface FaqsDeps {
  db: Db;
  siteChanges: SiteChanges;
  activity: ActivityService;
  /** The site's languages (Settings): an FAQ is in one of them. */
  siteLanguages: SiteLanguages;
}

/** The question and answer a tour page shows. */
export type FaqText = Pick<Faq, 'id' | 'question' | 'answer'>;

/** The links of FAQs: they have neither slug nor status, so both are null (issue 30). */
type FaqLinks = Map<number, { id: number; language: string; slug: string | null; status: string | null }[]>;

/** A row as the API answers it: its group as the group's other items. */
function withLinks<R extends repo.FaqRow>({ translation_group: _group, ...row }: R, links: FaqLinks) {
  return { ...row, translations: (links.get(row.id) ?? []) as Faq['translations'] };
}

const FAQ_LABELS = { question: 'question', answer: 'answer' } as const;

/** The answer as it is kept: cleaned of what may not run in the site's documents, and not blank once cleaned. */
function cleaned(input: FaqData): FaqData {
  const answer = cleanRichText(input.answer);
  if (answer === null) throw invalidField('answer', 'Answer is required');
  return { ...input, answer };
}

const shortTitle = (question: string) =>
  question.length > FAQ_ITEM_TITLE_MAX ? `${question.slice(0, FAQ_ITEM_TITLE_MAX - 1)}…` : question;

/**
 * Reusable FAQs (issue 28): written once, shown by every tour that chooses one. A change reaches every tour page
 * that shows it at once (the site hears of it as of a tour's change).
 */
export function createFaqsService({ db, siteChanges, activity, siteLanguages }: FaqsDeps) {
  async function get(id: number): Promise<Faq> {
    const faq = await repo.findFaq(db, id);
    if (!faq) throw notFound('FAQ');
    return withLinks(faq, await translationsOf(db, 'faqs', [faq]));
  }

  return {
    /** Every FAQ, or those in one language (issue 30), each naming its translations (one query at most). */
    async list(language?: string): Promise<FaqListItem[]> {
      const rows = await repo.listFaqs(db, language);
      const links =
        language === undefined
          ? translationsWithin(
              rows.map(({ id, language, translation_group }) => ({
                id,
                language,
                slug: null,
                status: null,
                translation_group,
              })),
            )
          : await translationsOfLanguage(db, 'faqs', rows, language);
      return rows.map((row) => withLinks(row, links));
    },

    get,

    /** The tours that show an FAQ (404 for an unknown one). */
    async tours(id: number): Promise<FaqTour[]> {
      await get(id);
      return repo.listToursOf(db, id);
    },

    /** These FAQs in this order, as a tour page shows them; unknown ones are left out. */
    inOrder: (ids: number[], tx: Db = db): Promise<FaqText[]> => repo.findFaqs(tx, ids),

    /**
     * Each FAQ's translation in `language` when its group has one, else itself (issue 30: a tour's translation shows
     * the FAQs of its language).
     */
    async inLanguage(ids: readonly number[], language: string, tx: Db = db): Promise<number[]> {
      return Promise.all(ids.map(async (id) => (await repo.findTranslation(tx, id, language)) ?? id));
    },

    /** A tour's FAQs must exist: 422 on `faq_ids` naming the first that does not. */
    async assertExist(ids: number[], tx: Db = db): Promise<void> {
      const found = new Set((await repo.findFaqs(tx, ids)).map((faq) => faq.id));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw invalidField('faq_ids', `FAQ ${missing} does not exist`);
    },

    async create(input: FaqData, actor: Actor): Promise<Faq> {
      const data = cleaned(input);
      const now = nowIso();
      const id = await inTransaction(db, async (tx) => {
        const language = await itemLanguage(tx, siteLanguages, input.language);
        const faqId = await repo.insertFaq(tx, {
          ...data,
          language,
          created_at: now,
          updated_at: now,
          text_updated_at: now,
        });
        // A new FAQ is the first of its own translation group.
        await joinGroup(tx, 'faqs', faqId, faqId);
        await activity.record(tx, actor, {
          action: 'create',
          itemType: 'faq',
          itemId: faqId,
          title: shortTitle(data.question),
          summary: 'Written',
        });
        return faqId;
      });
      return get(id);
    },

    async update(id: number, input: FaqData, actor: Actor): Promise<Faq> {
      const data = cleaned(input);
      // Read before the transaction, which holds SQLite's one connection.
      const { default_language } = await siteLanguages();
      await inTransaction(db, async (tx) => {
        const before = await repo.findFaq(tx, id);
        if (!before) throw notFound('FAQ');
        assertSameLanguage('FAQ', before.language, input.language);
        // Out of date (issue 30) compares text: the question or answer changed, or a translation was saved.
        const now = nowIso();
        const textChanged = before.question !== data.question || before.answer !== data.answer;
        const translation = before.language !== default_language;
        const changes = { ...data, language: before.language, updated_at: now };
        if (
          !(await repo.updateFaq(tx, id, textChanged || translation ? { ...changes, text_updated_at: now } : changes))
        )
          throw notFound('FAQ');
        await activity.record(tx, actor, {
          action: 'update',
          itemType: 'faq',
          itemId: id,
          title: shortTitle(data.question),
          summary: describeChanges(before, data, FAQ_LABELS),
        });
      });
      siteChanges.changed('post');
      return get(id);
    },

    /**
     * Adds a translation (issue 30): a copy of the question and answer in `language`, linked to the FAQ's group. 409
     * when the group has that language, 422 naming `language` for one the site has not.
     */
    async translate(id: number, language: string, actor: Actor): Promise<Faq> {
      const newId = await translateItem(
        db,
        {
          table: 'faqs',
          noun: 'FAQ',
          what: 'FAQ',
          siteLanguages,
          async copy(tx, sourceId, to) {
            const source = await repo.findFaq(tx, sourceId);
            if (!source) return undefined;
            const now = nowIso();
            const copyId = await repo.insertFaq(tx, {
              question: source.question,
              answer: source.answer,
              language: to,
              created_at: now,
              updated_at: now,
              text_updated_at: now,
            });
            await activity.record(tx, actor, {
              action: 'create',
              itemType: 'faq',
              itemId: copyId,
              title: shortTitle(source.question),
              summary: `Translation into ${to} of FAQ ${sourceId}`,
            });
            return copyId;
          },
        },
        id,
        language,
      );
      return get(newId);
    },

    /** Deletes an FAQ; one that tours show only once the staff member was told which (409 naming them otherwise). */
    async remove(id: number, actor: Actor, options: { inUseConfirmed?: boolean } = {}): Promise<void> {
      await inTransaction(db, async (tx) => {
        const faq = await repo.findFaq(tx, id);
        if (!faq) throw notFound('FAQ');
        const tours = await repo.listToursOf(tx, id);
        if (tours.length > 0 && !options.inUseConfirmed) {
          const named = joinList(
            tours
              .slice(0, 5)
              .map((tour) => `"${tour.title}"`)
              .concat(tours.length > 5 ? [`${tours.length - 5} more`] : []),
          );
          throw new HttpError(
            409,
            `This FAQ is shown by ${tours.length === 1 ? 'the tour' : 'the tours'} ${named}. Delete it anyway?`,
            undefined,
            undefined,
            { tours },
          );
        }
        await repo.deleteFaq(tx, id);
        await activity.record(tx, actor, {
          action: 'delete',
          itemType: 'faq',
          itemId: id,
          title: shortTitle(faq.question),
        });
      });
      siteChanges.changed('post');
    },
  };
}

export type FaqsService = ReturnType<typeof createFaqsService>;
