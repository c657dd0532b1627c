import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, moduleInputSchema } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import * as modules from './modules.service.js';

export const modulesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const editor = { onRequest: app.requireRole('editor') };

  app.get('/modules/', { onRequest: app.requireRole('user') }, async () => modules.listModules(db));

  app.post('/modules/', { ...editor, schema: { body: moduleInputSchema } }, async (req, reply) =>
    reply.status(201).send(await modules.createModule(db, req.body)),
  );

  app.put('/modules/:id', { ...editor, schema: { params: idParamsSchema, body: moduleInputSchema } }, async (req) =>
    modules.updateModule(db, req.params.id, req.body),
  );

  app.delete('/modules/:id', { ...editor, schema: { params: idParamsSchema } }, async (req, reply) => {
    await modules.deleteModule(db, req.params.id);
    return reply.status(204).send();
  });
};
