import { z } from 'zod';
import { idParamsSchema, noContentSchema, redirectInputSchema, redirectSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** Redirects: administrators list, add, edit and remove them (the server adds its own on slug changes). */
export const redirectsRoutes: RoutesPlugin = async (app, { services: { redirects } }) => {
  const admin = { onRequest: app.requireRole('admin') };

  app.get('/redirects/', { ...admin, schema: { response: { 200: z.array(redirectSchema) } } }, async () =>
    redirects.list(),
  );

  app.post(
    '/redirects/',
    { ...admin, schema: { body: redirectInputSchema, response: { 201: redirectSchema } } },
    async (req, reply) => reply.status(201).send(await redirects.create(req.body, req.user)),
  );

  app.put(
    '/redirects/:id',
    { ...admin, schema: { params: idParamsSchema, body: redirectInputSchema, response: { 200: redirectSchema } } },
    async (req) => redirects.update(req.params.id, req.body, req.user),
  );

  app.delete(
    '/redirects/:id',
    { ...admin, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await redirects.remove(req.params.id, req.user);
      return reply.status(204).send();
    },
  );
};
