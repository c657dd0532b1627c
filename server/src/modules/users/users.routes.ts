import { z } from 'zod';
import { idParamsSchema, noContentSchema, userCreateSchema, userSchema, userUpdateSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** Users are managed by admins only; there is no delete (staff are switched off with is_active). */
export const usersRoutes: RoutesPlugin = async (app, { services: { users, twoFactor } }) => {
  const adminOnly = { onRequest: app.requireRole('admin') };

  app.get('/users/', { ...adminOnly, schema: { response: { 200: z.array(userSchema) } } }, async () => users.list());

  app.post(
    '/users/',
    { ...adminOnly, schema: { body: userCreateSchema, response: { 201: userSchema } } },
    async (req, reply) => reply.status(201).send(await users.create(req.body, req.user)),
  );

  app.put(
    '/users/:id',
    { ...adminOnly, schema: { params: idParamsSchema, body: userUpdateSchema, response: { 200: userSchema } } },
    async (req) => users.update(req.params.id, req.body, req.user),
  );

  // For a user who lost their device: they sign in with their password alone again (and set it up again if
  // their role requires it).
  app.delete(
    '/users/:id/two-factor',
    { ...adminOnly, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await twoFactor.reset(req.params.id, req.user);
      return reply.status(204).send();
    },
  );
};
