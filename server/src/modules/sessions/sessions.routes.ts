import { z } from 'zod';
import { idParamsSchema, noContentSchema, sessionSchema, sessionsEndedSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/**
 * Sessions: each user lists and ends their own (the Account screen); administrators list and end anyone's (the
 * Users screen). Ending one deletes it, so its browser is refused at its next request.
 */
export const sessionsRoutes: RoutesPlugin = async (app, { services: { sessions, users } }) => {
  const signedIn = { onRequest: app.requireRole('user') };
  const admin = { onRequest: app.requireRole('admin') };

  app.get('/account/sessions', { ...signedIn, schema: { response: { 200: z.array(sessionSchema) } } }, async (req) =>
    sessions.list(req.user.id, req.sessionId),
  );

  // 'Sign out everywhere else'.
  app.post(
    '/account/sessions/end-others',
    { ...signedIn, schema: { response: { 200: sessionsEndedSchema } } },
    async (req) => ({
      ended: await sessions.endOthers(req.user, req.sessionId!),
    }),
  );

  // One's own session, or (administrators) anyone's: 403 for another user's otherwise.
  app.delete(
    '/sessions/:id',
    { ...signedIn, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await sessions.endById(req.params.id, req.user);
      return reply.status(204).send();
    },
  );

  app.get(
    '/users/:id/sessions',
    { ...admin, schema: { params: idParamsSchema, response: { 200: z.array(sessionSchema) } } },
    async (req) => {
      const user = await users.get(req.params.id);
      return sessions.list(user.id, req.sessionId);
    },
  );

  app.delete(
    '/users/:id/sessions',
    { ...admin, schema: { params: idParamsSchema, response: { 200: sessionsEndedSchema } } },
    async (req) => ({
      ended: await sessions.endAllOfUser(await users.get(req.params.id), req.user),
    }),
  );
};
