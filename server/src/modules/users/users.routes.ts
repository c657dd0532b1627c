import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, userCreateSchema, userUpdateSchema } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import * as users from './users.service.js';

/** Users are managed by admins only; there is no delete (staff are switched off with is_active). */
export const usersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const adminOnly = { onRequest: app.requireRole('admin') };

  app.get('/users/', adminOnly, async () => users.listUsers(db));

  app.post('/users/', { ...adminOnly, schema: { body: userCreateSchema } }, async (req, reply) =>
    reply.status(201).send(await users.createUser(db, req.body)),
  );

  app.put('/users/:id', { ...adminOnly, schema: { params: idParamsSchema, body: userUpdateSchema } }, async (req) =>
    users.updateUser(db, req.params.id, req.body, req.user!),
  );
};
