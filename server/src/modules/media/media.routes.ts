import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  asksForPage,
  idParamsSchema,
  mediaFoldersSchema,
  mediaListPageSchema,
  mediaListQuerySchema,
  mediaUpdateSchema,
  mediaDeleteQuerySchema,
  mediaInUseSchema,
  mediaItemSchema,
  mediaListItemSchema,
  mediaSettingsSchema,
  mediaUseSchema,
  noContentSchema,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';
import { parseListQuery } from '../../list-paging.js';
import { drainRefusedBody } from '../../media/drain-refused-body.js';
import { receiveUpload } from './media-upload.js';

/** The media library's calls. Reads need a signed-in user, uploads and deletes an editor. */
export const mediaRoutes: RoutesPlugin = async (app, { config, services: { media } }) => {
  // Multipart is parsed in this plugin's own context, in stream mode: receiveUpload reads the parts itself.
  await app.register(multipart);
  const editor = { onRequest: app.requireRole('editor') };
  const user = { onRequest: app.requireRole('user') };

  // Without parameters the spec's whole array; with any, a page searched and filtered here (issue 26).
  app.get(
    '/media/',
    { ...user, schema: { response: { 200: z.union([z.array(mediaListItemSchema), mediaListPageSchema]) } } },
    async (req) => {
      if (!asksForPage(req.query)) return media.list();
      return media.listPage(parseListQuery('media', mediaListQuerySchema, req.query));
    },
  );

  app.get('/media/folders', { ...user, schema: { response: { 200: mediaFoldersSchema } } }, async () =>
    media.folders(),
  );

  app.get('/media/settings', { ...user, schema: { response: { 200: mediaSettingsSchema } } }, async () =>
    media.settings(),
  );

  app.get(
    '/media/:id',
    { ...user, schema: { params: idParamsSchema, response: { 200: mediaItemSchema } } },
    async (req) => media.get(req.params.id),
  );

  app.put(
    '/media/:id',
    { ...editor, schema: { params: idParamsSchema, body: mediaUpdateSchema, response: { 200: mediaItemSchema } } },
    async (req) => media.update(req.params.id, req.body, req.user),
  );

  app.get(
    '/media/:id/usage',
    { ...user, schema: { params: idParamsSchema, response: { 200: z.array(mediaUseSchema) } } },
    async (req) => media.uses(req.params.id),
  );

  // An upload answered before its body was read to the end (sign-in, role, size, type) reads and discards the
  // rest, so the client sees the answer rather than a broken connection (drain-refused-body.ts).
  const drainIfUnread = async (req: FastifyRequest, reply: FastifyReply) =>
    drainRefusedBody(req, reply, 2 * config.maxUploadBytes);

  app.post(
    '/media/upload',
    { ...editor, config: { longBody: true }, onSend: drainIfUnread, schema: { response: { 201: mediaItemSchema } } },
    async (req, reply) => {
      const upload = await receiveUpload(req, media.storage, config.maxUploadBytes);
      return reply.status(201).send(await media.store(upload, req.user));
    },
  );

  // A new file under the same address: every page and component that shows the item shows the new file.
  app.post(
    '/media/:id/file',
    {
      ...editor,
      config: { longBody: true },
      onSend: drainIfUnread,
      schema: { params: idParamsSchema, response: { 200: mediaItemSchema } },
    },
    async (req) =>
      media.replaceFile(req.params.id, await receiveUpload(req, media.storage, config.maxUploadBytes), req.user),
  );

  // Into the trash; an item in use only once the staff member has been told what uses it (409 names them).
  app.delete(
    '/media/:id',
    {
      ...editor,
      schema: {
        params: idParamsSchema,
        querystring: mediaDeleteQuerySchema,
        response: { 204: noContentSchema, 409: mediaInUseSchema },
      },
    },
    async (req, reply) => {
      await media.remove(req.params.id, req.user, { inUseConfirmed: req.query.in_use === 'confirmed' });
      return reply.status(204).send();
    },
  );
};
