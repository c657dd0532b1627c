import { z } from 'zod';
import {
  departureInputSchema,
  departureInUseSchema,
  departureListQuerySchema,
  departureParamsSchema,
  departureSchema,
  departureSeriesInputSchema,
  departureSeriesResultSchema,
  idParamsSchema,
  noContentSchema,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** A tour's departures: every signed-in role reads them, editors and administrators write them. */
export const departuresRoutes: RoutesPlugin = async (app, { services: { departures } }) => {
  const user = { onRequest: app.requireRole('user') };
  const editor = { onRequest: app.requireRole('editor') };

  app.get(
    '/posts/:id/departures',
    {
      ...user,
      schema: {
        params: idParamsSchema,
        querystring: departureListQuerySchema,
        response: { 200: z.array(departureSchema) },
      },
    },
    async (req) => departures.list(req.params.id, req.query),
  );
  app.post(
    '/posts/:id/departures',
    { ...editor, schema: { params: idParamsSchema, body: departureInputSchema, response: { 201: departureSchema } } },
    async (req, reply) => reply.status(201).send(await departures.create(req.params.id, req.body, req.user)),
  );
  app.post(
    '/posts/:id/departures/series',
    {
      ...editor,
      schema: {
        params: idParamsSchema,
        body: departureSeriesInputSchema,
        response: { 201: departureSeriesResultSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await departures.createSeries(req.params.id, req.body, req.user)),
  );
  app.put(
    '/posts/:id/departures/:departure_id',
    {
      ...editor,
      schema: { params: departureParamsSchema, body: departureInputSchema, response: { 200: departureSchema } },
    },
    async (req) => departures.update(req.params.id, req.params.departure_id, req.body, req.user),
  );
  app.delete(
    '/posts/:id/departures/:departure_id',
    {
      ...editor,
      schema: { params: departureParamsSchema, response: { 204: noContentSchema, 409: departureInUseSchema } },
    },
    async (req, reply) => {
      await departures.remove(req.params.id, req.params.departure_id, req.user);
      return reply.status(204).send();
    },
  );
};
