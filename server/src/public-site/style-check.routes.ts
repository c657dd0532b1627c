import { styleCheckInputSchema, styleCheckSchema } from '@tours-cms/contract';
import type { RoutesPlugin } from '../http/routes-plugin.js';
import { compileDocumentStyles, documentStyleInput } from './styles/site-styles.js';

/** The last answers, by what was compiled: an editor asks again after every pause in typing. */
const checked = new Map<string, Promise<string | null>>();
const CHECKED_KEPT = 100;

/**
 * `POST /site-styles/check`: whether the site would apply an item's `<style type="text/tailwindcss">` blocks, for
 * the editors, which show the answer as "This style block was not applied: …" (issue 27). The same limits and
 * worker as the site's own compile, so what the editor says is what the site does.
 */
export const styleCheckRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/site-styles/check',
    {
      onRequest: app.requireRole('editor'),
      schema: { body: styleCheckInputSchema, response: { 200: styleCheckSchema } },
    },
    async (req) => {
      const own = documentStyleInput(req.body.html);
      if (!own) return { problem: null };
      let problem = checked.get(own.key);
      if (!problem) {
        problem = compileDocumentStyles(own).then(
          () => null,
          (error: unknown) =>
            `This style block was not applied: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (checked.size >= CHECKED_KEPT) checked.delete(checked.keys().next().value!);
        checked.set(own.key, problem);
      }
      return { problem: await problem };
    },
  );
};
