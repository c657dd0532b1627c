import { siteSettingsInputSchema, siteSettingsSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../../http/routes-plugin.js';

/** Every signed-in role may read the settings (the admin shows prices in the currency); only admins change them. */
export const settingsRoutes: RoutesPlugin = async (app, { services: { settings, revisions } }) => {
  app.get(
    '/settings',
    { onRequest: app.requireRole('user'), schema: { response: { 200: siteSettingsSchema } } },
    async () => settings.get(),
  );

  app.put(
    '/settings',
    {
      onRequest: app.requireRole('admin'),
      schema: { body: siteSettingsInputSchema, response: { 200: siteSettingsSchema } },
    },
    async (req) => {
      const before = await settings.get();
      const saved = await settings.update(req.body, req.user);
      // 'Keep only the newest N versions' applies to the history already kept, not only to the next saves.
      if (saved.revisions_keep !== null && saved.revisions_keep !== before.revisions_keep)
        await revisions.pruneAll(saved.revisions_keep);
      return saved;
    },
  );
};
