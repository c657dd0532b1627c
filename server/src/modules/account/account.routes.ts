import {
  accountSchema,
  noContentSchema,
  passwordChangeSchema,
  passwordConfirmSchema,
  profileInputSchema,
  recoveryCodesSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
} from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** The Account screen of every signed-in user: their profile, password and two-factor sign-in. */
export const accountRoutes: RoutesPlugin = async (app, { services: { account } }) => {
  const signedIn = { onRequest: app.requireRole('user') };
  // Reachable by a user whose role requires two-factor sign-in before they have set it up: it is how they do.
  const setup = { ...signedIn, config: { duringTwoFactorSetup: true } };

  app.get('/account', { ...setup, schema: { response: { 200: accountSchema } } }, async (req) => account.get(req.user));

  app.put(
    '/account/profile',
    { ...signedIn, schema: { body: profileInputSchema, response: { 200: accountSchema } } },
    async (req) => account.updateProfile(req.user, req.body),
  );

  // Every other session ends; this one stays.
  app.put(
    '/account/password',
    { ...signedIn, schema: { body: passwordChangeSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await account.changePassword(req.user, req.body, req.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/account/two-factor/setup',
    { ...setup, schema: { response: { 200: twoFactorSetupSchema } } },
    async (req) => account.beginTwoFactorSetup(req.user),
  );

  // The first code turns it on and answers the recovery codes, once.
  // With the password too; every other session of the user ends.
  app.post(
    '/account/two-factor/enable',
    { ...setup, schema: { body: twoFactorEnableSchema, response: { 200: recoveryCodesSchema } } },
    async (req) => account.enableTwoFactor(req.user, req.body, req.sessionId),
  );

  app.post(
    '/account/two-factor/disable',
    { ...signedIn, schema: { body: passwordConfirmSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await account.disableTwoFactor(req.user, req.body.password);
      return reply.status(204).send();
    },
  );

  app.post(
    '/account/two-factor/recovery-codes',
    { ...signedIn, schema: { body: passwordConfirmSchema, response: { 200: recoveryCodesSchema } } },
    async (req) => account.renewRecoveryCodes(req.user, req.body.password),
  );
};
