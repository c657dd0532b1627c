import { dashboardStatsSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** Totals are a read: every signed-in role may see them. */
export const dashboardRoutes: RoutesPlugin = async (app, { services: { dashboard } }) => {
  app.get(
    '/dashboard/stats',
    { onRequest: app.requireRole('user'), schema: { response: { 200: dashboardStatsSchema } } },
    async () => dashboard.stats(),
  );
};
