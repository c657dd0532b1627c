import { z } from 'zod';
import { menuInputSchema, menuLocationParamsSchema, menuSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** The header's and the footer's menus: every signed-in role reads them, editors and administrators save them. */
export const menusRoutes: RoutesPlugin = async (app, { services: { menus } }) => {
  const user = { onRequest: app.requireRole('user') };
  const editor = { onRequest: app.requireRole('editor') };

  app.get('/menus/', { ...user, schema: { response: { 200: z.array(menuSchema) } } }, async () => menus.list());
  app.get(
    '/menus/:location',
    { ...user, schema: { params: menuLocationParamsSchema, response: { 200: menuSchema } } },
    async (req) => menus.get(req.params.location),
  );
  app.put(
    '/menus/:location',
    { ...editor, schema: { params: menuLocationParamsSchema, body: menuInputSchema, response: { 200: menuSchema } } },
    async (req) => menus.save(req.params.location, req.body, req.user),
  );
};
