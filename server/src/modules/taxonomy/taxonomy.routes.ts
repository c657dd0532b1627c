import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TAXONOMY_KINDS, idParamsSchema, taxonomyInputSchema } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import * as taxonomy from './taxonomy.service.js';

/** /categories/ and /tags/: the same routes over two tables. Reads need a signed-in user, writes an editor. */
export const taxonomyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const read = { onRequest: app.requireRole('user') };
  const write = { onRequest: app.requireRole('editor') };

  for (const kind of TAXONOMY_KINDS) {
    app.get(`/${kind}/`, read, async () => taxonomy.listTaxonomy(db, kind));

    app.get(`/${kind}/:id`, { ...read, schema: { params: idParamsSchema } }, async (req) =>
      taxonomy.getTaxonomyItem(db, kind, req.params.id),
    );

    app.post(`/${kind}/`, { ...write, schema: { body: taxonomyInputSchema } }, async (req, reply) =>
      reply.status(201).send(await taxonomy.createTaxonomyItem(db, kind, req.body)),
    );

    app.put(`/${kind}/:id`, { ...write, schema: { params: idParamsSchema, body: taxonomyInputSchema } }, async (req) =>
      taxonomy.updateTaxonomyItem(db, kind, req.params.id, req.body),
    );

    app.delete(`/${kind}/:id`, { ...write, schema: { params: idParamsSchema } }, async (req, reply) => {
      await taxonomy.deleteTaxonomyItem(db, kind, req.params.id);
      return reply.status(204).send();
    });
  }
};
