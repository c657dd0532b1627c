import { z } from 'zod';
import { idParamsSchema, userCreateSchema, userSchema, userUpdateSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../routes-plugin.js';

/** Users are managed by admins only; there is no delete (staff are switched off with is_active). */
export const usersRoutes: RoutesPlugin = async (app, { services: { users } }) => {
  const adminOnly = { onRequest: app.requireRole('admin') };

  app.get('/users/', { ...adminOnly, schema: { response: { 200: z.array(userSchema) } } }, async () => users.list());

  app.post('/users/', { ...adminOnly, schema: { body: userCreateSchema, response: { 201: userSchema } } }, async (req, reply) =>
    reply.status(201).send(await users.create(req.body)),
  );

  app.put('/users/:id', { ...adminOnly, schema: { params: idParamsSchema, body: userUpdateSchema, response: { 200: userSchema } } }, async (req) =>
    users.update(req.params.id, req.body, req.user!),
  );
};
