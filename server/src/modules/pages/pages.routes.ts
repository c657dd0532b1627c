import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, pageInputSchema, pageSlugParamsSchema } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import * as pages from './pages.service.js';

/** Website pages (spec §7). Reads need a signed-in user, writes an editor; /pages/slug/{slug} is public. */
export const pagesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const read = { onRequest: app.requireRole('user') };
  const write = { onRequest: app.requireRole('editor') };

  app.get('/pages/', read, async () => pages.listPages(ctx));

  app.get('/pages/slug/:slug', { schema: { params: pageSlugParamsSchema } }, async (req) => pages.getPublishedPage(ctx, req.params.slug));

  app.get('/pages/:id', { ...read, schema: { params: idParamsSchema } }, async (req) => pages.getPage(ctx, req.params.id));

  app.post('/pages/', { ...write, schema: { body: pageInputSchema } }, async (req, reply) =>
    reply.status(201).send(await pages.createPage(ctx, req.body, req.user!)),
  );

  app.put('/pages/:id', { ...write, schema: { params: idParamsSchema, body: pageInputSchema } }, async (req) =>
    pages.updatePage(ctx, req.params.id, req.body),
  );

  app.delete('/pages/:id', { ...write, schema: { params: idParamsSchema } }, async (req, reply) => {
    await pages.deletePage(ctx, req.params.id);
    return reply.status(204).send();
  });
};
