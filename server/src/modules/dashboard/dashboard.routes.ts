import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardStats } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/dialect.js';

async function countRows(db: Db, table: 'posts' | 'pages' | 'users' | 'contacts'): Promise<number> {
  const { count } = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function countNewContacts(db: Db): Promise<number> {
  const { count } = await db.kysely
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'new')
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function getDashboardStats(db: Db): Promise<DashboardStats> {
  const [total_posts, total_pages, total_users, total_contacts, new_contacts] = await Promise.all([
    countRows(db, 'posts'),
    countRows(db, 'pages'),
    countRows(db, 'users'),
    countRows(db, 'contacts'),
    countNewContacts(db),
  ]);
  return { total_posts, total_pages, total_users, total_contacts, new_contacts };
}

/** Totals are a read: every signed-in role may see them. */
export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get('/dashboard/stats', { onRequest: app.requireRole('user') }, async () => getDashboardStats(db));
};
