import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  revisionListQuerySchema,
  revisionListSchema,
  revisionParamsSchema,
  revisionSchema,
  type Revision,
  type RevisionList,
  type SessionUser,
} from '@tours-cms/contract';

/** What an item's service offers for its history. */
export interface HistoryMethods<T> {
  revisions(id: number, page: number): Promise<RevisionList>;
  revision(id: number, revisionId: number): Promise<Revision>;
  restore(id: number, revisionId: number, actor: SessionUser): Promise<T>;
}

/**
 * The three history routes of a versioned resource, the same for posts, pages and components:
 * GET {base}/{id}/revisions?page=, GET {base}/{id}/revisions/{revisionId} (reads) and
 * POST {base}/{id}/revisions/{revisionId}/restore (a write, answering the restored item).
 */
export function registerRevisionRoutes<T>(
  app: FastifyInstance,
  base: string,
  service: HistoryMethods<T>,
  itemSchema: z.ZodType<T>,
  guards: { read: onRequestHookHandler; write: onRequestHookHandler },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    `${base}/:id/revisions`,
    {
      onRequest: guards.read,
      schema: {
        params: revisionParamsSchema.pick({ id: true }),
        querystring: revisionListQuerySchema,
        response: { 200: revisionListSchema },
      },
    },
    async (req) => service.revisions(req.params.id, req.query.page),
  );
  typed.get(
    `${base}/:id/revisions/:revisionId`,
    { onRequest: guards.read, schema: { params: revisionParamsSchema, response: { 200: revisionSchema } } },
    async (req) => service.revision(req.params.id, req.params.revisionId),
  );
  typed.post(
    `${base}/:id/revisions/:revisionId/restore`,
    { onRequest: guards.write, schema: { params: revisionParamsSchema, response: { 200: itemSchema } } },
    async (req) => service.restore(req.params.id, req.params.revisionId, req.user),
  );
}
