import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { componentInputSchema, componentKeyParamsSchema, componentListQuerySchema, idParamsSchema } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import * as components from './components.service.js';

/** Spec §7's components calls. GET /components/common is public (decisions §11): the site wraps pages with it. */
export const componentsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, siteChanges }) => {
  // The public site caches rendered pages, which hold the common header and footer (server/src/public-site):
  // every successful write here tells it, before the answer leaves, so the next visitor sees the change.
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) siteChanges.changed('component');
  });
  const reader = { onRequest: app.requireRole('user') };
  const editor = { onRequest: app.requireRole('editor') };

  app.get('/components/', { ...reader, schema: { querystring: componentListQuerySchema } }, async (req) =>
    components.listComponents(db, req.query.is_common === undefined ? {} : { isCommon: req.query.is_common === 'true' }),
  );

  app.get('/components/common', async () => components.listPublicComponents(db));

  app.get('/components/:key', { ...reader, schema: { params: componentKeyParamsSchema } }, async (req) =>
    components.getComponent(db, req.params.key),
  );

  app.post('/components/', { ...editor, schema: { body: componentInputSchema } }, async (req, reply) =>
    reply.status(201).send(await components.createComponent(db, req.body)),
  );

  app.put('/components/:id', { ...editor, schema: { params: idParamsSchema, body: componentInputSchema } }, async (req) =>
    components.updateComponent(db, req.params.id, req.body),
  );

  app.delete('/components/:id', { ...editor, schema: { params: idParamsSchema } }, async (req, reply) => {
    await components.deleteComponent(db, req.params.id);
    return reply.status(204).send();
  });

  app.post('/components/:id/duplicate', { ...editor, schema: { params: idParamsSchema } }, async (req, reply) =>
    reply.status(201).send(await components.duplicateComponent(db, req.params.id)),
  );
};
