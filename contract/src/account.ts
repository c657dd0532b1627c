import { z } from 'zod';
import { FULL_NAME_MAX, PASSWORD_MAX, RECOVERY_CODE_COUNT } from './limits.js';
import { idSchema, nullableText, optionalText } from './common.js';
import { ROLES, emailSchema, passwordSchema } from './users.js';

/**
 * The signed-in user's own account (issue 13): profile, password, two-factor sign-in (TOTP, RFC 6238) and
 * sessions. Two-factor sign-in takes two calls: POST /auth/token answers a challenge instead of a token for an
 * account with it on (decisions §14), and POST /auth/token/two-factor exchanges the challenge and a code for the
 * token.
 */

/** POST /auth/token's answer for an account with two-factor sign-in on: no token yet. */
export const twoFactorChallengeSchema = z.object({ two_factor_required: z.literal(true), challenge: z.string() });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/**
 * POST /auth/token/two-factor: the challenge and a code from the authenticator app, or a recovery code. Only
 * bounded here: the server checks the forms itself, so that a malformed code counts toward the throttle too.
 */
export const twoFactorSignInSchema = z.object({
  challenge: z
    .string({ message: 'Challenge is required' })
    .min(1, 'Challenge is required')
    .max(200, 'Challenge is too long'),
  code: z.string({ message: 'Code is required' }).trim().min(1, 'Code is required').max(100, 'Code is too long'),
});
export type TwoFactorSignInInput = z.infer<typeof twoFactorSignInSchema>;

/** A code from an authenticator app: six digits (spaces between groups are allowed and dropped). */
export function normalizeTotpCode(code: string): string | null {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code as shown (`abcd-efgh-ijkl`) or typed without dashes, spaces or capitals; null otherwise. */
export function normalizeRecoveryCode(code: string): string | null {
  const plain = code.replace(/[\s-]+/g, '').toLowerCase();
  return /^[a-z2-7]{12}$/.test(plain) ? plain : null;
}

/** GET /account: what the Account screen shows of the signed-in user. */
export const accountSchema = z.object({
  id: idSchema,
  username: z.string(),
  full_name: nullableText,
  email: z.string(),
  role: z.enum(ROLES),
  two_factor_enabled: z.boolean(),
  /** The user's role requires two-factor sign-in (Settings): it cannot be turned off. */
  two_factor_required: z.boolean(),
  /** Recovery codes not yet used. */
  recovery_codes_left: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

const currentPasswordSchema = z
  .string({ message: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX * 4, 'Password is too long');

/**
 * PUT /account/profile: one's own name and e-mail (the username and role are an administrator's business). A new
 * e-mail address needs the current password too: it is where a password reset would go.
 */
export const profileInputSchema = z.object({
  full_name: optionalText(FULL_NAME_MAX),
  email: emailSchema,
  current_password: z
    .string()
    .max(PASSWORD_MAX * 4, 'Password is too long')
    .optional(),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

/** PUT /account/password: the current password proves it is the owner; every other session ends. */
export const passwordChangeSchema = z.object({
  current_password: currentPasswordSchema,
  new_password: passwordSchema,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** What turning two-factor sign-in off, or making new recovery codes, asks for: the password again. */
export const passwordConfirmSchema = z.object({ password: currentPasswordSchema });
export type PasswordConfirmInput = z.input<typeof passwordConfirmSchema>;

/** POST /account/two-factor/setup: a new secret to scan (QR code) or type (the secret as text). */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG document. */
  qr_code_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/**
 * POST /account/two-factor/enable: the first code from the app confirms that it holds the secret, and the password
 * that it is the account's owner (not someone at a browser left signed in) who binds the account to a phone.
 */
export const twoFactorEnableSchema = z.object({
  code: z.string({ message: 'Code is required' }).trim().min(1, 'Code is required').max(20, 'Code is too long'),
  password: currentPasswordSchema,
});
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;

/** The recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** One session (a token) of a user, as the Account and Users screens list them. */
export const sessionSchema = z.object({
  id: idSchema,
  created_at: z.string(),
  last_used_at: z.string(),
  ip_address: nullableText,
  user_agent: nullableText,
  /** The session this request was made with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** How many sessions a request ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

/** A short name for a browser from its user agent ("Chrome on Linux"), or the user agent's start. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /(Chrome|Chromium)\//.test(userAgent)
          ? /HeadlessChrome/.test(userAgent)
            ? 'Headless Chrome'
            : 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
