import { z } from 'zod';
import { CONTENT_MAX } from './limits.js';

/** `POST /site-styles/check`: a page's, tour's or component's HTML as the editor holds it. */
export const styleCheckInputSchema = z.object({
  html: z.string().max(CONTENT_MAX, `HTML must be at most ${CONTENT_MAX} characters`),
});
export type StyleCheckInput = z.infer<typeof styleCheckInputSchema>;

/** Why its `<style type="text/tailwindcss">` blocks would be left out of the site ("This style block was not applied: …"), or null. */
export const styleCheckSchema = z.object({ problem: z.string().nullable() });
export type StyleCheck = z.infer<typeof styleCheckSchema>;
