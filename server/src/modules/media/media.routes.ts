import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import { receiveUpload } from './media-upload.js';
import * as media from './media.service.js';

/** Spec §7 media calls. Reads need a signed-in user, uploads and deletes an editor. */
export const mediaRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Multipart is parsed in this plugin's own context, in stream mode: receiveUpload reads the parts itself.
  await app.register(multipart);
  // The public site caches rendered pages, which show featured images (server/src/public-site): every successful
  // write here tells it, before the answer leaves (a deleted image leaves its pages without one).
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) ctx.siteChanges.changed('media');
  });
  const editor = { onRequest: app.requireRole('editor') };
  const user = { onRequest: app.requireRole('user') };

  app.get('/media/', user, async () => media.listMedia(ctx));

  app.get('/media/settings', user, async () => media.mediaSettings(ctx));

  app.get('/media/:id', { ...user, schema: { params: idParamsSchema } }, async (req) => media.getMedia(ctx, req.params.id));

  // An upload refused before its body was read to the end (sign-in, size, type) closes the connection rather
  // than read and discard up to MAX_UPLOAD_MB more.
  const closeIfUnread = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.raw.readableEnded) reply.header('Connection', 'close');
  };

  app.post('/media/upload', { ...editor, onSend: closeIfUnread }, async (req, reply) => {
    const upload = await receiveUpload(req, ctx.mediaStorage, ctx.config.maxUploadBytes);
    return reply.status(201).send(await media.storeUpload(ctx, upload, req.user!.id));
  });

  app.delete('/media/:id', { ...editor, schema: { params: idParamsSchema } }, async (req, reply) => {
    await media.deleteMedia(ctx, req.params.id);
    return reply.status(204).send();
  });
};
