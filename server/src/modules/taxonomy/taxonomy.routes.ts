import { z } from 'zod';
import {
  TAXONOMY_KINDS,
  idParamsSchema,
  noContentSchema,
  taxonomyInputSchema,
  taxonomyItemSchema,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** /categories/ and /tags/: the same routes over two tables. Reads need a signed-in user, writes an editor. */
export const taxonomyRoutes: RoutesPlugin = async (app, { services: { taxonomy } }) => {
  const read = { onRequest: app.requireRole('user') };
  const write = { onRequest: app.requireRole('editor') };

  for (const kind of TAXONOMY_KINDS) {
    app.get(`/${kind}/`, { ...read, schema: { response: { 200: z.array(taxonomyItemSchema) } } }, async () =>
      taxonomy.list(kind),
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
