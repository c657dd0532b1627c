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
import * as repo from './faqs.repository.js';

export interface FaqsDeps {
  db: Db;
  siteChanges: SiteChanges;
  activity: ActivityService;
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
export function createFaqsService({ db, siteChanges, activity }: FaqsDeps) {
  async function get(id: number): Promise<Faq> {
    const faq = await repo.findFaq(db, id);
    if (!faq) throw notFound('FAQ');
    return faq;
  }

  return {
    list: (): Promise<FaqListItem[]> => repo.listFaqs(db),

    get,

    /** The tours that show an FAQ (404 for an unknown one). */
    async tours(id: number): Promise<FaqTour[]> {
      await get(id);
      return repo.listToursOf(db, id);
    },

    /** These FAQs in this order, as a tour page shows them; unknown ones are left out. */
    inOrder: (ids: number[], tx: Db = db): Promise<Faq[]> => repo.findFaqs(tx, ids),

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
        const faqId = await repo.insertFaq(tx, { ...data, created_at: now, updated_at: now });
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
      await inTransaction(db, async (tx) => {
        const before = await repo.findFaq(tx, id);
        if (!before || !(await repo.updateFaq(tx, id, { ...data, updated_at: nowIso() }))) throw notFound('FAQ');
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
