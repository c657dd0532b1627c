import { z } from 'zod';
import { isIP } from 'node:net';
import path from 'node:path';
import { emailSchema, passwordSchema, usernameSchema } from '@tours-cms/contract';
import { parseSecretsKey } from './core/secrets-key.js';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const positiveInt = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .optional()
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .refine((value) => value > 0, 'must be greater than 0');

/** An IP address, a CIDR range, or one of proxy-addr's names for address ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const secretsKey = z.string().transform((value, ctx) => {
  if (value.trim() === '') return null;
  const key = parseSecretsKey(value);
  if (!key) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be 32 random bytes in base64 or hex: generate one with `openssl rand -base64 32`',
    });
    return z.NEVER;
  }
  return key;
});

/** A host name or address with an optional port, as a Host header carries it. */
export const SITE_HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

const envSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a port number')
    .optional()
    .transform((v) => (v === undefined ? 3000 : Number(v)))
    .refine((v) => v >= 0 && v < 65536, 'must be between 0 and 65535'),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || /^postgres(ql)?:\/\//.test(v),
      'must start with postgres:// (leave it unset for SQLite)',
    ),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a lowercase SQL identifier')
    .optional(),
  // The Users screen's own rules, so the first admin can be edited there without first being renamed.
  ADMIN_USERNAME: usernameSchema.default('admin'),
  ADMIN_PASSWORD: passwordSchema.optional(),
  ADMIN_EMAIL: emailSchema.default('admin@example.com'),
  ALLOW_REGISTRATION: booleanFlag(false),
  SEED_DEMO: booleanFlag(true),
  MAX_UPLOAD_MB: positiveInt(200),
  SITE_CACHE_MB: positiveInt(64),
  PUBLIC_ORIGIN: z
    .url({ message: 'must be an absolute URL such as https://tours.example.com' })
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  // The host names the public site answers under (its documents name them in absolute URLs), when PUBLIC_ORIGIN
  // is not set: a request for another Host gets the first of them. Never the client's own choice.
  SITE_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((host) => SITE_HOST_PATTERN.test(host)),
      'must be host names, with an optional :port, separated by commas',
    ),
  TOKEN_TTL_HOURS: positiveInt(24 * 7),
  LOGIN_MAX_FAILURES: positiveInt(10),
  LOGIN_WINDOW_MINUTES: positiveInt(15),
  CONTACT_MAX_PER_HOUR: positiveInt(20),
  // How long a request body (anything but an upload) may take to arrive before the connection is closed with 408.
  REQUEST_BODY_TIMEOUT_SECONDS: positiveInt(30),
  // A connection silent this long in the middle of a request or an answer (a stalled upload, a visitor that stops
  // reading) is closed; between requests, the keep-alive timeout (72 s) closes it.
  IDLE_TIMEOUT_SECONDS: positiveInt(120),
  // Password checks (argon2, 64 MiB each) running at once; more sign-ins at that moment are answered 429 at once.
  PASSWORD_CHECKS_MAX: positiveInt(4),
  // Which proxies' X-Forwarded-* headers to believe: a hop count, or the proxies' addresses (CIDR ranges and
  // proxy-addr's names loopback, linklocal, uniquelocal too). `true` would believe every hop, so a client could
  // name its own address in X-Forwarded-For and escape the throttles: it is refused.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): false | number | string[] => {
      const v = (value ?? '').trim().toLowerCase();
      if (['', 'false', '0', 'no'].includes(v)) return false;
      if (['true', 'yes'].includes(v)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'true is ambiguous: give the number of proxies in front of the server (1 for one reverse proxy) or their addresses, such as 10.0.0.2,10.0.0.3 or 10.0.0.0/24',
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = list.find((entry) => !isProxyAddress(entry));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad}" is neither a hop count nor an IP address or CIDR range` });
        return z.NEVER;
      }
      return list;
    }),
  // How often the periodic jobs run (scheduled publishing, emptying the trash); 0 turns them off in this process.
  SCHEDULER_INTERVAL_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 (off) or more')
    .max(3600, 'must be at most 3600')
    .default(15),
  // On SIGTERM: how long requests in flight may take to finish before the process exits anyway.
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(25),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Where media live: the local disk under DATA_DIR (one node), or an S3-compatible bucket (any number of nodes).
  STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-1')
    .default('us-east-1'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be an absolute URL such as https://s3.eu-west-1.amazonaws.com' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag(false),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/, 'must be empty or folder names ending with a slash, such as tours-cms/')
    .default(''),
  // How browsers get a file from a bucket: through the app (same headers as local files), or redirected to a
  // short-lived signed address of the bucket itself (less work for the app; the bucket's own headers).
  MEDIA_DELIVERY: z.enum(['stream', 'redirect'], { message: 'must be stream or redirect' }).default('stream'),
  // Where staff e-mail (inquiries) goes out: smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465.
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      message: 'must be an smtp:// or smtps:// URL, such as smtps://user:password@mail.example.com:465',
    })
    .optional(),
  // The sender of staff e-mail: an address, or a name and address ("Sunny Tours <no-reply@sunny-tours.example>").
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .refine(
      (v) => v === undefined || /^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(v),
      'must be an e-mail address, or a name and an address in angle brackets',
    ),
  // How long the mail server may take to answer before a message is retried later.
  SMTP_TIMEOUT_SECONDS: positiveInt(20),
  // The key two-factor secrets are encrypted with (32 bytes, base64 or hex); the previous one while rotating.
  SECRETS_KEY: secretsKey.optional(),
  SECRETS_KEY_PREVIOUS: secretsKey.optional(),
});

