import { z } from 'zod';
import { DESCRIPTION_MAX, NAME_MAX, SHORT_TEXT_MAX, URL_MAX } from './limits.js';
import { idSchema, nullableText, optionalText, requiredText, timestampsSchema } from './common.js';
import { defineFields } from './fields.js';
import { escapeHtml } from './media-embed.js';

export const MODULE_TYPES = ['banner', 'heading', 'video', 'button', 'text'] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];
export const DEFAULT_MODULE_TYPE: ModuleType = 'banner';
export const MODULE_TYPE_LABELS: Record<ModuleType, string> = {
  banner: 'Banner',
  heading: 'Heading',
  video: 'Video',
  button: 'Button',
  text: 'Text',
};

/** True for an absolute http(s) URL; `javascript:`, `data:` and relative forms are not links we publish. */
function isHttpUrl(value: string): boolean {
  return z.url({ protocol: /^https?$/ }).safeParse(value).success;
}

/** An optional absolute http(s) URL: blank is stored as null, anything else must be a web address. */
function optionalHttpUrl(label: string) {
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters`)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine(
      (value) => value === null || isHttpUrl(value),
      `${label} must be a web address starting with http:// or https://`,
    );
}

/**
 * POST /modules/ and PUT /modules/{id}: name and type are both required. Banner is only the form's starting
 * choice (DEFAULT_MODULE_TYPE); a client that sends no type is told so rather than given a banner.
 */
export const moduleInputSchema = z.object({
  name: requiredText('Name', NAME_MAX),
  type: z.enum(MODULE_TYPES, {
    error: (issue) =>
      issue.input === undefined ? 'Type is required' : `Type must be one of ${MODULE_TYPES.join(', ')}`,
  }),
  heading: optionalText(SHORT_TEXT_MAX),
  subtitle: optionalText(SHORT_TEXT_MAX),
  description: optionalText(DESCRIPTION_MAX),
  video_url: optionalHttpUrl('Video URL'),
  button_label: optionalText(SHORT_TEXT_MAX),
  button_link: optionalHttpUrl('Button link'),
});
export type ModuleInput = z.input<typeof moduleInputSchema>;
/** The parsed input: blanks turned to null. */
export type ModuleData = z.output<typeof moduleInputSchema>;

/** A module's fields (fields.ts): the form's labels and the activity log's names. Modules keep no versions. */
export const moduleFields = defineFields<ModuleData>()({
  name: { label: 'Name', kind: 'text', required: true },
  type: { label: 'Type', kind: 'choice' },
  heading: { label: 'Heading', kind: 'text' },
  subtitle: { label: 'Subtitle', kind: 'text' },
  description: { label: 'Description', kind: 'text' },
  video_url: { label: 'Video URL', kind: 'text', log: 'video URL' },
  button_label: { label: 'Button Label', kind: 'text' },
  button_link: { label: 'Button Link', kind: 'text' },
});
export type ModuleFields = typeof moduleFields;

/** A reusable building block of the website, as the API answers it. */
export const moduleSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: z.enum(MODULE_TYPES),
  heading: nullableText,
  subtitle: nullableText,
  description: nullableText,
  video_url: nullableText,
  button_label: nullableText,
  button_link: nullableText,
  ...timestampsSchema.shape,
});
export type Module = z.infer<typeof moduleSchema>;

/**
 * Where an editor places a module in a page's or a tour's content: the site renders the module there as it is at
 * the time (server module-blocks.ts); the text only names it for the editor.
 */
export function modulePlacementHtml(module: Pick<Module, 'id' | 'name'>): string {
  return `<div data-module="${module.id}" contenteditable="false">${escapeHtml(modulePlacementLabel(module.name))}</div>`;
}

/** What a placed module shows in the editors. */
export function modulePlacementLabel(name: string): string {
  return `Module: ${name}`;
}
