import { z } from 'zod';
import {
  TAXONOMY_KINDS,
  idParamsSchema,
  noContentSchema,
  taxonomyInputSchema,
  taxonomyItemSchema,
  taxonomyListQuerySchema,
  translationInputSchema,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** /categories/ and /tags/: the same routes over two tables. Reads need a signed-in user, writes an editor. */
export const taxonomyRoutes: RoutesPlugin = async (app, { services: { taxonomy } }) => {
  const read = { onRequest: app.requireRole('user') };
  const write = { onRequest: app.requireRole('editor') };

  for (const kind of TAXONOMY_KINDS) {
    // Every language without `?language=` (the spec's clients), one language with it (issue 30).
    app.get(
      `/${kind}/`,
      { ...read, schema: { querystring: taxonomyListQuerySchema, response: { 200: z.array(taxonomyItemSchema) } } },
      async (req) => taxonomy.list(kind, req.query.language),
    );

    app.get(
      `/${kind}/:id`,
      { ...read, schema: { params: idParamsSchema, response: { 200: taxonomyItemSchema } } },
      async (req) => taxonomy.get(kind, req.params.id),
    );

    app.post(
      `/${kind}/`,
      { ...write, schema: { body: taxonomyInputSchema, response: { 201: taxonomyItemSchema } } },
      async (req, reply) => reply.status(201).send(await taxonomy.create(kind, req.body, req.user)),
    );

    app.put(
      `/${kind}/:id`,
      {
        ...write,
        schema: { params: idParamsSchema, body: taxonomyInputSchema, response: { 200: taxonomyItemSchema } },
      },
      async (req) => taxonomy.update(kind, req.params.id, req.body, req.user),
    );

    // A translation (issue 30): a copy in another of the site's languages, linked to this item's group. 409 when
    // the group has that language already.
    app.post(
      `/${kind}/:id/translations`,
      {
        ...write,
        schema: { params: idParamsSchema, body: translationInputSchema, response: { 201: taxonomyItemSchema } },
      },
      async (req, reply) =>
        reply.status(201).send(await taxonomy.translate(kind, req.params.id, req.body.language, req.user)),
    );

    app.delete(
      `/${kind}/:id`,
      { ...write, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
      async (req, reply) => {
        await taxonomy.remove(kind, req.params.id, req.user);
        return reply.status(204).send();
      },
    );
  }
};
