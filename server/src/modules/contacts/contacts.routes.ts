import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_BODY_MAX_BYTES, contactInputSchema, contactStatusQuerySchema, idParamsSchema } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import * as contacts from './contacts.service.js';

/**
 * The website's inquiry form runs inside the public page's sandboxed frame, whose origin is opaque ("null"), so
 * its fetch is cross-origin. This one endpoint answers CORS for any origin, without credentials: it takes no
 * token and sets no cookie, so letting a page read "thank you" or a validation message gives nothing away.
 */
async function allowAnyOrigin(_req: unknown, reply: FastifyReply): Promise<void> {
  reply.header('Access-Control-Allow-Origin', '*');
}

export const contactsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx;

  app.get('/contacts/', { onRequest: app.requireRole('user') }, async () => contacts.listContacts(db));

  // Public (decisions §10/§11): no token, a small body limit, throttled per address, a honeypot.
  app.post(
    '/contacts/',
    { onRequest: allowAnyOrigin, bodyLimit: CONTACT_BODY_MAX_BYTES, schema: { body: contactInputSchema } },
    async (req, reply) => reply.status(201).send(await contacts.receiveContact(ctx, req.body, req.ip)),
  );

  // The preflight a JSON fetch from the frame sends first: only POST with a Content-Type header may follow.
  app.options('/contacts/', { onRequest: allowAnyOrigin }, async (_req, reply) =>
    reply
      .header('Access-Control-Allow-Methods', 'POST')
      .header('Access-Control-Allow-Headers', 'Content-Type')
      .header('Access-Control-Max-Age', '7200')
      .status(204)
      .send(),
  );

  app.put(
    '/contacts/:id/status',
    { onRequest: app.requireRole('editor'), schema: { params: idParamsSchema, querystring: contactStatusQuerySchema } },
    async (req) => contacts.setContactStatus(db, req.params.id, req.query.status),
  );

  app.delete('/contacts/:id', { onRequest: app.requireRole('editor'), schema: { params: idParamsSchema } }, async (req, reply) => {
    await contacts.deleteContact(db, req.params.id);
    return reply.status(204).send();
  });
};
