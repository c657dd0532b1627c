import { z } from 'zod';
import path from 'node:path';
import { emailSchema, passwordSchema, usernameSchema } from '@tours-cms/contract';

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
    .refine((v) => v === undefined || v === '' || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// (leave it unset for SQLite)'),
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
  PUBLIC_ORIGIN: z
    .url({ message: 'must be an absolute URL such as https://tours.example.com' })
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  TOKEN_TTL_HOURS: positiveInt(24 * 7),
  LOGIN_MAX_FAILURES: positiveInt(10),
  LOGIN_WINDOW_MINUTES: positiveInt(15),
  CONTACT_MAX_PER_HOUR: positiveInt(20),
  TRUST_PROXY: booleanFlag(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

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
  publicOrigin: string | null;
  tokenTtlMs: number;
  loginMaxFailures: number;
  loginWindowMs: number;
  contactMaxPerHour: number;
  trustProxy: boolean;
  logLevel: string;
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
    publicOrigin: e.PUBLIC_ORIGIN ?? null,
    tokenTtlMs: e.TOKEN_TTL_HOURS * 3_600_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    contactMaxPerHour: e.CONTACT_MAX_PER_HOUR,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  });
}
