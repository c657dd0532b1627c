/*
 * The key two-factor secrets are encrypted with, as the environment and the data folder write it: read by the
 * configuration (SECRETS_KEY) and by the secret box (the key file), so it sits below both.
 */

/** Bytes of an AES-256 key. */
export const SECRETS_KEY_BYTES = 32;

/** A 32-byte key written in base64 (`openssl rand -base64 32`) or hex; null for anything else. */
export function parseSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === SECRETS_KEY_BYTES ? key : null;
}
