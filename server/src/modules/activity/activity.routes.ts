import { z } from 'zod';
import { activityEntrySchema, activityPageSchema, activityQuerySchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** The activity log: administrators read everyone's, anyone else their own. Nobody writes it but the server. */
export const activityRoutes: RoutesPlugin = async (app, { services: { activity } }) => {
  const signedIn = { onRequest: app.requireRole('user') };

  app.get(
    '/activity/',
    { ...signedIn, schema: { querystring: activityQuerySchema, response: { 200: activityPageSchema } } },
    async (req) => activity.list(req.query, req.user),
  );

  // The dashboard's Recent Activity box.
  app.get(
    '/activity/recent',
    { ...signedIn, schema: { response: { 200: z.array(activityEntrySchema) } } },
    async (req) => activity.recent(req.user),
  );
};
