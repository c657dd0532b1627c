import { z } from 'zod';
import {
  activityEntrySchema,
  activityListPageSchema,
  activityListQuerySchema,
  activityPageSchema,
  activityQuerySchema,
  asksForActivityListPage,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';
import { parseListQuery, parseQuery } from '../../list-paging.js';

/** The activity log: administrators read everyone's, anyone else their own. Nobody writes it but the server. */
export const activityRoutes: RoutesPlugin = async (app, { services: { activity } }) => {
  const signedIn = { onRequest: app.requireRole('user') };

  // By page number (`page`, `page_size`) as before; with `limit` or `cursor`, the paged lists' shape: a cursor that
  // stays put as entries arrive, and the matching total (issue 26).
  app.get(
    '/activity/',
    { ...signedIn, schema: { response: { 200: z.union([activityPageSchema, activityListPageSchema]) } } },
    async (req) => {
      if (asksForActivityListPage(req.query)) {
        return activity.listPage(parseListQuery('activity', activityListQuerySchema, req.query), req.user);
      }
      return activity.list(parseQuery(activityQuerySchema, req.query), req.user);
    },
  );

  // The dashboard's Recent Activity box.
  app.get(
    '/activity/recent',
    { ...signedIn, schema: { response: { 200: z.array(activityEntrySchema) } } },
    async (req) => activity.recent(req.user),
  );
};
