import { ConfigError, type Config } from '../config.js';
import { createLocalStorage } from './local-storage.js';
import type { MediaStorage } from './storage.js';

/**
 * The storage the configuration names: the local disk under DATA_DIR, or the S3 bucket of STORAGE=s3. The S3 client
 * (a tenth of a second to import) is loaded only by a server that uses it.
 */
export async function createMediaStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<MediaStorage> {
  if (!config.s3) return createLocalStorage(config.dataDir);
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage(config.s3, config.dataDir);
}

/**
 * Checks at start that the store answers, and turns a refusal into a ConfigError naming the variable to fix: a
 * bucket that does not exist (S3_BUCKET), credentials it refuses (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY), an
 * endpoint that does not answer (S3_ENDPOINT). A server that cannot store an upload should not start as if it could.
 */
export async function assertStorageReady(storage: MediaStorage, config: Pick<Config, 'dataDir' | 's3'>): Promise<void> {
  try {
    await storage.check();
  } catch (error) {
    const s3 = config.s3;
    if (!s3) throw new ConfigError(`DATA_DIR: ${config.dataDir}/uploads cannot be written (${String(error)})`);
    // The S3 client's errors (S3ServiceException) carry the answer's status in `$metadata`.
    const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
    const name = error instanceof Error ? error.name : '';
    let line: string;
    if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket')
      line = `S3_BUCKET: the bucket "${s3.bucket}" does not exist at ${s3.endpoint ?? `AWS (${s3.region})`}`;
    else if (
      status === 403 ||
      status === 401 ||
      /InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|Forbidden/.test(name)
    ) {
      line = `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: the bucket "${s3.bucket}" refused these credentials (${name || status})`;
    } else if (status === 301 || name === 'PermanentRedirect')
      line = `S3_REGION: the bucket "${s3.bucket}" is not in ${s3.region}`;
    else
      line = `S3_ENDPOINT: the object store at ${s3.endpoint ?? `AWS (${s3.region})`} did not answer (${name || String(error)})`;
    throw new ConfigError(`Invalid configuration:\n  ${line}`);
  }
}
