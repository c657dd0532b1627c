import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  asksForPage,
  bookingActionParamsSchema,
  bookingConflictSchema,
  CONTACT_BODY_MAX_BYTES,
  contactListPageSchema,
  contactListQuerySchema,
  contactInputSchema,
  contactReceiptSchema,
  contactSchema,
  contactStatusQuerySchema,
  contactSummarySchema,
  idParamsSchema,
  noContentSchema,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';
import { parseListQuery } from '../../list-paging.js';

/**
 * The website's inquiry form runs inside the public page's sandboxed frame, whose origin is opaque ("null"), so
 * its fetch is cross-origin. This one endpoint answers CORS for any origin, without credentials: it takes no
 * token and sets no cookie, so letting a page read "thank you" or a validation message gives nothing away.
 */
async function allowAnyOrigin(_req: unknown, reply: FastifyReply): Promise<void> {
  reply.header('Access-Control-Allow-Origin', '*');
}

export const contactsRoutes: RoutesPlugin = async (app, { services: { contacts } }) => {
  // Without parameters the spec's whole array; with any, a page searched, filtered and sorted here (issue 26).
  app.get(
    '/contacts/',
    {
      onRequest: app.requireRole('user'),
      schema: { response: { 200: z.union([z.array(contactSchema), contactListPageSchema]) } },
    },
    async (req) => {
      if (!asksForPage(req.query)) return contacts.list();
      return contacts.listPage(parseListQuery('contacts', contactListQuerySchema, req.query));
    },
  );

  app.get(
    '/contacts/summary',
    { onRequest: app.requireRole('user'), schema: { response: { 200: contactSummarySchema } } },
    async () => ({
      new: await contacts.count('new'),
      booking_requests: await contacts.countBookingRequests(),
    }),
  );

  // One inquiry, for the details a link opens (?view=12) when it is not on the list's first page.
  app.get(
    '/contacts/:id',
    { onRequest: app.requireRole('user'), schema: { params: idParamsSchema, response: { 200: contactSchema } } },
    async (req) => contacts.get(req.params.id),
  );

  // Public: no token, a small body limit, throttled per address, a honeypot.
  app.post(
    '/contacts/',
    {
      onRequest: allowAnyOrigin,
      bodyLimit: CONTACT_BODY_MAX_BYTES,
      schema: { body: contactInputSchema, response: { 201: contactReceiptSchema } },
    },
    async (req, reply) => reply.status(201).send(await contacts.receive(req.body, req.ip)),
  );

  // The preflight a JSON fetch from the frame sends first: only POST with a Content-Type header may follow.
  app.options(
    '/contacts/',
    { onRequest: allowAnyOrigin, schema: { response: { 204: noContentSchema } } },
    async (_req, reply) =>
      reply
        .header('Access-Control-Allow-Methods', 'POST')
        .header('Access-Control-Allow-Headers', 'Content-Type')
        .header('Access-Control-Max-Age', '7200')
        .status(204)
        .send(),
  );

  app.put(
    '/contacts/:id/status',
    {
      onRequest: app.requireRole('editor'),
      schema: { params: idParamsSchema, querystring: contactStatusQuerySchema, response: { 200: contactSchema } },
    },
    async (req) => contacts.setStatus(req.params.id, req.query.status, req.user),
  );

  // A booking request's steps: confirm (takes the seats, 409 with the seats left), decline, cancel (gives them back).
  app.post(
    '/contacts/:id/booking/:action',
    {
      onRequest: app.requireRole('editor'),
      schema: {
        params: bookingActionParamsSchema,
        response: { 200: contactSchema, 409: bookingConflictSchema.partial({ seats_left: true }) },
      },
    },
    async (req) => contacts.bookingStep(req.params.id, req.params.action, req.user),
  );

  const remove = {
    onRequest: app.requireRole('editor'),
    schema: { params: idParamsSchema, response: { 204: noContentSchema } },
  };
  app.delete('/contacts/:id', remove, async (req, reply) => {
    await contacts.remove(req.params.id, req.user);
    return reply.status(204).send();
  });
};
