import type { DashboardStats } from '@tours-cms/contract';
import type { Db } from '../../db/dialect.js';

/**
 * The dashboard's totals, counted in one statement: a read model over the content tables, which is why it lives
 * here rather than borrowing each module's repository.
 */
export async function countTotals(db: Db): Promise<DashboardStats> {
  const count = (table: 'posts' | 'pages' | 'users' | 'contacts') =>
    db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  const row = await db.kysely
    .selectNoFrom((eb) => [
      count('posts').as('total_posts'),
      count('pages').as('total_pages'),
      count('users').as('total_users'),
      count('contacts').as('total_contacts'),
      eb
        .selectFrom('contacts')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('status', '=', 'new')
        .as('new_contacts'),
      eb
        .selectFrom('contacts')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('booking_status', '=', 'requested')
        .as('booking_requests'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total_posts: Number(row.total_posts),
    total_pages: Number(row.total_pages),
    total_users: Number(row.total_users),
    total_contacts: Number(row.total_contacts),
    new_contacts: Number(row.new_contacts),
    booking_requests: Number(row.booking_requests),
  };
}
