import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import {
  filesUnderUploads,
  makeAvi,
  makeDoc,
  makeDocx,
  makeImage,
  makeIsoMedia,
  makePdf,
  makeRotatedJpeg,
  multipartBody,
  type MultipartPart,
} from '../../test/media-fixtures.js';

/** Posts one file (and a folder, when given) the way the admin does. */
function upload(
  t: TestApp,
  filename: string,
  content: Buffer,
  options: { folder?: string; token?: string | null } = {},
) {
  const parts: MultipartPart[] = [];
  if (options.folder !== undefined) parts.push({ name: 'folder', value: options.folder });
  parts.push({ name: 'file', filename, content });
  return uploadParts(t, parts, options.token);
}

function uploadParts(t: TestApp, parts: MultipartPart[], token: string | null = t.tokens.editor) {
  const { payload, headers } = multipartBody(parts);
  return injectAs(t.app, token, { method: 'POST', url: '/api/media/upload', payload, headers });
}

async function countMediaRows(t: TestApp): Promise<number> {
  const { count } = await t.app.ctx.db.kysely
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

forEachDialect('media API', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { MAX_UPLOAD_MB: '1' });
  });
  afterEach(async () => t.close());

  /** A refused upload leaves neither a row nor a file. */
  async function expectNothingStored() {
    expect(await countMediaRows(t)).toBe(0);
    expect(filesUnderUploads(t.dataDir)).toEqual([]);
  }

  describe('accepted types', () => {
    const images = [
      ['photo.jpg', 'jpeg', 'image/jpeg'],
      ['photo.JPEG', 'jpeg', 'image/jpeg'],
      ['photo.png', 'png', 'image/png'],
      ['photo.gif', 'gif', 'image/gif'],
      ['photo.webp', 'webp', 'image/webp'],
    ] as const;
    for (const [name, format, mime] of images) {
      it(`stores ${name} as ${mime} with its size and a WebP thumbnail`, async () => {
        const content = await makeImage(format, 64, 48);
        const res = await upload(t, name, content);
        expect(res.statusCode).toBe(201);
        const item = res.json<MediaItem>();
        expect(item).toMatchObject({
          original_name: name,
          mime_type: mime,
          file_size: content.length,
          width: 64,
          height: 48,
          folder: null,
        });
        expect(item.file_path).toMatch(
          new RegExp(`^uploads/\\d{4}/\\d{2}/[0-9a-f]{32}\\.${name.split('.')[1]!.toLowerCase()}$`),
        );
        expect(item.thumbnail_path).toBe(item.file_path.replace(/\.[a-z]+$/, '.thumb.webp'));
        expect(fs.readFileSync(path.join(t.dataDir, item.file_path))).toEqual(content);
        const thumbnail = await t.app.inject({ method: 'GET', url: `/${item.thumbnail_path}` });
        expect(thumbnail.statusCode).toBe(200);
        expect(thumbnail.headers['content-type']).toBe('image/webp');
        expect(thumbnail.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      });
    }

    const others = [
      ['tour.mp4', () => makeIsoMedia('isom'), 'video/mp4'],
      ['tour.mov', () => makeIsoMedia('qt  '), 'video/quicktime'],
      ['tour.avi', makeAvi, 'video/x-msvideo'],
      ['brochure.pdf', makePdf, 'application/pdf'],
      ['notes.doc', makeDoc, 'application/msword'],
      ['notes.docx', makeDocx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['notes.txt', () => Buffer.from('Day 1: Lisbon → Sintra. Café at 10h.\n'), 'text/plain'],
    ] as const;
    for (const [name, make, mime] of others) {
      it(`stores ${name} as ${mime} without a thumbnail`, async () => {
        const content = make();
        const res = await upload(t, name, content);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({
          original_name: name,
          mime_type: mime,
          file_size: content.length,
          width: null,
          height: null,
          thumbnail_path: null,
        });
        expect(filesUnderUploads(t.dataDir)).toEqual([res.json().file_path]);
      });
    }

    it('gives a photo the size it is displayed at, EXIF rotation applied', async () => {
      const res = await upload(t, 'portrait.jpg', await makeRotatedJpeg());
      expect(res.json()).toMatchObject({ width: 48, height: 64 });
    });

    it('answers the whole item with 201 and lists it, newest first, to every signed-in role', async () => {
      const first = (await upload(t, 'a.png', await makeImage('png'), { folder: 'Tours' })).json<MediaItem>();
      const second = (await upload(t, 'b.pdf', makePdf())).json<MediaItem>();
      const list = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/media/' });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        { ...second, usage_count: 0 },
        { ...first, usage_count: 0 },
      ]);
      const one = await injectAs(t.app, t.tokens.user, {
        method: 'GET',
        url: `/admin_vendor_api/api/media/${first.id}`,
      });
      expect(one.json()).toEqual(first);
    });

    it('answers the upload limits the drop area needs', async () => {
      const res = await injectAs(t.app, t.tokens.user, { method: 'GET', url: '/api/media/settings' });
      expect(res.json()).toEqual({
        max_upload_bytes: 1024 * 1024,
        accepted_extensions: expect.arrayContaining(['jpg', 'mp4', 'docx']),
      });
    });
  });

  describe('folders', () => {
    it('trims the folder name, before or after the file part', async () => {
      const before = await upload(t, 'a.pdf', makePdf(), { folder: '  Lisbon 2025 ' });
      expect(before.json().folder).toBe('Lisbon 2025');
      const after = await uploadParts(t, [
        { name: 'file', filename: 'b.pdf', content: makePdf() },
        { name: 'folder', value: 'Porto' },
      ]);
      expect(after.statusCode).toBe(201);
      expect(after.json().folder).toBe('Porto');
    });

    it('stores a blank folder as no folder', async () => {
      const res = await upload(t, 'a.pdf', makePdf(), { folder: '   ' });
      expect(res.json().folder).toBeNull();
    });

    for (const folder of ['../../etc', 'a/b', 'a\\b', '..']) {
      it(`refuses the folder ${JSON.stringify(folder)} with 422 and stores nothing`, async () => {
        const res = await upload(t, 'a.pdf', makePdf(), { folder });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual([{ field: 'folder', message: expect.stringContaining('..') }]);
        await expectNothingStored();
      });
    }

    it('refuses a folder sent after the file without leaving the file behind', async () => {
      const res = await uploadParts(t, [
        { name: 'file', filename: 'b.pdf', content: makePdf() },
        { name: 'folder', value: '../up' },
      ]);
      expect(res.statusCode).toBe(422);
      await expectNothingStored();
    });

    it('refuses a folder name over the limit', async () => {
      const res = await upload(t, 'a.pdf', makePdf(), { folder: 'x'.repeat(101) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].field).toBe('folder');
      await expectNothingStored();
    });
  });

  describe('refusals', () => {
    it('refuses an extension outside the accepted list with 415', async () => {
      const res = await upload(t, 'setup.exe', Buffer.from('MZ\x90\x00'));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ detail: 'Files of type .exe are not accepted' });
      await expectNothingStored();
    });

    it('refuses an SVG, even a harmless one', async () => {
      const res = await upload(t, 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
      expect(res.statusCode).toBe(415);
      await expectNothingStored();
    });

    it('refuses an HTML file and an SVG named .png', async () => {
      for (const content of [
        '<!doctype html><script>alert(1)</script>',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      ]) {
        const res = await upload(t, 'innocent.png', Buffer.from(content));
        expect(res.statusCode).toBe(415);
        expect(res.json().detail).toBe("The file's contents are not a .png file");
      }
      await expectNothingStored();
    });

    it('refuses a PNG named .jpg and a PDF named .mp4', async () => {
      expect((await upload(t, 'photo.jpg', await makeImage('png'))).statusCode).toBe(415);
      expect((await upload(t, 'tour.mp4', makePdf())).statusCode).toBe(415);
      await expectNothingStored();
    });

    it('refuses an image whose signature is right but whose pixels cannot be read', async () => {
      const png = await makeImage('png');
      const res = await upload(t, 'broken.png', Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]));
      expect(res.statusCode).toBe(415);
      expect(res.json().detail).toBe('The image could not be read');
      await expectNothingStored();
    });

    it('refuses a .txt that is not UTF-8, holds a NUL byte, or is an HTML document', async () => {
      const bad = [
        Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x21]),
        Buffer.from('line\u0000two'),
        Buffer.from('\n  <!DOCTYPE html><html><body>hi</body></html>'),
      ];
      for (const content of bad) {
        const res = await upload(t, 'notes.txt', content);
        expect(res.statusCode, content.toString()).toBe(415);
      }
      await expectNothingStored();
    });

    it('keeps a multi-byte character split across chunks in a .txt', async () => {
      const content = Buffer.from('é'.repeat(200_000));
      const res = await upload(t, 'long.txt', content);
      expect(res.statusCode).toBe(201);
      expect(res.json().file_size).toBe(content.length);
    });

    it('refuses a file over MAX_UPLOAD_MB with 413, whether or not Content-Length gives it away', async () => {
      const justOver = await upload(t, 'big.pdf', Buffer.concat([makePdf(), Buffer.alloc(1024 * 1024)]));
      expect(justOver.statusCode).toBe(413);
      expect(justOver.json()).toEqual({ detail: 'The file is larger than the upload limit of 1 MB' });
      const farOver = await upload(t, 'huge.pdf', Buffer.concat([makePdf(), Buffer.alloc(3 * 1024 * 1024)]));
      expect(farOver.statusCode).toBe(413);
      expect(farOver.headers.connection).toBe('close');
      await expectNothingStored();
    });

    it('accepts a file of exactly MAX_UPLOAD_MB', async () => {
      const pdf = makePdf();
      const res = await upload(t, 'exact.pdf', Buffer.concat([pdf, Buffer.alloc(1024 * 1024 - pdf.length, 0x20)]));
      expect(res.statusCode).toBe(201);
    });

    for (const filename of ['../../evil.png', '..\\..\\evil.png', 'a/b.pdf']) {
      it(`refuses the file name ${JSON.stringify(filename)} with 422`, async () => {
        const res = await upload(t, filename, makePdf());
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual([{ field: 'file', message: 'File name may not contain a path' }]);
        await expectNothingStored();
      });
    }

    it('requires a file, not empty, in the field named file', async () => {
      const none = await uploadParts(t, [{ name: 'folder', value: 'Tours' }]);
      expect(none.statusCode).toBe(422);
      expect(none.json().errors).toEqual([{ field: 'file', message: 'File is required' }]);
      const empty = await upload(t, 'empty.pdf', Buffer.alloc(0));
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual([{ field: 'file', message: 'The file is empty' }]);
      const wrongField = await uploadParts(t, [{ name: 'upload', filename: 'a.pdf', content: makePdf() }]);
      expect(wrongField.statusCode).toBe(422);
      await expectNothingStored();
    });

    it('takes one file per request', async () => {
      const res = await uploadParts(t, [
        { name: 'file', filename: 'a.pdf', content: makePdf() },
        { name: 'file', filename: 'b.pdf', content: makePdf() },
      ]);
      expect(res.statusCode).toBe(400);
      await expectNothingStored();
    });

    it('refuses a body that is not multipart, and a multipart body cut short', async () => {
      const json = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/media/upload',
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(415);
      const { payload, headers } = multipartBody([{ name: 'file', filename: 'a.pdf', content: makePdf() }]);
      const cut = payload.subarray(0, payload.length - 30);
      const truncated = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/media/upload',
        payload: cut,
        headers: { ...headers, 'content-length': String(cut.length) },
      });
      expect(truncated.statusCode).toBe(400);
      await expectNothingStored();
    });

    it('lets only editors and admins upload, and only signed-in users list', async () => {
      expect((await upload(t, 'a.pdf', makePdf(), { token: t.tokens.user })).statusCode).toBe(403);
      expect((await upload(t, 'a.pdf', makePdf(), { token: null })).statusCode).toBe(401);
      expect((await upload(t, 'a.pdf', makePdf(), { token: t.tokens.admin })).statusCode).toBe(201);
      expect((await t.app.inject({ method: 'GET', url: '/api/media/' })).statusCode).toBe(401);
    });
  });

  describe('delete', () => {
    it('moves the item to the trash: no longer listed or served, its files kept until the entry goes, then all of them', async () => {
      const kept = (await upload(t, 'kept.png', await makeImage('png'))).json<MediaItem>();
      const gone = (await upload(t, 'gone.png', await makeImage('png'))).json<MediaItem>();
      await t.app.imageVariants.idle();
      const res = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${gone.id}` });
      expect(res.statusCode).toBe(204);
      const variantsOf = (item: MediaItem) =>
        ['avif', 'webp'].map((format) => item.file_path.replace(/\.png$/, `.w64.${format}`));
      const filesOf = (item: MediaItem) => [item.file_path, item.thumbnail_path!, ...variantsOf(item)];
      expect(filesUnderUploads(t.dataDir)).toEqual([...filesOf(kept), ...filesOf(gone)].sort());
      for (const file of filesOf(gone))
        expect((await t.app.inject({ method: 'GET', url: `/${file}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/${kept.file_path}` })).statusCode).toBe(200);
      expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/media/${gone.id}` })).statusCode).toBe(
        404,
      );
      const list = await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/media/' });
      expect(list.json().map((item: MediaItem) => item.id)).toEqual([kept.id]);
      // A second delete finds nothing to delete.
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${gone.id}` })).statusCode,
      ).toBe(404);

      const [entry] = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/trash/?type=media' })).json()
        .items;
      expect(entry).toMatchObject({ item_type: 'media', item_id: gone.id, title: 'gone.png' });
      expect(
        (await injectAs(t.app, t.tokens.admin, { method: 'DELETE', url: `/api/trash/${entry.id}` })).statusCode,
      ).toBe(204);
      expect(filesUnderUploads(t.dataDir)).toEqual(filesOf(kept).sort());
      expect(await countMediaRows(t)).toBe(1);
    });

    it('answers 404 for an unknown id and 403 to a user', async () => {
      const item = (await upload(t, 'a.pdf', makePdf())).json<MediaItem>();
      expect(
        (await injectAs(t.app, t.tokens.user, { method: 'DELETE', url: `/api/media/${item.id}` })).statusCode,
      ).toBe(403);
      const missing = await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: '/api/media/9999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Media file not found' });
      expect((await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/media/9999' })).statusCode).toBe(404);
    });

    it('takes a page featured image away while the file is in the trash, and gives it back when it is restored', async () => {
      const item = (await upload(t, 'cover.png', await makeImage('png'))).json<MediaItem>();
      const created = await injectAs(t.app, t.tokens.editor, {
        method: 'POST',
        url: '/api/pages/',
        payload: { title: 'Home', slug: 'home', featured_image_id: item.id },
      });
      const pageId = created.json().id;
      const readPage = async () =>
        (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: `/api/pages/${pageId}` })).json();
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'DELETE', url: `/api/media/${item.id}?in_use=confirmed` }))
          .statusCode,
      ).toBe(204);
      expect((await readPage()).featured_image).toBeNull();
      const [entry] = (await injectAs(t.app, t.tokens.editor, { method: 'GET', url: '/api/trash/?type=media' })).json()
        .items;
      expect(
        (await injectAs(t.app, t.tokens.editor, { method: 'POST', url: `/api/trash/${entry.id}/restore` })).json(),
      ).toEqual({ item_type: 'media', item_id: item.id });
      expect((await readPage()).featured_image).toMatchObject({ id: item.id, file_path: item.file_path });
    });
  });

  describe('alternative text', () => {
    const setAlt = (id: number, alt_text: unknown, token = t.tokens.editor) =>
      injectAs(t.app, token, { method: 'PUT', url: `/api/media/${id}`, payload: { alt_text } });

    it('is written by editors up to 300 characters, trimmed, blank as none, and named in the activity log', async () => {
      const item = (await upload(t, 'IMG_2041.png', await makeImage('png'))).json<MediaItem>();
      expect(item.alt_text).toBeNull();
      const res = await setAlt(item.id, `  ${'a'.repeat(300)}  `);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<MediaItem>().alt_text).toBe('a'.repeat(300));
      expect((await setAlt(item.id, '   ')).json<MediaItem>().alt_text).toBeNull();
      const entries = (
        await injectAs(t.app, t.tokens.admin, { method: 'GET', url: '/api/activity/?item_type=media' })
      ).json().entries;
      expect(entries.map((entry: { summary: string }) => entry.summary).slice(0, 2)).toEqual([
        'Changed the alternative text',
        'Changed the alternative text',
      ]);
    });

    it('refuses 301 characters with 422 naming the field, a user with 403, and changes nothing', async () => {
      const item = (await upload(t, 'bay.png', await makeImage('png'))).json<MediaItem>();
      expect((await setAlt(item.id, 'The bay')).statusCode).toBe(200);
      const long = await setAlt(item.id, 'a'.repeat(301));
      expect(long.statusCode).toBe(422);
      expect(long.json().errors).toEqual([
        { field: 'alt_text', message: 'Alternative text must be at most 300 characters' },
      ]);
      expect((await setAlt(item.id, 'Not mine', t.tokens.user)).statusCode).toBe(403);
      expect((await setAlt(9999, 'Nothing')).statusCode).toBe(404);
      const read = await injectAs(t.app, t.tokens.user, { method: 'GET', url: `/api/media/${item.id}` });
      expect(read.json<MediaItem>().alt_text).toBe('The bay');
    });
  });
});
