import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdPreviewLinkSchema,
  idParamsSchema,
  noContentSchema,
  previewLinkInputSchema,
  previewLinkParamsSchema,
  previewLinkSchema,
  type CreatedPreviewLink,
  type PreviewLink,
  type SessionUser,
} from '@tours-cms/contract';

/** What an item's service offers for its draft preview links. */
export interface PreviewMethods {
  previewLinks(id: number): Promise<PreviewLink[]>;
  createPreviewLink(id: number, days: number, actor: SessionUser): Promise<CreatedPreviewLink>;
  revokePreviewLink(id: number, previewId: number, actor: SessionUser): Promise<void>;
}

/** The preview-link routes of posts and pages: list (reads), make and revoke (writes). */
export function registerPreviewLinkRoutes(
  app: FastifyInstance,
  base: string,
  service: PreviewMethods,
  guards: { read: onRequestHookHandler; write: onRequestHookHandler },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    `${base}/:id/previews`,
    { onRequest: guards.read, schema: { params: idParamsSchema, response: { 200: z.array(previewLinkSchema) } } },
    async (req) => service.previewLinks(req.params.id),
  );
  typed.post(
    `${base}/:id/previews`,
    {
      onRequest: guards.write,
      schema: { params: idParamsSchema, body: previewLinkInputSchema, response: { 201: createdPreviewLinkSchema } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createPreviewLink(req.params.id, req.body.expires_in_days, req.user)),
  );
  typed.delete(
    `${base}/:id/previews/:previewId`,
    { onRequest: guards.write, schema: { params: previewLinkParamsSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await service.revokePreviewLink(req.params.id, req.params.previewId, req.user);
      return reply.status(204).send();
    },
  );
}
