import { z } from 'zod';
import {
  asksForPage,
  groupQuerySchema,
  idParamsSchema,
  translationInputSchema,
  noContentSchema,
  pageInputSchema,
  pageListItemSchema,
  pageListPageSchema,
  pageListQuerySchema,
  pageSchema,
  pageSlugParamsSchema,
  publicPageSchema,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';
import { parseListQuery } from '../../list-paging.js';
import { registerRevisionRoutes } from '../../http/revision-routes.js';
import { registerPreviewLinkRoutes } from '../../http/preview-link-routes.js';

/** Website pages. Reads need a signed-in user, writes an editor; /pages/slug/{slug} is public (published pages only). */
export const pagesRoutes: RoutesPlugin = async (app, { services: { pages } }) => {
  const read = { onRequest: app.requireRole('user') };
  const write = { onRequest: app.requireRole('editor') };

  // Without parameters the spec's whole array (with `language` alone, that language's); with any other, a page
  // searched, filtered and sorted here (issue 26).
  app.get(
    '/pages/',
    { ...read, schema: { response: { 200: z.union([z.array(pageListItemSchema), pageListPageSchema]) } } },
    async (req) => {
      const query = parseListQuery('pages', pageListQuerySchema, req.query);
      if (!asksForPage(req.query, ['language'])) return pages.list(query.language);
      return pages.listPage(query);
    },
  );

  // Anyone's: the response schema leaves out what only staff need.
  app.get(
    '/pages/slug/:slug',
    { schema: { params: pageSlugParamsSchema, response: { 200: publicPageSchema } } },
    async (req) => pages.getPublished(req.params.slug),
  );

  app.get('/pages/:id', { ...read, schema: { params: idParamsSchema, response: { 200: pageSchema } } }, async (req) =>
    pages.get(req.params.id),
  );

  app.post(
    '/pages/',
    { ...write, schema: { body: pageInputSchema, response: { 201: pageSchema } } },
    async (req, reply) => reply.status(201).send(await pages.create(req.body, req.user)),
  );

  // A stale version answers 409 shaped by versionConflictSchema (the error handler sends it).
  app.put(
    '/pages/:id',
    { ...write, schema: { params: idParamsSchema, body: pageInputSchema, response: { 200: pageSchema } } },
    async (req) => pages.update(req.params.id, req.body, req.user),
  );

  // A translation (issue 30): a draft copy in another of the site's languages, linked to this page's group. 409
  // when the group has that language already.
  app.post(
    '/pages/:id/translations',
    { ...write, schema: { params: idParamsSchema, body: translationInputSchema, response: { 201: pageSchema } } },
    async (req, reply) => reply.status(201).send(await pages.translate(req.params.id, req.body.language, req.user)),
  );

  // History (decisions §13): the versions a save replaced, one version whole, and restoring one as a new version.
  // Draft preview links (decisions §13).
  registerPreviewLinkRoutes(app, '/pages', pages, { read: read.onRequest, write: write.onRequest });
  registerRevisionRoutes(app, '/pages', pages, pageSchema, { read: read.onRequest, write: write.onRequest });

  // `?group=true`: the whole translation group to the trash (issue 30); without it, the spec's delete of one item.
  app.delete(
    '/pages/:id',
    { ...write, schema: { params: idParamsSchema, querystring: groupQuerySchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await pages.remove(req.params.id, req.user, req.query.group);
      return reply.status(204).send();
    },
  );
};
