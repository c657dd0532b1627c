import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import { CreateBucketCommand, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { createS3Client } from '../media/s3-storage.js';

export interface TestS3Server {
  endpoint: string;
  /** A new empty bucket, and the configuration that points at it. */
  newBucket(): Promise<S3Config>;
  /** The environment that makes a server use that bucket (STORAGE=s3 and the S3_* variables). */
  envFor(config: S3Config): Record<string, string>;
  /** Every key in a bucket. */
  keys(config: S3Config): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, from the npm registry) on loopback, storing in a temp folder: the object
 * storage tests talk to it over HTTP through the AWS SDK, exactly as they would to a bucket.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tours-cms-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const base = {
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'site/',
    delivery: 'stream' as const,
  };
  return {
    endpoint,
    async newBucket() {
      const config = { ...base, bucket: `media-${randomBytes(6).toString('hex')}` };
      await createS3Client(config).send(new CreateBucketCommand({ Bucket: config.bucket }));
      return config;
    },
    envFor: (config) => ({
      STORAGE: 's3',
      S3_BUCKET: config.bucket,
      S3_REGION: config.region,
      S3_ENDPOINT: config.endpoint ?? '',
      S3_ACCESS_KEY_ID: config.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: config.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: String(config.forcePathStyle),
      S3_PREFIX: config.prefix,
      MEDIA_DELIVERY: config.delivery,
    }),
    async keys(config) {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client: createS3Client(config) }, { Bucket: config.bucket })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
      return keys.sort();
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
