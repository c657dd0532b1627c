import { siteSettingsInputSchema, siteSettingsSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../routes-plugin.js';

/** Every signed-in role may read the settings (the admin shows prices in the currency); only admins change them. */
export const settingsRoutes: RoutesPlugin = async (app, { services: { settings } }) => {
  app.get('/settings', { onRequest: app.requireRole('user'), schema: { response: { 200: siteSettingsSchema } } }, async () => settings.get());

  app.put(
    '/settings',
    { onRequest: app.requireRole('admin'), schema: { body: siteSettingsInputSchema, response: { 200: siteSettingsSchema } } },
    async (req) => settings.update(req.body),
  );
};
