import { mailSettingsInputSchema, mailStatusSchema, testMailResultSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** Settings' e-mail part: administrators only (who is told of inquiries, what did not go out, a test message). */
export const mailRoutes: RoutesPlugin = async (app, { services: { mail, settings } }) => {
  const admin = app.requireRole('admin');
  app.get('/settings/mail', { onRequest: admin, schema: { response: { 200: mailStatusSchema } } }, async () =>
    mail.status(),
  );

  app.put(
    '/settings/mail',
    { onRequest: admin, schema: { body: mailSettingsInputSchema, response: { 200: mailStatusSchema } } },
    async (req) => mail.setRecipients(req.body, req.user),
  );

  // Staff wait for the mail server's answer here, so Settings can say at once whether mail works.
  app.post(
    '/settings/mail/test',
    { onRequest: admin, schema: { response: { 200: testMailResultSchema } } },
    async (req) => mail.sendTest((await settings.get()).site_name, req.user),
  );
};
