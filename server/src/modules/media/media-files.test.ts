import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MediaItem } from '@tours-cms/contract';
import { createTestApp, forEachDialect, injectAs, type TestApp } from '../../test/test-app.js';
import { filesUnderUploads, makeIsoMedia, makePdf, multipartBody } from '../../test/media-fixtures.js';

async function uploadFile(t: TestApp, filename: string, content: Buffer): Promise<MediaItem> {
  const { payload, headers } = multipartBody([{ name: 'file', filename, content }]);
  const res = await injectAs(t.app, t.tokens.editor, { method: 'POST', url: '/api/media/upload', payload, headers });
  expect(res.statusCode).toBe(201);
  return res.json();
}

forEachDialect('media files', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => t.close());

  it('serves the bytes at both readings of file_path, with the checked type and nosniff', async () => {
    const content = makeIsoMedia('isom', 10_000);
    const item = await uploadFile(t, 'tour.mp4', content);
    for (const url of [`/${item.file_path}`, `/admin_vendor_api/${item.file_path}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload).toEqual(content);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers.etag).toBeTruthy();
    }
  });

  it('answers HEAD with the size and validators of the file, and no body', async () => {
    const content = makePdf();
    const item = await uploadFile(t, 'brochure.pdf', content);
    const head = await t.app.inject({ method: 'HEAD', url: `/${item.file_path}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(content.length));
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.headers.etag).toBe((await t.app.inject({ method: 'GET', url: `/${item.file_path}` })).headers.etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves a .txt as UTF-8 plain text', async () => {
    const item = await uploadFile(t, 'notes.txt', Buffer.from('Olá, Lisboa!'));
    const res = await t.app.inject({ method: 'GET', url: `/${item.file_path}` });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('Olá, Lisboa!');
  });

  // Review finding: a PDF or text file opened from our origin ran with our origin's rights (no policy, inline).
  it('serves documents as downloads under a sandbox policy, and images and video inline under the same policy', async () => {
    const pdf = await uploadFile(t, 'brochure 2027.pdf', makePdf());
    const text = await uploadFile(t, 'notes.txt', Buffer.from('Meet at the harbour at 9.'));
    const video = await uploadFile(t, 'tour.mp4', makeIsoMedia('isom', 10_000));
    for (const item of [pdf, text]) {
      const res = await t.app.inject({ method: 'GET', url: `/${item.file_path}` });
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+"$/);
      expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    }
    const res = await t.app.inject({ method: 'GET', url: `/admin_vendor_api/${video.file_path}` });
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
  });

  it('answers a byte range with 206, so a video can seek', async () => {
    const content = makeIsoMedia('isom', 10_000);
    const item = await uploadFile(t, 'tour.mp4', content);
    const res = await t.app.inject({ method: 'GET', url: `/${item.file_path}`, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${content.length}`);
    expect(res.rawPayload).toEqual(content.subarray(100, 200));
  });

  it('sends files as stored, never compressed, so ranges and ETags stay true', async () => {
    const content = Buffer.from('Day 1: the old town on foot. '.repeat(300));
    const item = await uploadFile(t, 'itinerary.txt', content);
    const whole = await t.app.inject({
      method: 'GET',
      url: `/${item.file_path}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload).toEqual(content);
    const range = await t.app.inject({
      method: 'GET',
      url: `/${item.file_path}`,
      headers: { 'accept-encoding': 'gzip', range: 'bytes=0-99' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload).toEqual(content.subarray(0, 100));
  });

  it('answers 304 to a matching ETag', async () => {
    const item = await uploadFile(t, 'brochure.pdf', makePdf());
    const first = await t.app.inject({ method: 'GET', url: `/${item.file_path}` });
    const again = await t.app.inject({
      method: 'GET',
      url: `/${item.file_path}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('never serves anything outside the upload root, a directory or a staging file', async () => {
    const item = await uploadFile(t, 'brochure.pdf', makePdf());
    const directory = path.posix.dirname(item.file_path);
    fs.writeFileSync(path.join(t.dataDir, directory, '.abc.pdf.part'), 'partial');
    for (const url of [
      '/uploads/../tours-cms.sqlite',
      '/uploads/%2e%2e/tours-cms.sqlite',
      '/uploads/..%2ftours-cms.sqlite',
      '/admin_vendor_api/uploads/%2e%2e/%2e%2e/etc/passwd',
      `/${directory}/`,
      `/${directory}/.abc.pdf.part`,
      '/uploads/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('SQLite format');
      expect(res.body, url).not.toContain('partial');
    }
  });

  it('leaves neither a row nor a file when the client drops the connection half-way through an upload', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { payload, headers } = multipartBody([
      { name: 'folder', value: 'Tours' },
      { name: 'file', filename: 'tour.mp4', content: makeIsoMedia('isom', 512 * 1024) },
    ]);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/media/upload',
      headers: { ...headers, authorization: `Bearer ${t.tokens.editor}` },
    });
    const requestFailed = new Promise<void>((resolve) => request.on('error', () => resolve()));
    request.write(payload.subarray(0, payload.length / 2));

    // Wait until the server has started writing the half it received, then drop the connection.
    while (filesUnderUploads(t.dataDir).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    request.destroy();
    await requestFailed;

    await t.app.ctx.mediaStorage.whenIdle();
    expect(filesUnderUploads(t.dataDir)).toEqual([]);
    const rows = await t.app.ctx.db.kysely.selectFrom('media').select('id').execute();
    expect(rows).toEqual([]);
  });
});
