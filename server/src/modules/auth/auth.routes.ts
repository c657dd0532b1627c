import multipart from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, registerSchema } from '@tours-cms/contract';
import type { AppContext } from '../../app-context.js';
import { HttpError, badRequest, forbidden } from '../../errors.js';
import * as auth from './auth.service.js';

/**
 * Reads a multipart sign-in form (spec §7) into `req.body`: small text fields only. A malformed form is a 400
 * with a sentence, never the parser's bare error (which has no status and would become a 500).
 */
async function readMultipartFields(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'field') continue;
      if (part.valueTruncated) throw new HttpError(413, 'The request body is too large');
      fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    // Too many parts or a file keep their 413; anything else (no boundary, a cut-off body, a "__proto__"
    // field name, a part declared JSON that is not) is a malformed body.
    if (error instanceof HttpError || (error as FastifyError).statusCode === 413) throw error;
    throw badRequest('The form data could not be read');
  }
  req.body = fields;
}

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await app.register(multipart, { limits: { fields: 10, fieldSize: 4096, files: 0, parts: 10 } });

  app.post('/auth/token', { preValidation: readMultipartFields, schema: { body: loginSchema } }, async (req) =>
    auth.issueToken(ctx, req.body, req.ip),
  );

  app.get('/auth/me', { onRequest: app.requireRole('user') }, async (req) => req.user!);

  app.post('/auth/logout', { onRequest: app.requireRole('user') }, async (req, reply) => {
    await auth.revokeToken(ctx, req.tokenHash!);
    return reply.status(204).send();
  });

  // Refused before validation: while registration is off, no body gets an answer other than 403.
  const registrationOpen = async () => {
    if (!ctx.config.allowRegistration) throw forbidden('Registration is disabled');
  };
  app.post('/auth/register', { preValidation: registrationOpen, schema: { body: registerSchema } }, async (req, reply) =>
    reply.status(201).send(await auth.register(ctx, req.body)),
  );
};
