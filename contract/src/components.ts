import { z } from 'zod';
import { expectedVersionSchema } from './revisions.js';
import { COMPONENT_KEY_MAX, CONTENT_MAX, DESCRIPTION_MAX, NAME_MAX } from './limits.js';
import { idSchema, nullableText, optionalText, requiredText, slugSchema, timestampsSchema } from './common.js';
import {
  COMPONENT_LINK_STATUSES,
  itemLanguageInputSchema,
  languageFilterSchema,
  translatedReferenceShape,
  textUpdatedAtSchema,
} from './languages.js';
import { defineFields, snapshotOf, type Snapshot, type SnapshotSource } from './fields.js';

/** The parts of the website a common component can be. */
export const COMPONENT_TYPES = ['header', 'footer', 'navigation', 'sidebar'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export const DEFAULT_COMPONENT_TYPE: ComponentType = 'header';
export const COMPONENT_TYPE_LABELS: Record<ComponentType, string> = {
  header: 'Header',
  footer: 'Footer',
  navigation: 'Navigation',
  sidebar: 'Sidebar',
};

/** Appended to the name of a duplicated component: "Main header" → "Main header (copy)". */
export const COMPONENT_COPY_SUFFIX = ' (copy)';

/** The error the builder shows when the name or the content is blank. */
export const COMPONENT_REQUIRED_MESSAGE = 'Component Name and Content are required';

/**
 * POST /components/ and PUT /components/{id}: name, type, content, description, is_common, is_active.
 * The slug is optional: without one the server makes it from the name. Content is HTML kept exactly as sent
 * (scripts included: they only ever run inside sandboxed frames), so it is not trimmed.
 */
export const componentInputSchema = z.object({
  name: requiredText('Name', NAME_MAX),
  slug: slugSchema.optional(),
  type: z
    .enum(COMPONENT_TYPES, { message: `Type must be one of ${COMPONENT_TYPES.join(', ')}` })
    .default(DEFAULT_COMPONENT_TYPE),
  content: z
    .string({ message: 'Content is required' })
    .max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX} characters`)
    .refine((value) => value.trim() !== '', 'Content is required'),
  description: optionalText(DESCRIPTION_MAX),
  is_common: z.boolean({ message: 'is_common must be true or false' }).default(true),
  is_active: z.boolean({ message: 'is_active must be true or false' }).default(true),
  /** The version the editor loaded (PUT): a save against a newer one answers 409. Never stored from here. */
  version: expectedVersionSchema,
  /** The component's language (issue 30): on create one of the site's languages, the default if absent; a PUT keeps it. */
  language: itemLanguageInputSchema,
});
/** What a client sends. */
export type ComponentInput = z.input<typeof componentInputSchema>;
/** The parsed input: defaults applied, a blank description turned to null. */
export type ComponentData = z.output<typeof componentInputSchema>;

/**
 * A component's fields (fields.ts), in the order the history diff lists them. Its slug follows its name and is
 * kept by versions, but neither shown in the diff nor named in the activity log.
 */
export const componentFields = defineFields<Omit<ComponentData, 'version' | 'language'>>()({
  name: { label: 'Component Name', kind: 'text', required: true, log: 'name' },
  slug: { label: 'Slug', kind: 'slug', diff: false, log: false },
  // A translation group is one header (or footer...) in several languages: its type and common flag are the group's;
  // each language's is switched on or off on its own (a translation starts off, so it takes over that language's
  // pages only once it is translated and switched on).
  type: { label: 'Type', kind: 'choice', translated: false },
  description: { label: 'Description', kind: 'text' },
  is_common: { label: 'Common component', kind: 'flag', log: 'common flag' },
  is_active: { label: 'Active', kind: 'flag', log: 'active flag', translated: true },
  content: { label: 'Content', kind: 'code', required: true },
});
export type ComponentFields = typeof componentFields;
/** What a component's version keeps: its fields as its input takes them. */
export type ComponentSnapshot = Snapshot<ComponentData, ComponentFields>;

/** A component's fields as its versions keep them (flags as booleans, whether read from the API or from a 0/1 row). */
export function componentSnapshot(component: SnapshotSource<ComponentData, ComponentFields>): ComponentSnapshot {
  return snapshotOf<ComponentData, typeof componentFields>(componentFields, component);
}

/** GET /components/?is_common=true|false: an optional filter on the common flag. */
export const componentListQuerySchema = z.object({
  is_common: z.enum(['true', 'false'], { message: 'is_common must be true or false' }).optional(),
  /** Only the components in this language (issue 30); absent, every language. */
  language: languageFilterSchema,
});

/** GET /components/{id or slug}: digits are tried as an id first, then as a slug. */
export const componentKeyParamsSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'An id or a slug is required')
    .max(COMPONENT_KEY_MAX, `An id or a slug is at most ${COMPONENT_KEY_MAX} characters`),
});

/** A common component (header, footer, navigation or sidebar) as the API answers it. */
export const componentSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  type: z.enum(COMPONENT_TYPES),
  content: z.string(),
  description: nullableText,
  is_common: z.boolean(),
  is_active: z.boolean(),
  /** 1 on create, one more on every save (decisions §13). */
  version: z.number().int(),
  ...timestampsSchema.shape,
  /** When its text last changed, or it was last saved as a translation (issue 30: what "out of date" compares). */
  text_updated_at: textUpdatedAtSchema,
  /**
   * Its language and the other languages of the same component: `status` is `active` or `inactive`, and
   * `text_updated_at` tells the Component manager's cards which are out of date.
   */
  ...translatedReferenceShape(z.string(), z.enum(COMPONENT_LINK_STATUSES)),
  translations: z.array(
    z.object({
      id: idSchema,
      language: z.string(),
      slug: z.string(),
      status: z.enum(COMPONENT_LINK_STATUSES),
      text_updated_at: textUpdatedAtSchema,
    }),
  ),
});
export type Component = z.infer<typeof componentSchema>;
