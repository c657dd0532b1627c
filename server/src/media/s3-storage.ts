import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.js';
import { isMediaPath, type MediaStorage } from './storage.js';
import {
  newMediaPath,
  STAGING_SUFFIX,
  sweepStaleStaging,
  thumbnailPathOf,
  writeNewFile,
  writeTracker,
} from './staging.js';

/** How long a signed address stays good: long enough to start a video, short enough not to be passed around. */
export const SIGNED_URL_SECONDS = 300;

/** Parts of a streamed upload: 8 MiB each, two in flight, so a 1 GiB file holds about 16 MiB of memory. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** An object store that did not answer as it should: the HTTP layer turns it into 503 (media-upload.ts). */
export class ObjectStoreError extends Error {
  readonly code = 'EOBJECTSTORE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')
  );
}

/** What the SDK threw (a refused request, a network failure), as an error callers can tell from a bad file. */
function storeError(what: string, error: unknown): ObjectStoreError {
  if (error instanceof ObjectStoreError) return error;
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new ObjectStoreError(`The object store refused to ${what} (${reason})`, { cause: error });
}

async function storeCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storeError(what, error);
  }
}

/** The client for a configured bucket (also used by the start-up check and the tests' own bucket set-up). */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // A bucket that does not answer must fail an upload in seconds (503), not hang it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
    maxAttempts: 3,
  });
}

/**
 * Media in an S3-compatible bucket, under `<prefix>uploads/YYYY/MM/`. Uploads are staged on this node's disk (in
 * `<dataDir>/staging/`) for the checks, then streamed to the bucket in parts (never held whole in memory); a failed
 * upload aborts its multipart upload, so no object is left. Thumbnails and variants are put whole (they are small).
 */
export function createS3Storage(config: S3Config, dataDir: string): MediaStorage {
  const client = createS3Client(config);
  const bucket = config.bucket;
  const stagingDir = path.join(path.resolve(dataDir), 'staging');
  fs.mkdirSync(stagingDir, { recursive: true });
  sweepStaleStaging(stagingDir).catch(() => {});
  const writes = writeTracker();

  const keyOf = (filePath: string) => {
    if (!isMediaPath(filePath)) throw new Error(`Not a media path: ${filePath}`);
    return `${config.prefix}${filePath}`;
  };
  const stagedPathOf = (filePath: string) =>
    path.join(stagingDir, `.${filePath.replaceAll('/', '_')}${STAGING_SUFFIX}`);

  return {
    kind: 's3',

    newFilePath: (extension, date = new Date()) => newMediaPath(extension, randomBytes(16).toString('hex'), date),

    thumbnailPathOf,

    writeStaged(filePath, source) {
      return writes.track(async () => {
        const staged = stagedPathOf(filePath);
        await writeNewFile(staged, source);
        return staged;
      });
    },

    commit(filePath, contentType, finalPath = filePath) {
      return writes.track(async () => {
        const staged = stagedPathOf(filePath);
        try {
          const upload = new Upload({
            client,
            params: {
              Bucket: bucket,
              Key: keyOf(finalPath),
              Body: fs.createReadStream(staged),
              ContentType: contentType,
            },
            partSize: PART_SIZE,
            queueSize: PARTS_IN_FLIGHT,
            leavePartsOnError: false,
          });
          await storeCall('store the file', () => upload.done());
        } finally {
          await fsp.rm(staged, { force: true });
        }
      });
    },

    put(filePath, body, contentType) {
      return writes.track(async () => {
        await storeCall('store the file', () =>
          client.send(
            new PutObjectCommand({ Bucket: bucket, Key: keyOf(filePath), Body: body, ContentType: contentType }),
          ),
        );
      });
    },

    async stat(filePath) {
      if (!isMediaPath(filePath)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(filePath) }));
        return {
          size: head.ContentLength ?? 0,
          modifiedMs: head.LastModified?.getTime() ?? 0,
          etag: head.ETag ?? `"${filePath}"`,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw storeError('read the file', error);
      }
    },

    async read(filePath, range) {
      const object = await storeCall('read the file', () =>
        client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: keyOf(filePath),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        ),
      );
      return object.Body as Readable;
    },

    async signedUrl(filePath, headers) {
      if (config.delivery !== 'redirect') return null;
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: keyOf(filePath),
        ResponseContentType: headers.contentType,
        ResponseContentDisposition: headers.contentDisposition,
        ResponseCacheControl: headers.cacheControl,
      });
      return getSignedUrl(client, command, { expiresIn: SIGNED_URL_SECONDS });
    },

    async remove(...filePaths) {
      const paths = filePaths.filter((filePath): filePath is string => filePath !== null);
      for (const filePath of paths) await fsp.rm(stagedPathOf(filePath), { force: true });
      for (let i = 0; i < paths.length; i += 1000) {
        const objects = paths.slice(i, i + 1000).map((filePath) => ({ Key: keyOf(filePath) }));
        const result = await storeCall('remove files', () =>
          client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } })),
        );
        const failed = (result.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
        if (failed.length)
          throw new ObjectStoreError(
            `The object store kept ${failed.length} file(s): ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`,
          );
      }
    },

    async *listFiles() {
      const pages = paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: `${config.prefix}uploads/` });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const filePath = object.Key.slice(config.prefix.length);
          if (isMediaPath(filePath)) yield { filePath, modifiedMs: object.LastModified?.getTime() ?? 0 };
        }
      }
    },

    whenIdle: () => writes.whenIdle(),

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
