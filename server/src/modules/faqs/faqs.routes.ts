import { z } from 'zod';
import {
  faqDeleteQuerySchema,
  faqInputSchema,
  faqInUseSchema,
  faqListItemSchema,
  faqListQuerySchema,
  faqSchema,
  faqTourSchema,
  idParamsSchema,
  noContentSchema,
  translationInputSchema,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** Reusable FAQs: every signed-in role reads them, editors and administrators write them. */
export const faqsRoutes: RoutesPlugin = async (app, { services: { faqs } }) => {
  const user = { onRequest: app.requireRole('user') };
  const editor = { onRequest: app.requireRole('editor') };

  // Every language without `?language=` (the spec's clients), one language with it (issue 30).
  app.get(
    '/faqs/',
    { ...user, schema: { querystring: faqListQuerySchema, response: { 200: z.array(faqListItemSchema) } } },
    async (req) => faqs.list(req.query.language),
  );
  app.get('/faqs/:id', { ...user, schema: { params: idParamsSchema, response: { 200: faqSchema } } }, async (req) =>
    faqs.get(req.params.id),
  );
  app.get(
    '/faqs/:id/tours',
    { ...user, schema: { params: idParamsSchema, response: { 200: z.array(faqTourSchema) } } },
    async (req) => faqs.tours(req.params.id),
  );

  app.post(
    '/faqs/',
    { ...editor, schema: { body: faqInputSchema, response: { 201: faqSchema } } },
    async (req, reply) => reply.status(201).send(await faqs.create(req.body, req.user)),
  );
  app.put(
    '/faqs/:id',
    { ...editor, schema: { params: idParamsSchema, body: faqInputSchema, response: { 200: faqSchema } } },
    async (req) => faqs.update(req.params.id, req.body, req.user),
  );
  // A translation (issue 30): a copy in another of the site's languages, linked to this FAQ's group. 409 when the
  // group has that language already.
  app.post(
    '/faqs/:id/translations',
    { ...editor, schema: { params: idParamsSchema, body: translationInputSchema, response: { 201: faqSchema } } },
    async (req, reply) => reply.status(201).send(await faqs.translate(req.params.id, req.body.language, req.user)),
  );

  app.delete(
    '/faqs/:id',
    {
      ...editor,
      schema: {
        params: idParamsSchema,
        querystring: faqDeleteQuerySchema,
        response: { 204: noContentSchema, 409: faqInUseSchema },
      },
    },
    async (req, reply) => {
      await faqs.remove(req.params.id, req.user, { inUseConfirmed: req.query.in_use === 'confirmed' });
      return reply.status(204).send();
    },
  );
};
