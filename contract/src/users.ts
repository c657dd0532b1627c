import { z } from 'zod';
import { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './limits.js';
import { idSchema, nullableText, optionalText, timestampsSchema } from './common.js';

export const ROLES = ['admin', 'editor', 'user'] as const;
export type Role = (typeof ROLES)[number];
const DEFAULT_ROLE: Role = 'user';
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', editor: 'Editor', user: 'User' };

/** Higher ranks include the rights of lower ones: admin ⊃ editor ⊃ user. */
const ROLE_RANK: Record<Role, number> = { user: 0, editor: 1, admin: 2 };

/** True when a user of role `role` may act with the rights of `required`. */
export function hasRole(role: Role, required: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[required];
}

export const usernameSchema = z
  .string({ message: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, hyphens and underscores');

export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const roleSchema = z.enum(ROLES, { message: 'Role must be one of admin, editor, user' });

/** POST /users/ */
export const userCreateSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  full_name: optionalText(FULL_NAME_MAX),
  password: passwordSchema,
  role: roleSchema.default(DEFAULT_ROLE),
  is_active: z.boolean().default(true),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** PUT /users/{id}: the password is optional, and an empty one keeps the current password. */
export const userUpdateSchema = userCreateSchema.extend({
  password: z
    .union([z.literal(''), passwordSchema])
    .nullish()
    .transform((value) => (value ? value : undefined)),
  is_active: z.boolean().optional(),
  role: roleSchema.optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** A managed user as the API answers it: never a password or its hash. */
export const userSchema = z.object({
  id: idSchema,
  username: z.string(),
  email: z.string(),
  full_name: nullableText,
  role: z.enum(ROLES),
  is_active: z.boolean(),
  /** Whether the account signs in with a second factor (an administrator may reset it). */
  two_factor_enabled: z.boolean(),
  ...timestampsSchema.shape,
});
export type User = z.infer<typeof userSchema>;

/** GET /auth/me: the signed-in user. */
export const sessionUserSchema = userSchema.pick({
  id: true,
  username: true,
  full_name: true,
  email: true,
  role: true,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * GET /auth/me: the signed-in user and the state of their second factor. `two_factor_setup_required` is true
 * while their role requires two-factor sign-in and they have not set it up: until then the server answers 403
 * to everything but the Account screen's setup, and the admin sends them there.
 */
export const currentUserSchema = sessionUserSchema.extend({
  two_factor_enabled: z.boolean(),
  two_factor_setup_required: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** POST /auth/register: open sign-up, off unless ALLOW_REGISTRATION=true; the role is always `user`. */
export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  full_name: optionalText(FULL_NAME_MAX),
  password: passwordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

/**
 * The answer to every accepted registration, whether or not the username or e-mail already had an account (so
 * the form cannot be used to find out who has one). New accounts wait for an administrator to activate them.
 */
export const REGISTRATION_RECEIVED =
  'Thank you. An administrator will review your registration; you can sign in once it is approved.';
export const registrationReceivedSchema = z.object({ detail: z.literal(REGISTRATION_RECEIVED) });
export type RegistrationReceived = z.infer<typeof registrationReceivedSchema>;
