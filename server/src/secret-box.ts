import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from './config.js';
import { parseSecretsKey, SECRETS_KEY_BYTES } from './core/secrets-key.js';

export { parseSecretsKey } from './core/secrets-key.js';

/** The key file a single node (SQLite) generates in DATA_DIR on its first start when SECRETS_KEY is not set. */
export const SECRETS_KEY_FILE = 'secrets.key';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value this server's keys cannot open: made with another key, or damaged. */
export class SecretUnreadable extends Error {}

/** What a stored value is to this server's keys. */
export type SealState = 'current' | 'previous' | 'plain' | 'unreadable';

/**
 * Secrets at rest (two-factor secrets): AES-256-GCM with a random IV per value, written `v1:<key id>:<iv>:<data>`
 * (base64url), so a value names the key that sealed it and a key can be replaced: values under a previous key
 * are opened with it and sealed again under the current one. `context` is bound to the value (GCM's additional
 * data), so a value copied to another user's row does not open there.
 */
export interface SecretBox {
  /** The current key's id, as sealed values carry it. */
  readonly keyId: string;
  seal(plain: string, context: string): string;
  /** The value as it was sealed; a value that is not sealed at all (from before encryption) as it is. */
  open(stored: string, context: string): string;
  state(stored: string, context: string): SealState;
}

/** A key's id: the first 8 hex digits of a hash of it (naming it without revealing it). */
function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('tours-cms secrets key id:').update(key).digest('hex').slice(0, 8);
}

export function createSecretBox(current: Buffer, previous: readonly Buffer[] = []): SecretBox {
  const keys = new Map<string, Buffer>([
    [keyIdOf(current), current],
    ...previous.map((key): [string, Buffer] => [keyIdOf(key), key]),
  ]);
  const keyId = keyIdOf(current);

  function parts(stored: string): { id: string; iv: Buffer; data: Buffer } | null {
    const [format, id, iv, data, ...rest] = stored.split(':');
    if (format !== FORMAT || !id || !iv || !data || rest.length) return null;
    return { id, iv: Buffer.from(iv, 'base64url'), data: Buffer.from(data, 'base64url') };
  }

  function decrypt(stored: string, context: string): { plain: string; id: string } {
    const sealed = parts(stored);
    const key = sealed && keys.get(sealed.id);
    if (!sealed || !key || sealed.iv.length !== IV_BYTES || sealed.data.length < TAG_BYTES)
      throw new SecretUnreadable('This secret was sealed with a key this server does not have');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(sealed.data.subarray(sealed.data.length - TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(sealed.data.subarray(0, sealed.data.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return { plain: plain.toString('utf8'), id: sealed.id };
    } catch {
      throw new SecretUnreadable('This secret does not open with its key: it was altered or belongs elsewhere');
    }
  }

  return {
    keyId,
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${FORMAT}:${keyId}:${iv.toString('base64url')}:${data.toString('base64url')}`;
    },
    open(stored, context) {
      return stored.startsWith(`${FORMAT}:`) ? decrypt(stored, context).plain : stored;
    },
    state(stored, context) {
      if (!stored.startsWith(`${FORMAT}:`)) return 'plain';
      try {
        return decrypt(stored, context).id === keyId ? 'current' : 'previous';
      } catch {
        return 'unreadable';
      }
    },
  };
}

/**
 * The box of this server's keys: SECRETS_KEY (and SECRETS_KEY_PREVIOUS, for values sealed before a rotation).
 * Without SECRETS_KEY, on SQLite (one node), the key in DATA_DIR's `secrets.key`, made on the first start (readable
 * by its owner only); a key file left from before SECRETS_KEY was set still opens what it sealed. PostgreSQL means
 * several nodes, each with a data folder of its own, so none can make the key alone: without SECRETS_KEY the server
 * (and a restore) stops with a ConfigError naming it.
 */
export function loadSecretBox(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'secretsKey' | 'secretsKeyPrevious'>,
): SecretBox {
  if (config.databaseUrl && !config.secretsKey) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRETS_KEY: is required with DATABASE_URL (PostgreSQL: every node must encrypt two-factor secrets with the same key, and no node can make it alone): generate one with `openssl rand -base64 32` and give every node the same',
    );
  }
  const file = path.join(config.dataDir, SECRETS_KEY_FILE);
  const previous = config.secretsKeyPrevious ? [config.secretsKeyPrevious] : [];
  if (config.secretsKey) {
    const fileKey = readKeyFile(file);
    return createSecretBox(config.secretsKey, fileKey ? [...previous, fileKey] : previous);
  }
  let key = readKeyFile(file);
  if (!key) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, `${randomBytes(SECRETS_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    key = readKeyFile(file);
    if (!key) throw new Error(`${file} does not hold a ${SECRETS_KEY_BYTES}-byte key in base64`);
  }
  return createSecretBox(key, previous);
}

function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = parseSecretsKey(text);
  if (!key)
    throw new Error(
      `${file} does not hold a ${SECRETS_KEY_BYTES}-byte key in base64 or hex: restore it from where you keep it, or remove it (two-factor sign-in must then be set up again)`,
    );
  return key;
}
