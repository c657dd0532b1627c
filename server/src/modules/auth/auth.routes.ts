import multipart from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  currentUserSchema,
  loginSchema,
  noContentSchema,
  registerSchema,
  registrationReceivedSchema,
  tokenResponseSchema,
  twoFactorChallengeSchema,
  twoFactorSignInSchema,
} from '@tours-cms/contract';
import { HttpError, badRequest } from '../../core/errors.js';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/**
 * Reads a multipart sign-in form into `req.body`: small text fields only. A malformed form is a 400
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

/**
 * Sign-in and registration bodies are a few short fields: anything bigger is refused (413) before it is read
 * whole, so an anonymous client cannot make the server parse megabytes of JSON per attempt.
 */
export const AUTH_BODY_MAX_BYTES = 8 * 1024;

/** Where a sign-in comes from: kept with the session it starts and in the activity log. */
const clientOf = (req: FastifyRequest) => ({ address: req.ip, userAgent: req.headers['user-agent'] ?? null });

export const authRoutes: RoutesPlugin = async (app, { services: { auth } }) => {
  await app.register(multipart, { limits: { fields: 10, fieldSize: 4096, files: 0, parts: 10 } });
  // Open to a user who must still set up two-factor sign-in: who they are, and signing out.
  const signedIn = { onRequest: app.requireRole('user'), config: { duringTwoFactorSetup: true } };

  // The token, or for an account with two-factor sign-in on a challenge for the second step (decisions §14).
  app.post(
    '/auth/token',
    {
      preValidation: readMultipartFields,
      bodyLimit: AUTH_BODY_MAX_BYTES,
      schema: { body: loginSchema, response: { 200: z.union([tokenResponseSchema, twoFactorChallengeSchema]) } },
    },
    async (req) => auth.signIn(req.body, clientOf(req)),
  );

  app.post(
    '/auth/token/two-factor',
    {
      preValidation: readMultipartFields,
      bodyLimit: AUTH_BODY_MAX_BYTES,
      schema: { body: twoFactorSignInSchema, response: { 200: tokenResponseSchema } },
    },
    async (req) => auth.signInWithCode(req.body, clientOf(req)),
  );

  app.get('/auth/me', { ...signedIn, schema: { response: { 200: currentUserSchema } } }, async (req) =>
    auth.me(req.user, req.twoFactor!),
  );

  app.post('/auth/logout', { ...signedIn, schema: { response: { 204: noContentSchema } } }, async (req, reply) => {
    await auth.signOut(req.tokenHash!, req.user);
    return reply.status(204).send();
  });

  app.post(
    '/auth/register',
    {
      preValidation: async () => auth.assertRegistrationOpen(),
      bodyLimit: AUTH_BODY_MAX_BYTES,
      schema: { body: registerSchema, response: { 202: registrationReceivedSchema } },
    },
    async (req, reply) => reply.status(202).send(await auth.register(req.body, req.ip)),
  );
};
