import { z } from 'zod';
import { idParamsSchema, moduleInputSchema, moduleSchema, noContentSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** Modules. Reads need a signed-in user, writes an editor. */
export const modulesRoutes: RoutesPlugin = async (app, { services: { modules } }) => {
  const editor = { onRequest: app.requireRole('editor') };

  app.get(
    '/modules/',
    { onRequest: app.requireRole('user'), schema: { response: { 200: z.array(moduleSchema) } } },
    async () => modules.list(),
  );

  app.post(
    '/modules/',
    { ...editor, schema: { body: moduleInputSchema, response: { 201: moduleSchema } } },
    async (req, reply) => reply.status(201).send(await modules.create(req.body, req.user)),
  );

  app.put(
    '/modules/:id',
    { ...editor, schema: { params: idParamsSchema, body: moduleInputSchema, response: { 200: moduleSchema } } },
    async (req) => modules.update(req.params.id, req.body, req.user),
  );

  app.delete(
    '/modules/:id',
    { ...editor, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await modules.remove(req.params.id, req.user);
      return reply.status(204).send();
    },
  );
};
