import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, registerSchema } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import * as auth from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // The sign-in form may come as multipart/form-data (spec §7): small text fields only, no files.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 10, fieldSize: 4096, files: 0, parts: 10 },
  });

  app.post('/auth/token', { schema: { body: loginSchema } }, async (req) => auth.issueToken(ctx, req.body, req.ip));

  app.get('/auth/me', { preHandler: app.requireRole('user') }, async (req) => req.user!);

  app.post('/auth/logout', { preHandler: app.requireRole('user') }, async (req, reply) => {
    await auth.revokeToken(ctx, req.tokenHash!);
    return reply.status(204).send();
  });

  app.post('/auth/register', { schema: { body: registerSchema } }, async (req, reply) =>
    reply.status(201).send(await auth.register(ctx, req.body)),
  );
};
