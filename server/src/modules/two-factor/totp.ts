import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** Codes of the step before and after now are accepted too: phones' clocks drift, people type slowly. */
const WINDOW = 1;

function totpOf(secretBase32: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret: 160 random bits (RFC 4226's recommendation), base32 as apps take it typed. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an app scans, and the same as a QR code (an SVG document). */
export async function totpEnrolment(
  secretBase32: string,
  issuer: string,
  label: string,
): Promise<{ url: string; qrSvg: string }> {
  const url = totpOf(secretBase32, issuer, label).toString();
  // Loaded when a key is shown, not at start: only two-factor setup draws a QR code.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { url, qrSvg };
}

/**
 * The time step a six-digit code belongs to, when it is the code of now or of a step beside it; null when it is
 * not. Whether that step was already used is the caller's question (a code is accepted once).
 */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 12 base32 characters (60 random bits), shown as `abcd-efgh-ijkl`. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(12);
  let code = '';
  for (const byte of bytes) code += BASE32[byte & 31];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}