/** Where staff e-mail goes out (SMTP_URL, MAIL_FROM); null: no e-mail is sent. */
export type SmtpConfig = Readonly<{ url: string; from: string; timeoutMs: number }>;

/** An S3-compatible bucket for the media (STORAGE=s3). */
export type S3Config = Readonly<{
  bucket: string;
  region: string;
  /** null: AWS itself. */
  endpoint: string | null;
  /** Both null: the SDK's own credential chain (instance role, AWS_* variables, shared files). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Prepended to every key: '' or 'folder/'. */
  prefix: string;
  delivery: 'stream' | 'redirect';
}>;

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  databaseSchema: string | null;
  admin: Readonly<{ username: string; password: string | null; email: string }>;
  allowRegistration: boolean;
  seedDemo: boolean;
  maxUploadBytes: number;
  /** SITE_CACHE_MB: the memory the public site's rendered pages may hold (rendered-cache.ts). */
  siteCacheBytes: number;
  publicOrigin: string | null;
  /** Allowed Host values for the public site's absolute URLs; empty: one canonical origin. */
  siteHosts: readonly string[];
  /** The host names that are the site's own (PUBLIC_ORIGIN's, SITE_HOSTS', HOST's), ports left out. */
  ownHosts: readonly string[];
  tokenTtlMs: number;
  loginMaxFailures: number;
  loginWindowMs: number;
  contactMaxPerHour: number;
  passwordChecksMax: number;
  requestBodyTimeoutMs: number;
  idleTimeoutMs: number;
  /** false: the socket's address is the client's; a hop count or the proxies' addresses otherwise. */
  trustProxy: false | number | readonly string[];
  /** 0: this process runs no periodic jobs. */
  schedulerIntervalMs: number;
  shutdownTimeoutMs: number;
  logLevel: string;
  /** null: media on the local disk under dataDir. */
  s3: S3Config | null;
  /** null: no e-mail is sent. */
  smtp: SmtpConfig | null;
  /** SECRETS_KEY; null: the key file in dataDir (one node on SQLite; PostgreSQL requires the variable). */
  secretsKey: Buffer | null;
  /** SECRETS_KEY_PREVIOUS: opens values sealed before a rotation, which the server seals again at start. */
  secretsKeyPrevious: Buffer | null;
}>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.STORAGE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: is required when STORAGE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      `${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: give both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK's own credentials)`,
    );
  }
  if (e.STORAGE === 'local' && e.MEDIA_DELIVERY === 'redirect')
    problems.push('MEDIA_DELIVERY: redirect needs STORAGE=s3 (local files are always sent by the app)');
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
    problems.push(
      `${e.SMTP_URL ? 'MAIL_FROM' : 'SMTP_URL'}: give both SMTP_URL and MAIL_FROM to send e-mail, or neither`,
    );
  }
  if (e.SECRETS_KEY_PREVIOUS && !e.SECRETS_KEY)
    problems.push('SECRETS_KEY_PREVIOUS: is only read beside a new SECRETS_KEY');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const s3: S3Config | null =
    e.STORAGE === 's3'
      ? Object.freeze({
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
          delivery: e.MEDIA_DELIVERY,
        })
      : null;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ? e.DATABASE_URL : null,
    databaseSchema: e.DATABASE_SCHEMA ?? null,
    admin: Object.freeze({ username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD ?? null, email: e.ADMIN_EMAIL }),
    allowRegistration: e.ALLOW_REGISTRATION,
    seedDemo: e.SEED_DEMO,
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    siteCacheBytes: e.SITE_CACHE_MB * 1024 * 1024,
    publicOrigin: e.PUBLIC_ORIGIN ?? null,
    siteHosts: Object.freeze(e.SITE_HOSTS),
    ownHosts: Object.freeze([
      ...new Set(
        [...(e.PUBLIC_ORIGIN ? [new URL(e.PUBLIC_ORIGIN).hostname] : []), ...e.SITE_HOSTS, e.HOST].map((host) =>
          host.toLowerCase().replace(/^\[|\](:\d+)?$|:\d+$/g, ''),
        ),
      ),
    ]),
    tokenTtlMs: e.TOKEN_TTL_HOURS * 3_600_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    contactMaxPerHour: e.CONTACT_MAX_PER_HOUR,
    passwordChecksMax: e.PASSWORD_CHECKS_MAX,
    requestBodyTimeoutMs: e.REQUEST_BODY_TIMEOUT_SECONDS * 1000,
    idleTimeoutMs: e.IDLE_TIMEOUT_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_SECONDS * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    s3,
    smtp:
      e.SMTP_URL && e.MAIL_FROM
        ? Object.freeze({ url: e.SMTP_URL, from: e.MAIL_FROM, timeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000 })
        : null,
    secretsKey: e.SECRETS_KEY ?? null,
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS ?? null,
  });
}

/** The configuration for a command's start (the server, `npm run media:variants`): a bad value ends the process with its message. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
