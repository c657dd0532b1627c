import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import {
  asksForPage,
  groupQuerySchema,
  idParamsSchema,
  translationInputSchema,
  noContentSchema,
  postInputSchema,
  postListItemSchema,
  postListPageSchema,
  postListQuerySchema,
  postSchema,
  postSlugParamsSchema,
} from '@tours-cms/contract';
import { parseListQuery } from '../../list-paging.js';
import { createWholeListCache } from '../../http/whole-list-cache.js';
import type { RoutesPlugin } from '../../http/routes-plugin.js';
import { registerRevisionRoutes } from '../../http/revision-routes.js';
import { registerPreviewLinkRoutes } from '../../http/preview-link-routes.js';

/** Posts (tours). Reads need a signed-in user, writes an editor. */
export const postsRoutes: RoutesPlugin = async (app, { services: { posts } }) => {
  const read = { onRequest: app.requireRole('user') };
  const write = { onRequest: app.requireRole('editor') };
  const wholeLists = createWholeListCache();

  // Without parameters the spec's whole array (with `language` alone, that language's); with any other, a page
  // searched, filtered and sorted here (issue 26).
  app.get(
    '/posts/',
    {
      ...read,
      schema: { response: { 200: z.union([z.array(postListItemSchema), postListPageSchema]) } },
    },
    async (req, reply) => {
      const query = parseListQuery('posts', postListQuerySchema, req.query);
      // The whole array comes as JSON text from the database, in the schema's shape (posts.repository.ts), kept
      // encoded until the posts change: the version is read first, so the list read after it is at least as new.
      if (!asksForPage(req.query, ['language'])) {
        const version = await posts.listVersion();
        return wholeLists.send(reply as FastifyReply, `posts:${query.language ?? '*'}`, version, () =>
          posts.listJson(query.language),
        );
      }
      return posts.listPage(query);
    },
  );

  app.get(
    '/posts/slug/:slug',
    { ...read, schema: { params: postSlugParamsSchema, response: { 200: postSchema } } },
    async (req) => posts.getBySlug(req.params.slug),
  );

  app.get('/posts/:id', { ...read, schema: { params: idParamsSchema, response: { 200: postSchema } } }, async (req) =>
    posts.get(req.params.id),
  );

  app.post(
    '/posts/',
    { ...write, schema: { body: postInputSchema, response: { 201: postSchema } } },
    async (req, reply) => reply.status(201).send(await posts.create(req.body, req.user)),
  );

  app.put(
    '/posts/:id',
    { ...write, schema: { params: idParamsSchema, body: postInputSchema, response: { 200: postSchema } } },
    // A stale version answers 409 shaped by versionConflictSchema (the error handler sends it).
    async (req) => posts.update(req.params.id, req.body, req.user),
  );

  // A translation (issue 30): a draft copy in another of the site's languages, linked to this post's group. 409
  // when the group has that language already.
  app.post(
    '/posts/:id/translations',
    { ...write, schema: { params: idParamsSchema, body: translationInputSchema, response: { 201: postSchema } } },
    async (req, reply) => reply.status(201).send(await posts.translate(req.params.id, req.body.language, req.user)),
  );

  // History (decisions §13): the versions a save replaced, one version whole, and restoring one as a new version.
  // Draft preview links (decisions §13).
  registerPreviewLinkRoutes(app, '/posts', posts, { read: read.onRequest, write: write.onRequest });
  registerRevisionRoutes(app, '/posts', posts, postSchema, { read: read.onRequest, write: write.onRequest });

  // `?group=true`: the whole translation group to the trash (issue 30); without it, the spec's delete of one item.
  app.delete(
    '/posts/:id',
    { ...write, schema: { params: idParamsSchema, querystring: groupQuerySchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await posts.remove(req.params.id, req.user, req.query.group);
      return reply.status(204).send();
    },
  );
};
