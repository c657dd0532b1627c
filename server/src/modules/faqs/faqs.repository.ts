import type { Insertable, Updateable } from 'kysely';
import type { Faq, FaqTour } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';
import type { FaqsTable } from '../../db/tables.js';

const FAQ_COLUMNS = [
  'faqs.id',
  'faqs.question',
  'faqs.answer',
  'faqs.created_at',
  'faqs.updated_at',
  'faqs.text_updated_at',
  'faqs.language',
  'faqs.translation_group',
] as const;

/** An FAQ's row: the answer's fields but its translations, and its translation group (issue 30). */
export type FaqRow = Omit<Faq, 'translations'> & { translation_group: number };

/** Every FAQ (or those in `language`), by question, with how many tours show it (one grouped count). */
export async function listFaqs(db: Db, language?: string): Promise<(FaqRow & { tour_count: number })[]> {
  const rows = await db.kysely
    .selectFrom('faqs')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('post_faqs')
          .select(['faq_id', (count) => count.fn.countAll<number>().as('tours')])
          .groupBy('faq_id')
          .as('usage'),
      (join) => join.onRef('usage.faq_id', '=', 'faqs.id'),
    )
    .select(FAQ_COLUMNS)
    .select('usage.tours')
    .$if(language !== undefined, (qb) => qb.where('faqs.language', '=', language!))
    .orderBy('faqs.question')
    .orderBy('faqs.id')
    .execute();
  return rows.map(({ tours, ...faq }) => ({ ...faq, tour_count: Number(tours ?? 0) }));
}

export async function findFaq(db: Db, id: number): Promise<FaqRow | undefined> {
  return db.kysely.selectFrom('faqs').select(FAQ_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** These FAQs, in the order of `ids`' first appearance (unknown ids are left out). */
export async function findFaqs(db: Db, ids: number[]): Promise<FaqRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.kysely.selectFrom('faqs').select(FAQ_COLUMNS).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function insertFaq(db: Db, row: Insertable<FaqsTable>): Promise<number> {
  return (await db.kysely.insertInto('faqs').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateFaq(db: Db, id: number, changes: Updateable<FaqsTable>): Promise<boolean> {
  return (
    Number(
      (await db.kysely.updateTable('faqs').set(changes).where('id', '=', id).executeTakeFirst()).numUpdatedRows,
    ) === 1
  );
}

export async function deleteFaq(db: Db, id: number): Promise<boolean> {
  return Number((await db.kysely.deleteFrom('faqs').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1;
}

/** The tours that show an FAQ, by title. */
export async function listToursOf(db: Db, faqId: number): Promise<FaqTour[]> {
  return db.kysely
    .selectFrom('post_faqs')
    .innerJoin('posts', 'posts.id', 'post_faqs.post_id')
    .where('post_faqs.faq_id', '=', faqId)
    .select(['posts.id', 'posts.title'])
    .orderBy('posts.title')
    .execute();
}

/** The FAQ in `language` of the group of FAQ `id`, if any. */
export async function findTranslation(db: Db, id: number, language: string): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('faqs')
    .select('id')
    .where('language', '=', language)
    .where('translation_group', '=', (eb) => eb.selectFrom('faqs').select('translation_group').where('id', '=', id))
    .executeTakeFirst();
  return row?.id;
}
