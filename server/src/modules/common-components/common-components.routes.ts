import { z } from 'zod';
import {
  componentInputSchema,
  componentKeyParamsSchema,
  componentListQuerySchema,
  componentSchema,
  idParamsSchema,
  noContentSchema,
  translationInputSchema,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';
import { registerRevisionRoutes } from '../../http/revision-routes.js';

/** Common components. GET /components/common is public: the site wraps its pages with it. */
export const componentsRoutes: RoutesPlugin = async (app, { services: { components } }) => {
  const reader = { onRequest: app.requireRole('user') };
  const editor = { onRequest: app.requireRole('editor') };
  const list = { response: { 200: z.array(componentSchema) } };

  // Every language without `?language=` (the spec's clients), one language with it (issue 30).
  app.get('/components/', { ...reader, schema: { querystring: componentListQuerySchema, ...list } }, async (req) =>
    components.list({
      ...(req.query.is_common === undefined ? {} : { isCommon: req.query.is_common === 'true' }),
      ...(req.query.language === undefined ? {} : { language: req.query.language }),
    }),
  );

  app.get('/components/common', { schema: list }, async () => components.listPublic());

  app.get(
    '/components/:key',
    { ...reader, schema: { params: componentKeyParamsSchema, response: { 200: componentSchema } } },
    async (req) => components.get(req.params.key),
  );

  app.post(
    '/components/',
    { ...editor, schema: { body: componentInputSchema, response: { 201: componentSchema } } },
    async (req, reply) => reply.status(201).send(await components.create(req.body, req.user)),
  );

  app.put(
    '/components/:id',
    { ...editor, schema: { params: idParamsSchema, body: componentInputSchema, response: { 200: componentSchema } } },
    // A stale version answers 409 shaped by versionConflictSchema (the error handler sends it).
    async (req) => components.update(req.params.id, req.body, req.user),
  );

  // History (decisions §13): the versions a save replaced, one version whole, and restoring one as a new version.
  registerRevisionRoutes(app, '/components', components, componentSchema, {
    read: reader.onRequest,
    write: editor.onRequest,
  });

  app.delete(
    '/components/:id',
    { ...editor, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await components.remove(req.params.id, req.user);
      return reply.status(204).send();
    },
  );

  // A translation (issue 30): a copy in another of the site's languages, linked to this component's group, switched
  // off until someone switches it on. 409 when the group has that language already.
  app.post(
    '/components/:id/translations',
    { ...editor, schema: { params: idParamsSchema, body: translationInputSchema, response: { 201: componentSchema } } },
    async (req, reply) =>
      reply.status(201).send(await components.translate(req.params.id, req.body.language, req.user)),
  );

  app.post(
    '/components/:id/duplicate',
    { ...editor, schema: { params: idParamsSchema, response: { 201: componentSchema } } },
    async (req, reply) => reply.status(201).send(await components.duplicate(req.params.id, req.user)),
  );
};
