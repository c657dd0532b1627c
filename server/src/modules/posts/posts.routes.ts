import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, postInputSchema, postSlugParamsSchema } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import * as posts from './posts.service.js';

/** Posts (tours). Reads need a signed-in user, writes an editor. */
export const postsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const read = { onRequest: app.requireRole('user') };
  const write = { onRequest: app.requireRole('editor') };

  app.get('/posts/', read, async () => posts.listPosts(db));

  app.get('/posts/slug/:slug', { ...read, schema: { params: postSlugParamsSchema } }, async (req) =>
    posts.getPostBySlug(db, req.params.slug),
  );

  app.get('/posts/:id', { ...read, schema: { params: idParamsSchema } }, async (req) => posts.getPost(db, req.params.id));

  app.post('/posts/', { ...write, schema: { body: postInputSchema } }, async (req, reply) =>
    reply.status(201).send(await posts.createPost(db, req.body, req.user!)),
  );

  app.put('/posts/:id', { ...write, schema: { params: idParamsSchema, body: postInputSchema } }, async (req) =>
    posts.updatePost(db, req.params.id, req.body),
  );

  app.delete('/posts/:id', { ...write, schema: { params: idParamsSchema } }, async (req, reply) => {
    await posts.deletePost(db, req.params.id);
    return reply.status(204).send();
  });
};
