import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '@tours-cms/contract';
import { loadConfig } from '../../config.js';
import { createMediaStorage, assertStorageReady } from '../../media/media-storage.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { freePort } from '../../test/free-port.js';
import { createTestApp, injectAs, type TestApp } from '../../test/test-app.js';
import { makeImage, makeIsoMedia, makePdf, multipartBody } from '../../test/media-fixtures.js';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.stop());

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function upload(app: TestApp, filename: string, content: Buffer) {
  const { payload, headers } = multipartBody([{ name: 'file', filename, content }]);
  return injectAs(app.app, app.tokens.editor, { method: 'POST', url: '/api/media/upload', payload, headers });
}

/** Files under DATA_DIR (staging included): with a bucket, none may stay on the node's disk. */
function filesOnDisk(dataDir: string): string[] {
  return fs
    .readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('tours-cms.sqlite'))
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
}

describe('media in an S3 bucket', () => {
  it('stores an upload, its thumbnail and its variants in the bucket, serves them with the same headers as local files, and deletes them all', async () => {
    const bucket = await s3.newBucket();
    t = await createTestApp('sqlite', s3.envFor(bucket));
    const image = await makeImage('jpeg', 640, 480);
    const res = await upload(t, 'harbour.jpg', image);
    expect(res.statusCode).toBe(201);
    const item = res.json() as MediaItem;
    expect(item).toMatchObject({ mime_type: 'image/jpeg', width: 640, height: 480, file_size: image.length });
    await t.app.imageVariants.idle();
    const variants = [480, 640].flatMap((width) =>
      ['avif', 'webp'].map((format) => `site/${item.file_path.replace(/\.jpg$/, `.w${width}.${format}`)}`),
    );
    expect(await s3.keys(bucket)).toEqual(
      [`site/${item.file_path}`, `site/${item.thumbnail_path}`, ...variants].sort(),
    );
    expect(filesOnDisk(t.dataDir)).toEqual([]);

    for (const url of [`/${item.file_path}`, `/admin_vendor_api/${item.file_path}`]) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload).toEqual(image);
      expect(file.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
        'content-disposition': 'inline',
        'accept-ranges': 'bytes',
      });
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(file.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    const thumbnail = await t.app.inject({ method: 'GET', url: `/${item.thumbnail_path}` });
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    // Deleted into the trash: not served, the files kept; deleted for good from the trash: every key goes.
    expect(
      (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${item.id}` })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/${item.file_path}` })).statusCode).toBe(404);
    expect(await s3.keys(bucket)).toHaveLength(2 + variants.length);
    const [entry] = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/trash/?type=media' })).json()
      .items;
    expect(
      (await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: `/api/trash/${entry.id}` })).statusCode,
    ).toBe(204);
    expect(await s3.keys(bucket)).toEqual([]);
  });

  it('answers byte ranges from the bucket, so a video can seek, and 416 past the end', async () => {
    t = await createTestApp('sqlite', s3.envFor(await s3.newBucket()));
    const video = makeIsoMedia('isom', 100_000);
    const item = (await upload(t, 'tour.mp4', video)).json() as MediaItem;
    const range = await t.app.inject({
      method: 'GET',
      url: `/${item.file_path}`,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(range.rawPayload).toEqual(video.subarray(1000, 2000));
    const past = await t.app.inject({
      method: 'GET',
      url: `/${item.file_path}`,
      headers: { range: `bytes=${video.length + 10}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${video.length}`);
  });

  it('with MEDIA_DELIVERY=redirect, sends the browser to a short-lived signed address that answers the file with its type and disposition', async () => {
    const bucket = { ...(await s3.newBucket()), delivery: 'redirect' as const };
    t = await createTestApp('sqlite', s3.envFor(bucket));
    const pdf = makePdf();
    const item = (await upload(t, 'brochure.pdf', pdf)).json() as MediaItem;
    const res = await t.app.inject({ method: 'GET', url: `/${item.file_path}` });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(pdf);
    expect(direct.headers.get('content-type')).toBe('application/pdf');
    expect(direct.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
  });

  it('answers an upload with 503 and a readable detail when the bucket does not answer, and keeps neither a row nor a file', async () => {
    const unreachable = { ...(await s3.newBucket()), endpoint: `http://127.0.0.1:${await freePort()}` };
    t = await createTestApp('sqlite', s3.envFor(unreachable));
    const res = await upload(t, 'harbour.jpg', await makeImage('jpeg'));
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(
      'The media storage did not answer, so the file was not saved. Try again in a moment; if it keeps failing, tell your administrator.',
    );
    expect(res.headers['retry-after']).toBe('30');
    expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/media/' })).json()).toEqual([]);
    await t.app.ctx.mediaStorage.whenIdle();
    expect(filesOnDisk(t.dataDir)).toEqual([]);
  });
});

describe('the start-up check of the media storage', () => {
  const folders: string[] = [];
  const configFor = (env: Record<string, string>) => {
    const folder = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'tours-cms-s3c-'));
    folders.push(folder);
    return loadConfig({ DATA_DIR: folder, ...env });
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('passes for a bucket that answers', async () => {
    const config = configFor(s3.envFor(await s3.newBucket()));
    await expect(assertStorageReady(await createMediaStorage(config), config)).resolves.toBeUndefined();
  });

  it('names the variable to fix: a missing bucket, refused credentials, an endpoint that does not answer', async () => {
    const good = await s3.newBucket();
    const cases: [Record<string, string>, RegExp][] = [
      [
        s3.envFor({ ...good, bucket: 'no-such-bucket' }),
        /^Invalid configuration:\n {2}S3_BUCKET: the bucket "no-such-bucket" does not exist/,
      ],
      [
        s3.envFor({ ...good, accessKeyId: 'UNKNOWNKEY' }),
        /^Invalid configuration:\n {2}S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: the bucket "media-\w+" refused these credentials/,
      ],
      [
        s3.envFor({ ...good, endpoint: `http://127.0.0.1:${await freePort()}` }),
        /^Invalid configuration:\n {2}S3_ENDPOINT: the object store at http:\/\/127\.0\.0\.1:\d+ did not answer/,
      ],
    ];
    for (const [env, message] of cases) {
      const config = configFor(env);
      await expect(assertStorageReady(await createMediaStorage(config), config)).rejects.toThrow(message);
    }
  });
});
