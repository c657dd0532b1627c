import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The ConfigError that loading this environment throws. */
function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      databaseSchema: null,
      admin: { username: 'admin', password: null, email: 'admin@example.com' },
      allowRegistration: false,
      seedDemo: true,
      maxUploadBytes: 200 * 1024 * 1024,
      siteCacheBytes: 64 * 1024 * 1024,
      publicOrigin: null,
      siteHosts: [],
      ownHosts: ['127.0.0.1'],
      tokenTtlMs: 7 * 24 * 3_600_000,
      loginMaxFailures: 10,
      loginWindowMs: 15 * 60_000,
      contactMaxPerHour: 20,
      passwordChecksMax: 4,
      requestBodyTimeoutMs: 30_000,
      idleTimeoutMs: 120_000,
      trustProxy: false,
      schedulerIntervalMs: 15_000,
      shutdownTimeoutMs: 25_000,
      logLevel: 'info',
      s3: null,
      smtp: null,
      secretsKey: null,
      secretsKeyPrevious: null,
    });
  });

  it('reads the mail server and sender together, and refuses one without the other or values it cannot use', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtps://office:secret@mail.example.com:465',
        MAIL_FROM: 'Sunny Tours <no-reply@sunny-tours.example>',
      }).smtp,
    ).toEqual({
      url: 'smtps://office:secret@mail.example.com:465',
      from: 'Sunny Tours <no-reply@sunny-tours.example>',
      timeoutMs: 20_000,
    });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      /MAIL_FROM: give both SMTP_URL and MAIL_FROM/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'no-reply@sunny-tours.example' })).toThrow(/SMTP_URL: give both/);
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com', MAIL_FROM: 'a@b.example' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() =>
      loadConfig({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'Eve\r\nBcc: x@evil.test <a@b.example>' }),
    ).toThrow(/MAIL_FROM: must be an e-mail address/);
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/tours',
      DATABASE_URL: 'postgres://tours@db:5432/tours',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'a long secret',
      ADMIN_EMAIL: 'owner@tours.example.com',
      ALLOW_REGISTRATION: 'true',
      SEED_DEMO: 'false',
      MAX_UPLOAD_MB: '5',
      SITE_CACHE_MB: '16',
      PUBLIC_ORIGIN: 'https://tours.example.com/',
      LOGIN_MAX_FAILURES: '3',
      CONTACT_MAX_PER_HOUR: '7',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/tours',
      databaseUrl: 'postgres://tours@db:5432/tours',
      admin: { username: 'owner', password: 'a long secret', email: 'owner@tours.example.com' },
      allowRegistration: true,
      seedDemo: false,
      maxUploadBytes: 5 * 1024 * 1024,
      siteCacheBytes: 16 * 1024 * 1024,
      publicOrigin: 'https://tours.example.com',
      loginMaxFailures: 3,
      contactMaxPerHour: 7,
    });
  });

  it('reads SECRETS_KEY in base64 or hex, and SECRETS_KEY_PREVIOUS only beside it', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey).toEqual(key);
    expect(
      loadConfig({ SECRETS_KEY: key.toString('hex'), SECRETS_KEY_PREVIOUS: Buffer.alloc(32, 8).toString('base64url') }),
    ).toMatchObject({ secretsKey: key, secretsKeyPrevious: Buffer.alloc(32, 8) });
    expect(configErrorOf({ SECRETS_KEY_PREVIOUS: key.toString('base64') }).message).toContain(
      'SECRETS_KEY_PREVIOUS: is only read beside a new SECRETS_KEY',
    );
  });

  it('treats an empty DATABASE_URL as unset (SQLite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeNull();
  });

  it('is frozen, so nothing can change it after start', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.admin)).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', ''],
    ['DATABASE_URL', 'mysql://root@localhost/tours'],
    ['DATABASE_URL', 'tours.sqlite'],
    ['MAX_UPLOAD_MB', '0'],
    ['MAX_UPLOAD_MB', 'ten'],
    ['MAX_UPLOAD_MB', '1.5'],
    ['ALLOW_REGISTRATION', 'maybe'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_USERNAME', 'has spaces'],
    ['ADMIN_PASSWORD', 'short'],
    ['PUBLIC_ORIGIN', 'tours.example.com'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.1,proxy.example.com'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['SITE_HOSTS', 'tours.example.com,https://bad.example'],
    ['PASSWORD_CHECKS_MAX', '0'],
    ['SECRETS_KEY', 'too-short'],
    ['SECRETS_KEY', 'z'.repeat(64)],
  ])('refuses %s=%j with a ConfigError naming the variable', (name, value) => {
    const error = configErrorOf({ [name]: value });
    expect(error.message).toContain(`${name}: `);
  });

  // Review finding: TRUST_PROXY=true believed every hop of X-Forwarded-For.
  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses true as ambiguous', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.0.1.0/24,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.0.1.0/24',
      'loopback',
      '::1',
    ]);
    expect(configErrorOf({ TRUST_PROXY: 'true' }).message).toContain('TRUST_PROXY: true is ambiguous');
  });

  it('reads SITE_HOSTS as lower-case host names with optional ports', () => {
    expect(loadConfig({ SITE_HOSTS: 'Tours.Example.com, www.tours.example.com:8443' }).siteHosts).toEqual([
      'tours.example.com',
      'www.tours.example.com:8443',
    ]);
  });

  it('reads an S3 bucket for the media with STORAGE=s3', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'tours-media',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'https://s3.example.net/',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'tours-cms/',
      MEDIA_DELIVERY: 'redirect',
    });
    expect(config.s3).toEqual({
      bucket: 'tours-media',
      region: 'eu-west-1',
      endpoint: 'https://s3.example.net',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'tours-cms/',
      delivery: 'redirect',
    });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'tours-media' }).s3).toMatchObject({
      region: 'us-east-1',
      endpoint: null,
      accessKeyId: null,
      delivery: 'stream',
    });
  });

  it('stops on missing or wrong S3 settings, naming the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ STORAGE: 's3' }, 'S3_BUCKET: is required when STORAGE=s3'],
      [{ STORAGE: 'bucket' }, 'STORAGE: must be local or s3'],
      [{ STORAGE: 's3', S3_BUCKET: 'Tours_Media' }, 'S3_BUCKET: must be a bucket name'],
      [{ STORAGE: 's3', S3_BUCKET: 'tours', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an absolute URL'],
      [{ STORAGE: 's3', S3_BUCKET: 'tours', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY: give both'],
      [{ STORAGE: 's3', S3_BUCKET: 'tours', S3_PREFIX: '/media' }, 'S3_PREFIX: must be empty or folder names'],
      [{ MEDIA_DELIVERY: 'redirect' }, 'MEDIA_DELIVERY: redirect needs STORAGE=s3'],
    ];
    for (const [env, message] of cases) expect(configErrorOf(env).message, JSON.stringify(env)).toContain(message);
  });

  it('names every bad variable at once', () => {
    const { message } = configErrorOf({ PORT: 'x', MAX_UPLOAD_MB: '-3', DATABASE_URL: 'mysql://x' });
    for (const name of ['PORT', 'MAX_UPLOAD_MB', 'DATABASE_URL']) expect(message).toContain(name);
  });

  it('reads nothing but the environment it is given', () => {
    const saved = process.env.PORT;
    process.env.PORT = 'not a port';
    try {
      expect(loadConfig({}).port).toBe(3000);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });
});
