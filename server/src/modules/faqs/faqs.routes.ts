import { z } from 'zod';
import {
  faqDeleteQuerySchema,
  faqInputSchema,
  faqInUseSchema,
  faqListItemSchema,
  faqSchema,
  faqTourSchema,
  idParamsSchema,
  noContentSchema,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** Reusable FAQs: every signed-in role reads them, editors and administrators write them. */
export const faqsRoutes: RoutesPlugin = async (app, { services: { faqs } }) => {
  const user = { onRequest: app.requireRole('user') };
  const editor = { onRequest: app.requireRole('editor') };

  app.get('/faqs/', { ...user, schema: { response: { 200: z.array(faqListItemSchema) } } }, async () => faqs.list());
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
