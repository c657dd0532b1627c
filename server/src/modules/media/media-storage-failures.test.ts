import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MediaItem } from '@tours-cms/contract';
import { HttpError } from '../../core/errors.js';
import { createLocalStorage } from '../../media/local-storage.js';
import type { MediaStorage } from '../../media/storage.js';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { filesUnderUploads, makeImage, makePng, multipartBody } from '../../test/media-fixtures.js';

/** The ready-made editor, as a service call names who acts. */
const EDITOR = {
  id: 2,
  username: 'editor1',
  full_name: 'Editor One',
  email: 'editor1@example.com',
  role: 'editor' as const,
};
import { createMediaService, ORPHAN_GRACE_MS } from './media.service.js';

/** A PNG whose header claims `width` × `height` pixels, with almost no data behind it (a decompression bomb's shape). */
function pngClaiming(width: number, height: number): Buffer {
  return makePng(width, height, 8, 2, Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])); // 8-bit RGB, an empty stream
}

async function upload(t: TestApp, filename: string, content: Buffer) {
  const { payload, headers } = multipartBody([{ name: 'file', filename, content }]);
  return injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/media/upload', payload, headers });
}

forEachDialect('media storage failures', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  // Review finding: a full disk while writing the thumbnail answered 415 'could not be read', blaming the file.
  it('answers a full disk with 507, not as a bad file, and keeps neither a row nor a file', async () => {
    const local = createLocalStorage(t.dataDir);
    // The thumbnail goes to /dev/full, where every write fails with the kernel's ENOSPC, as on a full disk.
    const full: MediaStorage = {
      ...local,
      put: (filePath, body, contentType) =>
        filePath.endsWith('.thumb.webp')
          ? fs.promises.writeFile('/dev/full', body)
          : local.put(filePath, body, contentType),
    };
    const media = createMediaService({
      db: t.app.ctx.db,
      config: t.app.ctx.config,
      storage: full,
      siteChanges: t.app.ctx.siteChanges,
      trash: t.app.ctx.services.trash,
      activity: t.app.ctx.services.activity,
    });
    const filePath = full.newFilePath('png');
    const image = await makeImage('png', 64, 48);
    const stagedPath = await full.writeStaged(
      filePath,
      (async function* () {
        yield image;
      })(),
    );
    const refusal = await media
      .store({ filePath, stagedPath, extension: 'png', originalName: 'bay.png', size: 1, folder: null }, EDITOR)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 507, message: expect.stringContaining('no room left') });
    expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/media/' })).json()).toEqual([]);
    expect(filesUnderUploads(t.dataDir)).toEqual([]);
    expect(fs.statSync('/dev/full').isCharacterDevice()).toBe(true);
  });

  // Review finding: sharp kept its 268-megapixel default, about a gigabyte to decode one upload.
  it('refuses an image of more than 50 megapixels from its header with 422 naming the file, and keeps nothing', async () => {
    const res = await upload(t, 'huge.png', pngClaiming(20_000, 20_000));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'file', message: 'The image is 20000 × 20000 pixels; at most 50 megapixels are accepted' },
    ]);
    expect(filesUnderUploads(t.dataDir)).toEqual([]);
    expect((await upload(t, 'fine.png', await makeImage('png', 640, 480))).statusCode).toBe(201);
  });

  // Review finding: a crash between writing an upload's files and inserting its row left files no sweep removed.
  it('sweeps files that no media item owns once they are an hour old, and nothing else', async () => {
    const kept = (await upload(t, 'kept.png', await makeImage('png'))).json() as MediaItem;
    const orphanDir = path.join(t.dataDir, 'uploads', '2026', '01');
    fs.mkdirSync(orphanDir, { recursive: true });
    const oldOrphan = path.join(orphanDir, 'a'.repeat(32) + '.png');
    const oldThumb = path.join(orphanDir, 'a'.repeat(32) + '.thumb.webp');
    const freshOrphan = path.join(orphanDir, 'b'.repeat(32) + '.png');
    for (const file of [oldOrphan, oldThumb, freshOrphan]) fs.writeFileSync(file, 'left by a crash');
    const longAgo = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    for (const file of [
      oldOrphan,
      oldThumb,
      path.join(t.dataDir, kept.file_path),
      path.join(t.dataDir, kept.thumbnail_path!),
    ])
      fs.utimesSync(file, longAgo, longAgo);

    expect(await t.app.ctx.services.media.sweepOrphans()).toBe(2);
    expect(fs.existsSync(oldOrphan) || fs.existsSync(oldThumb)).toBe(false);
    expect(fs.existsSync(freshOrphan)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/${kept.file_path}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/${kept.thumbnail_path}` })).statusCode).toBe(200);
  });
});
